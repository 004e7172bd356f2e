import Foundation
import TestSupport
import Testing

/// Where `statedbg attach` opens: a debugger that attaches stands where the program is (issue 29).
@Suite(.serialized) struct LiveAttachPositionTests {
    @Test func attachOpensAtTheStepTheAppIsAt() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let socket = directory.file("app.sock")
        let app = try ServedApp(binary, ["counter", "-o", "app.jsonl", "--interval", "0", "--socket", socket], in: directory.path)
        defer { _ = app.stop() }
        let increase = #"app dispatch counter.increase {"increase":{}}"#
        let first = try binary.run(["attach", socket, "--save", "first.jsonl", "-c", Array(repeating: increase, count: 3).joined(separator: "; ")],
                                   in: directory.path)
        #expect(first.status == 0, "\(first.error)")

        let second = try binary.run(["attach", socket, "--save", "second.jsonl", "--echo", "-c", "back; app undo"], in: directory.path)
        #expect(second.status == 0, "\(second.error)")
        let lines = second.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "attached to counter (pid \(app.pid)) at \(socket): 3 steps so far; dispatch, verify, skip, minimize and in-app travel work; 'app help' lists the commands that act on the app")
        #expect(lines.dropFirst().first == "(statedbg 3/3) back", "\(second.output)")

        // After the app travelled back, the debugger opens at the app's step, not at its last one.
        let third = try binary.run(["attach", socket, "--save", "third.jsonl", "--echo", "-c", "next"], in: directory.path)
        #expect(third.status == 0, "\(third.error)")
        #expect(third.output.split(separator: "\n").dropFirst().first == "(statedbg 2/3) next", "\(third.output)")
    }
}
