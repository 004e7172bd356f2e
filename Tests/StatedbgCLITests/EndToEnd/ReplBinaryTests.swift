import Foundation
import TestSupport
import Testing

/// The built `statedbg repl` with commands piped in, on a shipped recording: breakpoints, continue,
/// skip, and the warning about a branch left unsaved.
@Suite struct ReplBinaryTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func pipedCommandsStopAtBreakpointsAndWarnAboutAnUnsavedBranch() throws {
        let statedbg = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let recording = Self.root.appendingPathComponent("Recordings/bank.jsonl").path
        let input = """
            break action bank.steal
            c
            c

            info b
            skip 23
            rc
            """
        let result = try statedbg.run(["repl", recording], in: directory.path, input: input + "\n")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("""
            breakpoint 1: action bank.steal
            breakpoint 1: action bank.steal
            step 4  bank.steal(from: jenny, amount: 461)
            """))
        #expect(result.output.contains("""
            breakpoint 1: action bank.steal
            step 23  bank.steal(from: jenny, amount: 3)
            """))
        #expect(result.output.contains("""
            Num  Type        Enb  Hits  What
            1    breakpoint  y    2     action bank.steal
            skipped step 23 (bank.steal(from: jenny, amount: 3)): replayed steps 24 to 50 on branch-1
            """), "the blank line in a pipe does not repeat c")
        #expect(result.output.contains("breakpoint 1: action bank.steal\nstep 4  "), "reverse-continue on the new branch finds step 4")
        #expect(result.error.hasPrefix("statedbg: warning: branch-1 ("))
        #expect(result.error.hasSuffix(" was not saved; save FILE writes the current branch.\n"))

        let failing = try statedbg.run(["repl", recording, "-c", "break when .jenny <; c"], in: directory.path)
        #expect(failing.status == 1)
        #expect(failing.error == """
            statedbg: error: command 1: The predicate is not valid at column 9: expected a value after '<'.
            .jenny <
                    ^
            statedbg: error: command 2: there are no breakpoints or watchpoints; break when PREDICATE, break action TYPE or watch PATH sets one.

            """)
    }
}
