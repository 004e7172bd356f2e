import TestSupport
import Foundation
import ExampleApps
import StateLive
import StateDebugger
import StateJournal
import StateRecorder
import Testing
@testable import StatedbgCLI

/// The REPL's `dispatch` and `app dispatch` read an action as `statedbg log` prints it: every action
/// of every shipped recording whose actions are `Codable`, printed by `log --full` and dispatched back
/// at the step before it, is the same action; `app dispatch` sends the app its very payload. A recording
/// kept from an earlier version of its app's types is migrated first: its labels are those types'.
@Suite struct LogFormDispatchTests {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recordings").path

    static var shipped: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: recordings)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
    }

    @Test func everyShippedRecordingIsCovered() {
        #expect(Self.shipped.count >= 9)
    }

    @Test(arguments: shipped)
    func everyActionLogPrintsDispatchesBackAsItself(file: String) throws {
        var path = Self.recordings + "/" + file
        let directory = try TemporaryDirectory()
        if let app = Examples.all.first(where: { $0.id == (try? JournalReader(path: path))?.header.app }),
           try JournalReader(path: path).header.schemaVersion < app.schemaVersion {
            let migrated = directory.file("migrated-" + file)
            let run = CommandRun.statedbg("migrate", path, "-o", migrated, in: directory, apps: Examples.all)
            #expect(run.status == .success, "\(run.error)")
            path = migrated
        }
        let source = try RecordingLoader.open(path: path)
        let actions = try (source.baseStep + 1...source.lastStep).map { try source.action(at: $0) }
        // A recording whose actions were reflected has nothing to dispatch back: the TCA one alone.
        guard actions.allSatisfy({ $0.replayMode == .decode }) else {
            #expect(file == "search-tca.jsonl")
            return
        }
        let log = CommandRun.statedbg("log", path, "--full", in: directory, apps: Examples.all)
        #expect(log.status == .success, "\(log.error)")
        let labels = log.output.split(separator: "\n").map { String($0.dropFirst(8)) }
        try #require(labels.count == actions.count)
        let session = Session(source: source, registry: AppRegistry(Examples.all))
        for (label, action) in zip(labels, actions) where label.contains("(") {
            // `app dispatch` sends the action, turned into its Codable form with the recording's schema.
            #expect(ReplAppDispatch.labelCommand(label, schema: source.info.schema) == .dispatch(type: action.type, payload: action.payload),
                    "\(file): \(label)")
        }
        for (offset, label) in labels.enumerated() {
            let step = source.baseStep + 1 + offset
            try session.timeline.checkout(Timeline.mainBranch)
            try session.timeline.jump(to: source.parent(ofStep: step))
            let parsed = try ActionLabel(parsing: label)
            let report = try session.dispatch(label: parsed)
            #expect(report.action.type == actions[offset].type, "\(file) step \(step): \(label)")
            #expect(report.action.payload == actions[offset].payload, "\(file) step \(step): \(label)")
        }
    }
}
