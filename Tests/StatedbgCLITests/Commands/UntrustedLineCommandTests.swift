import TestSupport
import Foundation
import StateJournal
import StateRecorder
import Testing
import StatedbgCLI
import TerminalKit
import TestFixtures

/// Lines that pass their checksum (resealed, as a faulty writer or a hand edit leaves them) but break the
/// format: every command that reads them says so, and `check` reports them.
@Suite struct UntrustedLineCommandTests {
    /// The wallet recording with `edit` applied to its bytes and every line's checksum made right again.
    private static func editedWallet(in directory: TemporaryDirectory, _ edit: (inout [UInt8]) -> Void) throws {
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let before = bytes
        edit(&bytes)
        #expect(bytes != before)
        try Data(Self.resealed(bytes)).write(to: URL(fileURLWithPath: path))
    }

    /// `bytes` with the checksum of every line recomputed, bytes that are not UTF-8 included.
    private static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        for line in bytes.split(separator: 0x0A) {
            let start = output.count
            output += line.dropLast(LineChecksum.suffixLength) + Array("}\n".utf8)
            LineChecksum.seal(&output, lineStart: start)
        }
        return output
    }

    /// Replaces the `occurrence`th (0 for the first) `text` in `bytes`.
    private static func replace(_ text: String, with replacement: [UInt8], occurrence: Int = 0, in bytes: inout [UInt8]) {
        let target = Array(text.utf8)
        let starts = (0...(bytes.count - target.count)).filter { bytes[$0..<($0 + target.count)].elementsEqual(target) }
        guard occurrence < starts.count else { return }
        let start = starts[occurrence]
        bytes.replaceSubrange(start..<(start + target.count), with: replacement)
    }

    @Test(arguments: [[0x00], [0xFF]] as [[UInt8]])
    func showRefusesAStepLineThatIsNotJSON(badByte: [UInt8]) throws {
        let directory = try TemporaryDirectory()
        try Self.editedWallet(in: directory) { Self.replace("wallet.deposit(1)", with: Array("wallet.deposit(1)".utf8) + badByte, in: &$0) }
        let show = CommandRun.statedbg("show", "@w.jsonl", in: directory)
        #expect(show.status == .dataError)
        #expect(show.output == "")
        let problem = badByte == [0x00]
            ? "the control character U+0000 must be escaped inside a string"
            : "invalid UTF-8: byte 0xFF cannot start a character"
        #expect(show.error == "statedbg: error: w.jsonl:8: the line is not valid JSON (line 1, column 66: \(problem)).\n")
        // The steps before it are read as they were.
        #expect(CommandRun.statedbg("show", "@w.jsonl", "--step", "4", in: directory).status == .success)
        let check = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(check.status == .checkFailed)
        #expect(check.output == """
            w.jsonl:8: the line is not valid JSON (line 1, column 66: \(problem)).
            w.jsonl: 1 problem in 5 steps.

            """)
    }

    @Test func logRefusesAStepWhoseStateIsNestedDeeperThanALineHolds() throws {
        let directory = try TemporaryDirectory()
        let deep = Array(#""state":{"balance":"#.utf8) + Array(repeating: UInt8(ascii: "["), count: 600)
            + Array(repeating: UInt8(ascii: "]"), count: 600) + Array(",".utf8)
        try Self.editedWallet(in: directory) { Self.replace(#""state":{"balance":"#, with: deep, occurrence: 1, in: &$0) }
        let log = CommandRun.statedbg("log", "@w.jsonl", in: directory)
        #expect(log.status == .dataError)
        #expect(log.output == """
                 1  wallet.deposit(5)

            """)
        #expect(log.error == "statedbg: error: w.jsonl:3: the line is not valid JSON (line 1, column 618: arrays and objects are nested deeper than the limit of 512).\n")
        let check = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(check.status == .checkFailed)
        #expect(check.output.hasPrefix("w.jsonl:3: the line is not valid JSON ("))
    }

    @Test func checkReportsStepsAfterTheClosingLineWithoutTheResumedMarker() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        // Two recordings joined: the first one's closing line after step 2, then its steps go on.
        let closing = LineChecksum.resealed(#"{"event":"closed","after":2,"time":0,"crc":"00000000"}"#)
        #expect(lines[2].hasPrefix(#"{"step":2,"#))
        #expect(lines[3].hasPrefix(#"{"event":"rejected","#))
        let joined = Array(lines[..<4]) + [closing] + Array(lines[4...])
        try (joined.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

        let check = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(check.status == .checkFailed)
        #expect(check.output == """
            w.jsonl:6: step 3 follows the closing line of step 2, but a recording resumed there begins with the "resumed" marker; the recording was closed, and these lines come from elsewhere (were two recordings joined?).
            w.jsonl: 1 problem in 5 steps.

            """)
        let show = CommandRun.statedbg("show", "@w.jsonl", in: directory)
        #expect(show.status == .dataError)
        #expect(show.error == "statedbg: error: w.jsonl:6: step 3 follows the closing line of step 2, but a recording resumed there begins with the \"resumed\" marker; the recording was closed, and these lines come from elsewhere (were two recordings joined?).\n")
    }

    @Test func checkReportsALineAfterTheCrashedLine() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        // A crash journal with the rest of the session after it: the crashed line is no longer last.
        let crashed = LineChecksum.resealed(#"{"event":"crashed","after":2,"signal":"SIGILL","signalNumber":4,"time":0,"crc":"00000000"}"#)
        #expect(lines[3].hasPrefix(#"{"event":"rejected","#))
        let joined = Array(lines[..<3]) + [crashed] + Array(lines[3...])
        try (joined.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

        let check = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(check.status == .checkFailed)
        #expect(check.output == """
            w.jsonl:5: the rejected event follows the crashed line (the app crashed after step 2), but a crash handler writes that line last; these lines were added to a crash journal afterwards (were two recordings joined?).
            w.jsonl: 1 problem in 5 steps.

            """)
        let show = CommandRun.statedbg("show", "@w.jsonl", in: directory)
        #expect(show.status == .dataError)
        #expect(show.error == "statedbg: error: w.jsonl:5: the rejected event follows the crashed line (the app crashed after step 2), but a crash handler writes that line last; these lines were added to a crash journal afterwards (were two recordings joined?).\n")
    }

    @Test func aResumedRecordingPassesCheck() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        var options = RecorderOptions()
        options.recordsCallSites = false
        let resumed = try RecordingStore.resume(app: WalletFixture.app(), journal: path, options: options, clock: RecordingClock.fixed())
        resumed.dispatch(.deposit(3))
        try resumed.close()
        let check = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(check.status == .success)
        #expect(check.output == "w.jsonl: no problems in 6 steps.\n")
    }

    @Test func aJournalBeforeVersion6WhoseActionIsACallAloneIsRefusedAtItsStep() throws {
        let directory = try TemporaryDirectory()
        try Self.editedWallet(in: directory) {
            // Times as version 5 gives them: only the actions keep version 6's form.
            $0 = Array(AbsoluteStepTimes.text(String(decoding: $0, as: UTF8.self)).utf8)
            Self.replace(#""version":\#(JournalFormat.currentVersion)"#, with: Array(#""version":5"#.utf8), in: &$0)
        }
        let sentence = "w.jsonl:2: step 1 writes its action as a call alone (a string), but the header says version 5, and only version 6 on carries call sites from line to line; the journal was edited, or its header is wrong."
        let check = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(check.status == .checkFailed)
        #expect(check.output.hasPrefix(sentence + "\n"), "\(check.output)")
        let log = CommandRun.statedbg("log", "@w.jsonl", in: directory)
        #expect(log.status == .dataError)
        #expect(log.error == "statedbg: error: " + sentence + "\n")
    }

    @Test func checkReportsAMemberNamedTwiceWhichReadersReadAsItsLastValue() throws {
        let directory = try TemporaryDirectory()
        try Self.editedWallet(in: directory) {
            Self.replace(#""state":{"balance":"#, with: Array(#""state":{"balance":1000,"balance":"#.utf8), in: &$0)
        }
        let check = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(check.status == .checkFailed)
        #expect(check.output == """
            w.jsonl:2: the line names a member twice in one object (line 1, column 131: the object names the key "balance" more than once); a journal line names each once.
            w.jsonl: 1 problem in 5 steps.

            """)
        #expect(CommandRun.statedbg("show", "@w.jsonl", "--step", "1", in: directory).status == .success)
    }

    /// A version 6 step line's `ms` counts from the header's `origin`: without it, `check` reports every
    /// such line (exit status 1) and every other command refuses the journal (65), naming the line and step.
    @Test func millisecondsWithoutTheHeadersOriginAreRefusedByEveryCommand() throws {
        let directory = try TemporaryDirectory()
        try Self.editedWallet(in: directory) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            bytes = Array(text.replacing(/,"origin":-?\d+/, with: "", maxReplacements: 1).utf8)
        }
        let sentence = #"w.jsonl:2: "ms" on step 1 counts from the header's "origin", but the header has none."#
        let check = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(check.status == .checkFailed)
        #expect(check.output.hasPrefix(sentence + "\n"), "\(check.output)")
        for arguments in [["show", "@w.jsonl", "--step", "1"], ["log", "@w.jsonl"], ["replay", "--verify", "@w.jsonl"]] {
            let run = CommandRun.statedbg(arguments, in: directory)
            #expect(run.status == .dataError, "\(arguments)")
            #expect(run.error == "statedbg: error: \(sentence)\n", "\(arguments)")
        }
    }

    @Test func aSymbolicLinkLoopIsARecordingThatCannotBeRead() throws {
        let directory = try TemporaryDirectory()
        #expect(symlink("loop-b", directory.file("loop-a")) == 0)
        #expect(symlink("loop-a", directory.file("loop-b")) == 0)
        for command in ["show", "log", "check", "replay"] {
            let run = CommandRun.statedbg(command, "@loop-a", in: directory)
            #expect(run.status == .noInput, "\(command)")
        }
        #expect(CommandRun.statedbg("show", "@loop-a", in: directory).error == "statedbg: error: loop-a: too many levels of symbolic links.\n")
    }
}
