import TestFixtures
import TestSupport
import Foundation
import StateJournal
import Testing
import StatedbgCLI
import TerminalKit

/// What the commands say about a version 2 journal with damaged lines: `check` names every one, and a
/// reading command warns once before it reads past them.
@Suite struct DamagedJournalTests {
    /// The wallet recording with one byte of step 2's action label changed: its state and hash are intact.
    @discardableResult
    static func damagedWallet(in directory: TemporaryDirectory) throws -> String {
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let edited = text.replacingOccurrences(of: #"wallet.pay(to: \"donald\", amount: 10)"#, with: #"wallet.pay(to: \"donald\", amount: 19)"#)
        #expect(edited != text)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func checkNamesALineWhoseActionWasChanged() throws {
        let directory = try TemporaryDirectory()
        try Self.damagedWallet(in: directory)
        let run = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.output == """
            w.jsonl:3: step 2 is damaged: the line records checksum 12d75395 but its bytes give 40a686eb; it was changed after it was written.
            w.jsonl: 1 problem in 5 steps.

            """)
    }

    @Test func aReadingCommandWarnsOnceAboutDamagedLinesAndReadsTheRest() throws {
        let directory = try TemporaryDirectory()
        try Self.damagedWallet(in: directory)
        let warning = "statedbg: warning: w.jsonl:3: step 2 is damaged: the line records checksum 12d75395 but its bytes give 40a686eb; it was changed after it was written. The states rebuilt through a damaged line cannot be read; `statedbg check` lists every damaged line.\n"
        let show = CommandRun.statedbg("show", "@w.jsonl", "--step", "1", in: directory)
        #expect(show.status == .success)
        #expect(show.error == warning)
        let log = CommandRun.statedbg("log", "@w.jsonl", in: directory)
        #expect(log.status == .success)
        #expect(log.error == warning)
        #expect(log.output == """
                 1  wallet.deposit(5)
                 3  wallet.rename("jo")
                 4  wallet.pay(to: "donald", amount: 95)
                 5  wallet.deposit(1)

            """)
        let through = CommandRun.statedbg("show", "@w.jsonl", "--step", "2", in: directory)
        #expect(through.status == .dataError)
        #expect(through.error == warning + "statedbg: error: w.jsonl:3: step 2 cannot be read: its line is damaged; `statedbg check` lists every damaged line.\n")
    }

    @Test func aTagThatIsNotWhatThePayloadDecodesAsIsADamagedStep() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Resealed: the line passes its checksum, as a line from a faulty writer would.
        // Written out in full (a call's tag and payload cannot disagree), as a faulty writer might.
        let edited = LineChecksum.resealed(text.replacingOccurrences(
            of: #""action":"wallet.rename(\"jo\")""#,
            with: #""action":{"label":"wallet.rename(\"jo\")","payload":{"rename":{"_0":"jo"}},"type":"wallet.deposit"}"#))
        #expect(edited != text)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let check = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(check.status == .checkFailed)
        #expect(check.output == """
            w.jsonl:5: step 3 is damaged: its action is tagged wallet.deposit, but its payload decodes as wallet.rename.
            w.jsonl: 1 problem in 5 steps.

            """)
        let replay = CommandRun.statedbg("replay", "@w.jsonl", "--verify", "-q", in: directory)
        #expect(replay.status == .dataError)
        #expect(replay.error == "statedbg: error: w.jsonl:5: step 3 cannot be replayed: the step is damaged: its action is tagged wallet.deposit, but its payload decodes as wallet.rename.\n")
    }

    @Test func checkListsAScreenfulAndCountsEveryDamagedLine() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"), actions: Array(repeating: .deposit(1), count: 500), markerAfter: nil)
        // Change one byte of every step line: 500 damaged lines.
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let damaged = [lines[0]] + lines.dropFirst().map { $0.replacingOccurrences(of: "deposit(1)", with: "deposit(7)") }
        try (damaged.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let run = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(run.status == .checkFailed)
        let output = run.output.split(separator: "\n").map(String.init)
        #expect(output.count == 22)
        #expect(output.prefix(20).allSatisfy { $0.contains(" is damaged: the line records checksum ") })
        #expect(output.suffix(2) == [
            "w.jsonl: 480 more damaged lines are not listed; 500 damaged lines in all.",
            "w.jsonl: 500 problems in 500 steps.",
        ])
        let json = CommandRun.statedbg("check", "@w.jsonl", "--json", in: directory)
        #expect(json.output.contains(#""problemCount":500,"#))
    }

    @Test func checkOfAVersion1JournalSaysWhatItDoesNotCover() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        // The same journal as version 1 wrote it: no checksums, absolute times, and the actions that
        // version 6 writes as their call alone as objects (what readers of every version read).
        let text = AbsoluteStepTimes.text(try String(contentsOfFile: path, encoding: .utf8))
        let bareCall = try Regex(#""action":("(?:[^"\\]|\\.)*"),"#)
        let v1 = text.split(separator: "\n").map { line -> String in
            let cut = line.range(of: #","crc":""#).map { String(line[..<$0.lowerBound]) + "}" } ?? String(line)
            return cut.replacingOccurrences(of: #""version":\#(JournalFormat.currentVersion)"#, with: #""version":1"#)
                .replacing(bareCall) { match in #""action":{"call":"# + String(match.output[1].substring ?? "") + "},"
            }
        }
        try (v1.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let run = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(run.status == .success)
        #expect(run.output == """
            w.jsonl: a version 1 journal: its lines carry no checksum, so only its states are checked against their hashes; a changed action, label or time is not detected.
            w.jsonl: no problems in 5 steps.

            """)
        let replay = CommandRun.statedbg("replay", "@w.jsonl", "--verify", "-q", in: directory)
        #expect(replay.status == .success)
    }
}
