import StateDebugger
import StateJournal
import StateRecorder
import Testing

@Suite struct DebuggerErrorTests {
    @Test func eachErrorMapsToItsExitStatus() {
        let cases: [(DebuggerError, Int32)] = [
            (.journal(JournalError(.noInput, path: "a.jsonl", "missing.")), 66),
            (.journal(JournalError(.malformed, path: "a.jsonl", line: 3, "bad.")), 65),
            (.journal(JournalError(.ioError, path: "a.jsonl", "disk.")), 74),
            (.journal(JournalError(.refused, path: "a.jsonl", "exists.")), 73),
            (.unknownActionType("x", step: 1, line: 2, source: "a.jsonl", known: "y"), 65),
            (.replayFailed(.undecodableState(detail: "d"), step: 1, line: nil, source: "a.jsonl"), 65),
            (.noSuchStep(9, source: "a.jsonl", range: 0...3), 64),
            (.noSuchBranch("b", known: ["main"]), 64),
            (.fileExists(path: "a.jsonl"), 73),
            (.predicateNeverHolds(".x", source: "a.jsonl"), 1),
            (.cancelled("comparison"), 130),
        ]
        for (error, status) in cases {
            #expect(error.exitStatus == status, "\(error)")
        }
    }

    @Test func descriptionsNameTheFileLineAndStep() {
        #expect(DebuggerError.journal(JournalError(.malformed, path: "a.jsonl", line: 3, "bad.")).description == "a.jsonl:3: bad.")
        #expect(DebuggerError.replayFailed(.undecodableState(detail: "count: expected Int"), step: 4, line: 5, source: "a.jsonl").description
            == "a.jsonl:5: step 4 cannot be replayed: the state does not decode as the app's state type: count: expected Int.")
        #expect(DebuggerError.replayFailed(.undecodableState(detail: #"jenny: expected Int, found "<redacted>"."#), step: 0, line: 1,
                                           source: "r7.jsonl").description
            == #"r7.jsonl:1: step 0 cannot be replayed: the state does not decode as the app's state type: jenny: expected Int, found "<redacted>"."#)
        #expect(DebuggerError.badAction(.undecodableAction("pay", detail: #"pay.from: required key "from" is missing."#)).description
            == #"the pay action's payload does not decode: pay.from: required key "from" is missing."#)
        #expect(DebuggerError.noSuchBranch("b", known: ["main", "branch-1"]).description
            == #"There is no branch "b"; the branches are main, branch-1."#)
        #expect(DebuggerError.fileExists(path: "out.jsonl").description
            == "out.jsonl: the file already exists; choose another name or pass --force to replace it.")
        #expect(DebuggerError.cancelled("comparison").description == "The comparison was cancelled before it finished.")
    }
}
