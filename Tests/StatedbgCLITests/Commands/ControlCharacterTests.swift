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

    /// A right-to-left override makes `mallory\u{202E}gpj.exe` read as `malloryexe.jpg`; line separators,
    /// isolates and zero-width characters hide or reorder text as well.
    static let invisible = ["\u{202E}", "\u{2028}", "\u{2029}", "\u{2066}", "\u{200F}", "\u{FEFF}", "\u{200B}"]

    @Test(arguments: [
        ["log", "@b.jsonl"], ["log", "@b.jsonl", "--json"], ["show", "@b.jsonl"], ["show", "@b.jsonl", "--json"],
        ["replay", "@b.jsonl"], ["diff", "@b.jsonl", "0", "3"], ["diff", "@b.jsonl", "0", "3", "--json"],
        ["changes", "@b.jsonl", ".owner"], ["bisect", "@b.jsonl", ".balance < 100"], ["show", "@b.jsonl", "--path", ".paid"],
        ["export", "@b.jsonl", "--test", "--app", "WalletFixture.app()"], ["repl", "@b.jsonl", "-c", "next; state; log; find rename; changes .owner"],
    ])
    func noCommandPrintsABidirectionalOrInvisibleCharacterRaw(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("b.jsonl"),
                                 actions: [.rename("eve\u{202E}gpj.exe\u{2028}\u{2066}x\u{2069}"),
                                           .pay(to: "mallory\u{200F}\u{FEFF}\u{200B}\u{2029}", amount: 5), .deposit(1)],
                                 markerAfter: nil)
        let run = CommandRun.statedbg(arguments, in: directory)
        #expect(run.status == .success || run.status == .checkFailed, "\(arguments) \(run.error)")
        for text in [run.output, run.error] {
            for character in Self.invisible { #expect(!text.contains(character), "\(arguments): \(text.debugDescription)") }
        }
        // Shown, escaped: the label or the key holds one of them.
        let lowercased = run.output.lowercased()
        #expect(lowercased.contains("202e") || lowercased.contains("200f"), "\(arguments): \(run.output)")
    }

    /// An exported test holds the final state as JSON in a raw string literal: with the characters
    /// escaped as JSON escapes, its source reads as it compiles, and the JSON means the same.
    @Test func anExportedTestHoldsNoBidirectionalOrInvisibleCharacterRaw() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("b.jsonl"), actions: [.rename("eve\u{202E}gpj.exe\u{2028}")], markerAfter: nil)
        let run = CommandRun.statedbg(["export", "@b.jsonl", "--test", "--app", "WalletFixture.app()", "-o", "@B.swift"], in: directory)
        #expect(run.status == .success, "\(run.error)")
        let source = try String(contentsOfFile: directory.file("B.swift"), encoding: .utf8)
        for character in Self.invisible { #expect(!source.contains(character)) }
        #expect(source.contains(#""owner": "eve\u202egpj.exe\u2028""#), "\(source)")
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
