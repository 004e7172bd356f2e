import TestSupport
import Foundation
import StateJSON
import Testing
import StatedbgCLI

/// Every REPL command, fed recordings whose action types, labels, payloads, state keys and values hold
/// terminal escapes (colours, a reset at the end of a type, a window title, a bell, a C1 control):
/// none reaches the terminal raw. Without colour, no escape byte at all is printed.
@Suite struct HostileRecordingReplTests {
    static let hostile = ["\u{1B}[31mRED\u{1B}[0m", "\u{1B}]0;PWNED\u{07}", "bell\u{07}", "c1\u{9B}2J", "\u{1B}[0m"]

    /// A Redux DevTools lifted state whose actions and states are all hostile text.
    static func reduxExport() -> String {
        let actions: [JSONValue] = hostile.enumerated().map { index, text in
            ["action": .object(JSONObject([("type", .string(text)), (text, .string(text))])), "timestamp": .integer(Int64(1000 + index)),
             "type": "PERFORM_ACTION"]
        }
        let states: [JSONValue] = (0...hostile.count).map { count in
            ["state": .object(JSONObject([(hostile[0], .array(hostile.prefix(count).map { .string($0) })), ("count", .integer(Int64(count)))]))]
        }
        let lifted: JSONValue = [
            "actionsById": .object(JSONObject(actions.enumerated().map { ("\($0.offset + 1)", $0.element) }
                + [("0", ["action": ["type": "@@INIT"], "timestamp": 999, "type": "PERFORM_ACTION"])])),
            "computedStates": .array(states),
            "stagedActionIds": .array((0...hostile.count).map { .integer(Int64($0)) }),
            "skippedActionIds": [], "currentStateIndex": .integer(Int64(hostile.count)), "nextActionId": .integer(Int64(hostile.count + 1)),
        ]
        return lifted.canonicalText
    }

    /// One line per command, so that every command the REPL has runs on the hostile recordings.
    static let script: [String: [String]] = [
        "next": ["next"], "back": ["back"], "jump": ["jump 3"], "first": ["first"], "last": ["last"],
        "undo": ["undo"], "redo": ["redo"], "continue": ["first", "continue"], "reverse-continue": ["last", "reverse-continue"],
        "break": ["break when .count > 2", "break action *"], "watch": ["watch .count", "watch"], "unwatch": ["unwatch .count"],
        "delete": ["delete 2"], "disable": ["disable 1"], "enable": ["enable 1"],
        "state": ["state", "state .count"], "action": ["action 1", "action 2", "action 3", "action 4", "action 5", "action"],
        "diff": ["diff", "diff 0 3"], "log": ["log", "log 1 5"], "find": ["find *", "find RED"],
        "changes": ["changes .count"], "bisect": ["bisect .count > 3"], "replay": ["first", "replay", "replay --verify"],
        "dispatch": [#"dispatch {"rename":{"_0":"\u001b[31mx\u001b[0m"}}"#], "skip": ["skip 2"],
        "branches": ["branches"], "checkout": ["checkout main"], "minimize": ["minimize .count > 3 -o min.jsonl"],
        "save": ["save saved.jsonl"], "mark": ["mark \u{1B}[31mm"], "info": ["info", "info breakpoints"],
        "help": ["help", "help action"], "quit": ["quit"],
    ]

    @Test func everyCommandIsFedTheHostileRecordings() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let help = CommandRun.statedbg("repl", "@w.jsonl", "-c", "help", in: directory)
        // `  next, n                 Move forward…`: a name from column 3, the description from column 27.
        let names = help.output.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), line.count > 26, let first = line.dropFirst(2).first, first.isLetter,
                  line.dropFirst(24).hasPrefix("  "), line.dropFirst(26).first != " " else { return nil }
            return String(line.dropFirst(2).prefix { $0 != "," && $0 != " " })
        }
        #expect(names.count > 30)
        #expect(Set(names).subtracting(Self.script.keys).isEmpty, "commands the test does not run: \(Set(names).subtracting(Self.script.keys))")
    }

    @Test(arguments: [false, true])
    func noCommandPrintsAnEscapeFromARecordingRaw(wallet: Bool) throws {
        let directory = try TemporaryDirectory()
        let file: String
        if wallet {
            file = "w.jsonl"
            try WalletFixture.record(to: directory.file(file), actions: Self.hostile.map { .rename($0) } + [.pay(to: Self.hostile[0], amount: 1)],
                                     markerAfter: nil)
        } else {
            file = "h.json"
            try Self.reduxExport().write(toFile: directory.file(file), atomically: true, encoding: .utf8)
        }
        for name in Self.script.keys.sorted() {
            // Files the commands write go to the temporary folder.
            let lines = (Self.script[name] ?? []).joined(separator: "; ")
                .replacingOccurrences(of: "min.jsonl", with: directory.file("min.jsonl"))
                .replacingOccurrences(of: "saved.jsonl", with: directory.file("saved.jsonl"))
            let run = CommandRun.statedbg("repl", "@\(file)", "-c", lines, in: directory)
            for text in [run.output, run.error] {
                #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || (0x80...0x9F).contains($0.value) },
                        "\(name) on \(file): \(text.debugDescription)")
            }
        }
    }
}
