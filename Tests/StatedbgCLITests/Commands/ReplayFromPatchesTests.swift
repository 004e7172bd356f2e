import ExampleApps
import Foundation
import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import TestSupport
import Testing
@testable import StatedbgCLI

/// `replay` makes each step's diff from the footprint of the journal's patch on the state before it;
/// its output is byte for byte what diffing the whole states gives (the way it was made before), in
/// text and JSON, with and without colour, on every shipped recording and on journals with travels
/// back and events.
@Suite struct ReplayFromPatchesTests {
    private static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings").path

    /// `replay FILE` made from whole states: each step's state and its parent's read whole, and diffed.
    private func replayOfWholeStates(_ path: String, colour: Bool, json: Bool) throws -> String {
        let source = try RecordingLoader.open(path: path)
        let printer = StepPrinter(colour: colour, source: source)
        var lines: [String] = []
        var events: [Int: [JournalEvent]] = [:]
        for located in source.events { events[located.event.after, default: []].append(located.event) }
        func printEvents(after step: Int) {
            for event in events[step] ?? [] { lines.append(json ? event.jsonValue.canonicalText : printer.event(event)) }
        }
        printEvents(after: source.baseStep)
        guard source.lastStep > source.baseStep else { return "" }
        for step in (source.baseStep + 1)...source.lastStep {
            let action = try source.record(at: step).action
            let previous = try source.state(at: source.parent(ofStep: step))
            let current = try source.state(at: step)
            if json {
                let line: JSONValue = ["step": .integer(Int64(step)), "action": action.jsonValue,
                                       "patch": JSONDiff.patch(from: previous, to: current).jsonValue]
                lines.append(line.canonicalText)
            } else {
                lines.append(printer.header(step: step, action: action))
                lines.append(printer.diff(from: previous, to: current))
            }
            printEvents(after: step)
        }
        if !json {
            let count = source.stepCount
            lines.append("replayed \(count) step\(count == 1 ? "" : "s") of \(source.name)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func expectSameReplay(_ path: String, in directory: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (colour, json) in [(false, false), (true, false), (false, true)] {
            let run = CommandRun.statedbg(["replay", path] + (colour ? ["--color"] : []) + (json ? ["--json"] : []),
                                          in: directory, apps: Examples.all)
            #expect(run.status == .success, "\(path): \(run.error)", sourceLocation: sourceLocation)
            // The run names files in the directory by their names alone.
            let expected = try replayOfWholeStates(path, colour: colour, json: json).replacingOccurrences(of: directory.path + "/", with: "")
            #expect(run.output == expected,
                    "\(path) colour \(colour) json \(json)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyShippedRecordingReplaysAsFromItsWholeStates() throws {
        let directory = try TemporaryDirectory()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.recordings).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.count >= 9)
        for name in files { try expectSameReplay(Self.recordings + "/" + name, in: directory) }
    }

    @Test func indentingPadsTheLinesThatSplittingAtLineFeedsGives() {
        func split(_ text: String, by count: Int) -> String {
            let padding = String(repeating: " ", count: count)
            return text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : padding + $0 }
                .joined(separator: "\n")
        }
        let texts = ["", "\n", "\n\n", "a", "a\n", "\na", "a\n\nb", "  {\n-   \"é\": 1,\n+   \"😀\": 2\n  }",
                     "a\r\nb", "\r\n", "a\r\n\nb", "\r", "a\rb\n", "\u{301}\n\u{301}", "x\n\r\n\n"]
        for text in texts {
            for count in [0, 2, 4] { #expect(StepPrinter.indent(text, by: count) == split(text, by: count), "\(text.debugDescription)") }
        }
    }

    @Test func aRecordingThatTravelledReplaysAsFromItsWholeStates() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("travel.jsonl")
        let recorder = try RecordingStore(app: UsersApp.app, journal: path, clock: RecordingClock.fixed())
        for id in 1...30 { recorder.dispatch(.addUser(name: "user \(id)", age: 20 + id)) }
        recorder.dispatch(.updateAge(id: 7, age: -1))
        _ = try recorder.undo(3)
        _ = try recorder.redo(1)
        recorder.dispatch(.updateName(id: 3, name: "Ada"))
        _ = try recorder.undo(2)
        recorder.dispatch(.updateAge(id: 30, age: 1))
        try recorder.close()
        #expect(try JournalSource(path: path).reader.keyframeSteps.count > 1)
        try expectSameReplay(path, in: directory)
    }
}
