import TestSupport
import Foundation
import Testing
import StatedbgCLI
import TerminalKit

/// Control characters recorded in labels, keys and strings reach no terminal raw: every command prints
/// them escaped, and `--json` output stays valid JSON.
@Suite struct ControlCharacterTests {
    static let red = "\u{1B}[31m"

    static func record(in directory: TemporaryDirectory) throws {
        try WalletFixture.record(to: directory.file("w.jsonl"),
                                 actions: [.rename("\(red)eve"), .pay(to: "\(red)mallory\u{07}", amount: 5), .deposit(1)],
                                 markerAfter: nil)
    }

    @Test(arguments: [
        ["log", "@w.jsonl"], ["show", "@w.jsonl"], ["replay", "@w.jsonl"], ["diff", "@w.jsonl", "0", "3"],
        ["changes", "@w.jsonl", ".owner"], ["replay", "@w.jsonl", "--verify"], ["bisect", "@w.jsonl", ".balance < 100"],
        ["show", "@w.jsonl", "--path", ".paid[*]"], ["repl", "@w.jsonl", "-c", "next; next; state; log"],
    ])
    func noCommandPrintsARecordedEscapeRaw(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        try Self.record(in: directory)
        for colour in [false, true] {
            let coloured = colour && ["replay", "diff", "bisect"].contains(arguments[0])
            let run = CommandRun.statedbg(arguments + (coloured ? ["--color"] : []), in: directory)
            #expect(run.status == .success || run.status == .checkFailed, "\(arguments) \(run.error)")
            for text in [run.output, run.error] {
                // Colour sequences the renderer writes are allowed; one followed by the recorded text is not.
                #expect(!text.contains("\(Self.red)eve") && !text.contains("\(Self.red)mallory") && !text.contains("\u{07}"),
                        "\(arguments): \(text.debugDescription)")
            }
        }
    }

    @Test(arguments: [["log", "@w.jsonl", "--json"], ["show", "@w.jsonl", "--json"]])
    func jsonOutputStaysValidJSON(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        try Self.record(in: directory)
        let run = CommandRun.statedbg(arguments, in: directory)
        #expect(run.status == .success, "\(arguments) \(run.error)")
        for line in run.output.split(separator: "\n") where !line.isEmpty {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])) != nil, "\(line)")
        }
        #expect(!run.output.contains("\u{1B}"))
    }
}
