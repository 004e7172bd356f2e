import TestSupport
import Foundation
import ExampleApps
import Testing
import StatedbgCLI

/// A `Date` member of the state (the schema in the header says which) shows its ISO 8601 rendering
/// beside the exact number in `show`, `diff`, `replay` and the REPL; JSON output keeps the number alone.
@Suite struct DateRenderingTests {
    static let recording = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recordings/bank-swiftystate-last-activity.jsonl").path

    private func run(_ arguments: String...) throws -> CommandRun {
        let directory = try TemporaryDirectory()
        return CommandRun.statedbg(arguments.map { $0 == "FILE" ? Self.recording : $0 }, in: directory, apps: Examples.all)
    }

    @Test func showAndDiffWriteTheDateBesideTheNumber() throws {
        let path = try run("show", "FILE", "--step", "1", "--path", ".accounts[2]")
        #expect(path.output == """
            {
              "balance": 0,
              "id": "holiday",
              "lastActivity": 788967780.0,  // 2026-01-01T13:43:00.000Z
              "openedAt": 788967780.0,  // 2026-01-01T13:43:00.000Z
              "owner": "Donald"
            }

            """)
        let values = try run("show", "FILE", "--step", "1", "--path", ".accounts[*].openedAt")
        #expect(values.output == """
            .accounts[0].openedAt = 788950800.0  // 2026-01-01T09:00:00.000Z
            .accounts[1].openedAt = 788950800.0  // 2026-01-01T09:00:00.000Z
            .accounts[2].openedAt = 788967780.0  // 2026-01-01T13:43:00.000Z

            """)
        let diff = try run("diff", "FILE", "1", "2")
        #expect(diff.output == """
            --- step 1
            +++ step 2
              {
                "accounts": [
                  {
            -       "balance": 100,
            +       "balance": 76,
                    "id": "jenny",
            -       "lastActivity": 788950800.0,  // 2026-01-01T09:00:00.000Z
            +       "lastActivity": 788983140.0,  // 2026-01-01T17:59:00.000Z
                    "openedAt": 788950800.0,  // 2026-01-01T09:00:00.000Z
                    "owner": "Jenny"
                  },
                  … (2 unchanged)
                ],
            -   "lastActivity": 788967780.0  // 2026-01-01T13:43:00.000Z
            +   "lastActivity": 788983140.0  // 2026-01-01T17:59:00.000Z
              }

            """)
        let repl = try run("repl", "FILE", "-c", "jump 2; state .lastActivity")
        #expect(repl.output.hasSuffix("""
              -   "lastActivity": 788967780.0  // 2026-01-01T13:43:00.000Z
              +   "lastActivity": 788983140.0  // 2026-01-01T17:59:00.000Z
                }
            788983140.0  // 2026-01-01T17:59:00.000Z

            """), "\(repl.output)")
    }

    @Test func jsonOutputKeepsTheNumberAlone() throws {
        for arguments in [["show", "FILE", "--json"], ["diff", "FILE", "1", "2", "--json"], ["replay", "FILE", "--json", "--to", "2"]] {
            let run = CommandRun.statedbg(arguments.map { $0 == "FILE" ? Self.recording : $0 }, in: try TemporaryDirectory(), apps: Examples.all)
            #expect(run.status == .success, "\(arguments): \(run.error)")
            #expect(!run.output.contains("//") && run.output.contains("lastActivity"), "\(arguments): \(run.output)")
        }
    }
}
