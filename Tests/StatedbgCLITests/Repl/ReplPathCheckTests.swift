import TestSupport
import Foundation
import StateDebugger
import StateRecorder
import Testing
@testable import StatedbgCLI

/// The REPL refuses a path that selects nothing in any step with the same check and the same words as
/// `statedbg show`, `changes` and `bisect` (``RecordingSource/requirePathExists(_:isCancelled:)``),
/// naming the nearest existing key; a path that selects something at some step keeps its answer.
@Suite struct ReplPathCheckTests {
    private func interpreter(in directory: TemporaryDirectory) throws -> ReplInterpreter {
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        return ReplInterpreter(session: Session(source: try RecordingLoader.open(path: path),
                                                registry: AppRegistry([WalletFixture.app()]), clock: RecordingClock.fixed()))
    }

    @Test(arguments: [
        ("state .paid.donlad", ["show", "@w.jsonl", "--path", ".paid.donlad"]),
        ("changes .ownr", ["changes", "@w.jsonl", ".ownr"]),
        ("watch .balanse", ["show", "@w.jsonl", "--path", ".balanse"]),
        ("bisect .balanse < 0", ["bisect", "@w.jsonl", ".balanse < 0"]),
        ("break when .balanse < 0", ["bisect", "@w.jsonl", ".balanse < 0"]),
        ("break when .owner == \"jo\" and .paid.donlad > 5", ["bisect", "@w.jsonl", ".paid.donlad > 5"]),
        ("watch .paid[*].amont", ["changes", "@w.jsonl", ".paid[*].amont"]),
        ("bisect ..Balance == 0", ["bisect", "@w.jsonl", "..Balance == 0"]),
    ] as [(String, [String])])
    func aMistypedPathGetsTheErrorTheCommandsGive(command: String, counterpart: [String]) throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        _ = repl.execute("jump 3")
        let reply = repl.execute(command)
        let cli = CommandRun.statedbg(counterpart, in: directory)
        #expect(cli.status == .usage)
        let expected = try #require(cli.error.split(separator: "\n").first.map { String($0.dropFirst("statedbg: error: ".count)) })
        #expect(reply == ReplReply(error: expected.replacingOccurrences(of: "w.jsonl:", with: directory.file("w.jsonl") + ":")))
        #expect(expected.hasPrefix("w.jsonl: ") && expected.contains("selects nothing in any step of the recording"))
        #expect(repl.breakpoints.all.isEmpty, "no breakpoint or watchpoint was added")
        #expect(repl.timeline.step == 3, "the cursor did not move")
    }

    @Test func theErrorNamesTheNearestKey() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        let name = directory.file("w.jsonl")
        #expect(repl.execute("watch .balanse") == ReplReply(
            error: "\(name): .balanse selects nothing in any step of the recording; did you mean .balance?"))
        #expect(repl.execute("state .paid.donlad") == ReplReply(
            error: "\(name): .paid.donlad selects nothing in any step of the recording; did you mean .paid.donald?"))
        #expect(repl.execute("changes .ownr") == ReplReply(
            error: "\(name): .ownr selects nothing in any step of the recording; did you mean .owner?"))
    }

    @Test func withNoKeyNearTheErrorListsTheKeysThere() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        let name = directory.file("w.jsonl")
        #expect(repl.execute("break when .accounts.jenny < 0") == ReplReply(
            error: "\(name): .accounts.jenny selects nothing in any step of the recording; the keys there are .balance, .owner, .paid."))
        #expect(repl.execute("watch .paid.daisy") == ReplReply(
            error: "\(name): .paid.daisy selects nothing in any step of the recording; the keys there are .paid.donald."))
    }

    @Test func aPathThatAppearsLaterIsAcceptedWhereTheCursorIs() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        _ = repl.execute("first")
        // .paid.donald selects nothing in the initial state, but it does from step 2 on.
        #expect(repl.execute("watch .paid.donald").error == nil)
        #expect(repl.execute("break when .paid.donald > 5").error == nil)
        #expect(repl.execute("state .paid.donald") == ReplReply(error: ".paid.donald selects nothing in the state after step 0."))
        #expect(repl.breakpoints.all.count == 2)
    }
}
