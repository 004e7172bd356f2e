import TestSupport
import Testing
import StatedbgCLI
import TerminalKit

@Suite struct ColourTests {
    private func replay(_ flags: [String], terminal isTerminal: Bool, environment: [String: String]) throws -> String {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"), actions: [.deposit(5)], markerAfter: nil)
        let out = MemorySink()
        let terminal = Terminal(output: TextOutput(standardOutput: out, standardError: MemorySink()),
                                isOutputInteractive: isTerminal, environment: environment)
        _ = Statedbg.main(arguments: ["statedbg", "replay", directory.file("w.jsonl")] + flags, apps: [],
                          terminal: terminal, catchesInterrupts: false)
        return out.text
    }

    @Test func coloursDiffsOnlyAtATerminalWithoutNoColorOrWhenForced() throws {
        let coloured = "\u{1B}[31m-   \"balance\": 100,\u{1B}[0m"
        #expect(try replay([], terminal: true, environment: ["TERM": "xterm"]).contains(coloured))
        #expect(!(try replay([], terminal: false, environment: ["TERM": "xterm"]).contains("\u{1B}[")))
        #expect(!(try replay([], terminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"]).contains("\u{1B}[")))
        #expect(!(try replay([], terminal: true, environment: ["TERM": "dumb"]).contains("\u{1B}[")))
        #expect(!(try replay(["--no-color"], terminal: true, environment: ["TERM": "xterm"]).contains("\u{1B}[")))
        #expect(try replay(["--color"], terminal: false, environment: [:]).contains(coloured))
    }
}
