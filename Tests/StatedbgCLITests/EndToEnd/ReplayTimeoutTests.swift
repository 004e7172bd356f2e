import Foundation
import Testing
import TestSupport

/// `replay --verify` on a journal whose action in flight hangs the reducer: the child that runs it is
/// stopped after `--timeout` seconds, and the verdict says the reducer hangs. The app is
/// `statedbg-hang-probe`'s `spinner`, whose `spin` action loops for ever.
@Suite struct ReplayTimeoutTests {
    func probe() throws -> StatedbgProcess {
        let path = try #require(BuildProducts.current().executable(named: "statedbg-hang-probe"),
                                "statedbg-hang-probe is not built; build it first (swift build)")
        return StatedbgProcess(path: path)
    }

    @Test(.timeLimit(.minutes(1)))
    func aReducerThatHangsIsStoppedAfterTheTimeoutAndTheCheckFails() throws {
        let probe = try probe()
        let directory = try TemporaryDirectory()
        let written = try probe.run(["write-journal", "hang.jsonl"], in: directory.path)
        try #require(written.status == 0, "\(written.error)")

        let verify = try probe.run(["replay", "hang.jsonl", "--verify", "--quiet", "--timeout", "1"], in: directory.path)
        #expect(verify.status == 1, "\(verify.error)")
        #expect(verify.output == """
            schema: compatible: the recording's state and action types match the current code
            verified 3 steps: every state matches
            hang.jsonl:5: step 4 (SpinnerAction.spin) did not finish in 1 s: the reducer hangs
            to stop in the reducer there: lldb -- \(probe.path) debug hang.jsonl 4, or gdb --args \(probe.path) debug hang.jsonl 4

            """)

        let json = try probe.run(["replay", "hang.jsonl", "--verify", "--quiet", "--json", "--timeout", "1"], in: directory.path)
        #expect(json.status == 1)
        #expect(json.output.contains(#""crash":{"crashes":false,"hangs":true,"#) && json.output.contains(#""step":4,"timeout":1}"#),
                "\(json.output)")
    }

    @Test func timeoutIsForTheChildOfAVerification() throws {
        let probe = try probe()
        let directory = try TemporaryDirectory()
        _ = try probe.run(["write-journal", "hang.jsonl"], in: directory.path)
        let cases: [([String], String)] = [
            (["--timeout", "1"], "statedbg: error: --timeout bounds the run of a crash journal's action in flight, which only --verify runs; add --verify.\n"),
            (["--verify", "--in-process", "--timeout", "1"],
             "statedbg: error: --timeout bounds the child process that runs the action in flight, and --in-process runs it in this one, for a debugger; leave one of them out.\n"),
        ]
        for (options, error) in cases {
            let run = try probe.run(["replay", "hang.jsonl"] + options, in: directory.path)
            #expect(run.status == 64)
            #expect(run.error == error)
        }
        let zero = try probe.run(["replay", "hang.jsonl", "--verify", "--timeout", "0"], in: directory.path)
        #expect(zero.status == 64)
        #expect(zero.error.hasPrefix("statedbg: error: The value '0' is invalid for '--timeout <seconds>'; expected 1 or more.\n"))
    }
}
