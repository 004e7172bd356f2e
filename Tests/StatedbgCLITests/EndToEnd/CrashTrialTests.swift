import Foundation
import StateJSON
import StateJournal
import Testing
import TestSupport

/// Crash trials: 100 child processes that crash, each a different way or at a different step, and the
/// crash journal each leaves. Every journal must pass `statedbg check`, its last step must be the one
/// before the crash, and its action in flight the crashing one.
///
/// The crashes are those of `recorder-crash-probe` (a flight recorder around a reducer that crashes as
/// told: Swift's traps, a stack overflow, a bad pointer, abort, a floating-point signal) after a number
/// of steps that varies by trial, and those of the shopping list recorded by `statedbg record --flight`
/// with a seed that varies by trial, whose crash `replay --verify` must then reproduce.
@Suite struct CrashTrialTests {
    static let probeKinds = ["fatalError", "precondition", "unwrap", "index", "stackOverflow", "badPointer", "abort", "fpe"]
    /// The signals each kind may die of: Swift's traps are SIGILL on x86-64, SIGTRAP on arm64.
    static func signals(of kind: String) -> Set<Int32> {
        switch kind {
        case "stackOverflow", "badPointer": [SIGSEGV, SIGBUS]
        case "abort": [SIGABRT]
        case "fpe": [SIGFPE]
        default: [SIGILL, SIGTRAP]
        }
    }

    @Test(.tags(.slow), .slowTestsRequested, .timeLimit(.minutes(30)))
    func aHundredCrashesEachLeaveAJournalThatChecksWithTheCrashingActionInFlight() throws {
        let statedbg = try StatedbgProcess.locate()
        let probe = try #require(BuildProducts.current().executable(named: "recorder-crash-probe"),
                                 "recorder-crash-probe is not built; build it first (swift build)")
        let directory = try TemporaryDirectory()
        let quiet = "export SWIFT_BACKTRACE=enable=no"
        var trialsBySignal: [Int32: Int] = [:]
        for trial in 0..<100 {
            let journal = "trial-\(trial).jsonl"
            let kinds = Self.probeKinds.count + 1
            if trial % kinds == Self.probeKinds.count {
                // The shopping list, recorded until its reducer crashes: seeds 1000 on, 2,000 steps at most.
                let seed = String(1000 + trial)
                let record = try statedbg.run(["record", "shopping", "-o", journal, "--flight", "16", "--seed", seed, "--steps", "2000", "--fixed-clock"],
                                              in: directory.path)
                guard record.status == 1 else {
                    // A seed whose session never deletes the last row and then acts on the selection.
                    #expect(record.status == 0, "trial \(trial): \(record.error)")
                    continue
                }
                let verify = try statedbg.run(["replay", journal, "--verify", "--quiet", "--json"], in: directory.path)
                #expect(verify.status == 1, "trial \(trial): \(verify.output) \(verify.error)")
                let crash = try JSONValue(parsing: verify.output.trimmingCharacters(in: .newlines))["verify"]?["crash"]
                #expect(crash?["crashes"] == true, "trial \(trial): \(verify.output)")
                let reader = try JournalReader(path: directory.file(journal))
                guard case .actionInFlight(let after, _, let action)? = reader.events.first?.event,
                      case .crashed(_, _, _, let number)? = reader.events.last?.event else {
                    Issue.record("trial \(trial): the journal does not end with the action in flight and the crash: \(reader.events)")
                    continue
                }
                #expect(after == reader.lastStep)
                #expect(["shopping.toggleSelected", "shopping.increaseSelected", "shopping.deleteSelected"].contains(action.type))
                // The crashing action acts on a selection past the end of the list of the last step.
                let last = try reader.state(at: reader.lastStep)
                let count = Int64(last["items"]?.arrayValue?.count ?? -1)
                #expect(last["selected"]?.int64Value.map { $0 >= count } == true, "trial \(trial): \(last)")
                trialsBySignal[number, default: 0] += 1
            } else {
                let kind = Self.probeKinds[trial % kinds]
                let steps = 1 + (trial * 53) % 400
                let run = try StatedbgProcess(path: probe).run([journal, String(steps), kind], in: directory.path, shell: quiet)
                #expect(run.signalled && Self.signals(of: kind).contains(run.status), "trial \(trial) (\(kind)): \(run.status) \(run.error)")
                let reader = try JournalReader(path: directory.file(journal))
                #expect(reader.lastStep == steps, "trial \(trial) (\(kind)): the last step is the one before the crash")
                let events = reader.events.map(\.event)
                guard case .actionInFlight(steps, _, let action)? = events.first, case .crashed(steps, _, _, let number)? = events.last else {
                    Issue.record("trial \(trial) (\(kind)): the journal does not end with the action in flight and the crash: \(events)")
                    continue
                }
                #expect(action.label == "ProbeAction.crash(\"\(kind)\")")
                #expect(number == run.status)
                trialsBySignal[number, default: 0] += 1
            }
            let check = try statedbg.run(["check", journal], in: directory.path)
            #expect(check.status == 0, "trial \(trial): \(check.output) \(check.error)")
        }
        // Every signal a crash journal is written on was tried (SIGILL or SIGTRAP, by architecture).
        #expect(Set(trialsBySignal.keys).isSuperset(of: [SIGSEGV, SIGABRT, SIGFPE]))
        #expect(trialsBySignal.keys.contains(SIGILL) || trialsBySignal.keys.contains(SIGTRAP))
        #expect(trialsBySignal.values.reduce(0, +) >= 95)
    }
}
