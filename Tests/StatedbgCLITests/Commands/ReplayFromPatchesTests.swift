import ExampleApps
import Foundation
import StateDebugger
import StateEncoding
import StateJSON
import StateJournal
import StateRecorder
import TestFixtures
import TestSupport
import TerminalKit
import Testing
@testable import StatedbgCLI

/// `replay` makes each step's diff from the footprint of the journal's patch on the state before it;
/// its output is byte for byte what diffing the whole states gives (the way it was made before), in
/// text and JSON, with and without colour, on every shipped recording, on journals with travels back
/// and events, on random journals with keyframes now and then or at every step, and on journals
/// spoilt (a patch that does not apply, a wrong hash, a damaged line): the same output up to the
/// spoilt step, the same error, the same exit status.
@Suite struct ReplayFromPatchesTests {
    private static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings").path

    /// `replay FILE` made from whole states, as it was made before: each step's state and its parent's
    /// read whole, diffed, and checked against the recorded hash; its standard output, standard error and
    /// exit status, a failure included.
    private func replayOfWholeStates(_ path: String, colour: Bool, json: Bool, to: Int?, in directory: TemporaryDirectory) throws -> CommandRun {
        var options = JournalReader.Options()
        options.verifyHashes = false
        var source: any RecordingSource = try RecordingLoader.isJournal(path: path)
            ? try JournalSource(path: path, options: options) : try RecordingLoader.open(path: path)
        var standardError = ""
        if let journal = source as? JournalSource, let damage = journal.damageWarning { standardError += "statedbg: warning: \(damage)\n" }
        // A recording of an earlier version of its app's types is replayed through the app's migrations.
        if let app = Examples.all.first(where: { $0.id == source.info.app }) {
            source = try RecordingLoader.readingThrough(app, source)
            if let migrated = source as? MigratedSource { standardError += "statedbg: note: \(CommandContext.migrationNote(migrated))\n" }
        }
        let printer = StepPrinter(colour: colour, source: source)
        var lines: [String] = []
        var events: [Int: [JournalEvent]] = [:]
        for located in source.events { events[located.event.after, default: []].append(located.event) }
        func printEvents(after step: Int) {
            for event in events[step] ?? [] { lines.append(json ? event.jsonValue.canonicalText : printer.event(event)) }
        }
        let last = to ?? source.lastStep
        var status = TerminalKit.ExitStatus.success
        do throws(CommandFailure) {
            printEvents(after: source.baseStep)
            var previousStep = source.baseStep
            var previous = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: source.baseStep) }
            let fingerprinter = IncrementalFingerprinter(scheme: source.info.header.fingerprintScheme)
            var step = source.baseStep + 1
            while step <= last {
                let record = try CommandFailure.translating { () throws(DebuggerError) in try source.record(at: step) }
                let parent = source.parent(ofStep: step)
                if parent != previousStep { previous = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: parent) } }
                let current = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: step) }
                if let recorded = record.hash, fingerprinter.fingerprint(current) != recorded {
                    let location = source.line(ofStep: step).map { "\(source.name):\($0)" } ?? source.name
                    throw CommandFailure(.dataError, "\(location): step \(step) records hash \(StateFingerprint.hex(recorded)) but its rebuilt state hashes to \(StateFingerprint.hex(fingerprinter.fingerprint(current))); the journal was edited or damaged.")
                }
                if json {
                    let line: JSONValue = ["step": .integer(Int64(step)), "action": record.action.jsonValue,
                                           "patch": JSONDiff.patch(from: previous, to: current).jsonValue]
                    lines.append(line.canonicalText)
                } else {
                    lines.append(printer.header(step: step, action: record.action))
                    lines.append(printer.diff(from: previous, to: current))
                }
                printEvents(after: step)
                previous = current
                previousStep = step
                step += 1
            }
            if !json {
                let count = last - source.baseStep
                lines.append("replayed \(count) step\(count == 1 ? "" : "s") of \(source.name)")
            }
        } catch {
            standardError += (error.isCompleteReport ? error.message : "statedbg: error: \(error.message)") + "\n"
            status = error.status
        }
        // The run names files in the directory by their names alone.
        let prefix = directory.path + "/"
        return CommandRun(status: status, output: lines.map { $0 + "\n" }.joined().replacingOccurrences(of: prefix, with: ""),
                          error: standardError.replacingOccurrences(of: prefix, with: ""))
    }

    private func expectSameReplay(_ path: String, in directory: TemporaryDirectory, to: Int? = nil,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (colour, json) in [(false, false), (true, false), (false, true)] {
            let arguments = ["replay", path] + (colour ? ["--color"] : []) + (json ? ["--json"] : []) + (to.map { ["--to", "\($0)"] } ?? [])
            let run = CommandRun.statedbg(arguments, in: directory, apps: Examples.all)
            let expected = try replayOfWholeStates(path, colour: colour, json: json, to: to, in: directory)
            let context = Comment(rawValue: arguments.joined(separator: " "))
            #expect(run.status == expected.status, context, sourceLocation: sourceLocation)
            #expect(run.output == expected.output, context, sourceLocation: sourceLocation)
            #expect(run.error == expected.error, context, sourceLocation: sourceLocation)
        }
    }

    @Test func everyShippedRecordingReplaysAsFromItsWholeStates() throws {
        let directory = try TemporaryDirectory()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.recordings).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.count >= 9)
        for name in files { try expectSameReplay(Self.recordings + "/" + name, in: directory) }
    }

    /// Journals of random states, with keyframes now and then, every few steps or every step, replayed
    /// whole and to a step, intact and each way spoilt: the same output up to the spoilt step, the same
    /// error and the same exit status.
    @Test(arguments: [nil, 1, 3] as [Int?])
    func randomJournalsReplayAsFromTheirWholeStatesSpoiltOrNot(keyframeInterval: Int?) throws {
        let directory = try TemporaryDirectory()
        for seed in UInt64(1)...12 {
            // A journal of keyframes alone has no patch to spoil.
            for damage in RandomJournals.Damage.allCases where !(keyframeInterval == 1 && damage == .patchThatDoesNotApply) {
                let path = try RandomJournals.write(seed: seed, keyframeInterval: keyframeInterval, damage: damage, into: directory.path)
                try expectSameReplay(path, in: directory, to: seed.isMultiple(of: 3) ? 6 : nil)
            }
        }
    }

    @Test func spoiltJournalsFailAsReadingTheirWholeStatesDid() throws {
        let directory = try TemporaryDirectory()
        let said: [RandomJournals.Damage: String] = [
            .patchThatDoesNotApply: "does not apply", .wrongHash: "the journal was edited or damaged", .damagedLine: "is damaged",
        ]
        for (damage, words) in said {
            let path = try RandomJournals.write(seed: 5, keyframeInterval: 1_000, damage: damage, into: directory.path)
            let run = CommandRun.statedbg(["replay", path], in: directory, apps: [])
            #expect(run.status == .dataError, "\(damage)")
            #expect(run.error.contains(words), "\(damage): \(run.error)")
            try expectSameReplay(path, in: directory)
        }
    }

    /// The Redux DevTools exports that keep their states (the lifted state), as the conformance
    /// samples beside the package hold them.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: ReduxDevToolsExportCommandTests.samples.path),
                   "the samples are not at ../shared/conformance/redux-devtools-exports, so this did not run"))
    func exportsWithStatesReplayAsFromTheirWholeStates() throws {
        let directory = try TemporaryDirectory()
        let names = try FileManager.default.contentsOfDirectory(atPath: ReduxDevToolsExportCommandTests.samples.path)
            .filter { $0.hasSuffix("-lifted.json") }.sorted()
        #expect(names.count >= 5)
        for name in names { try expectSameReplay(ReduxDevToolsExportCommandTests.samples.appendingPathComponent(name).path, in: directory) }
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
