// A statedbg of a user's own, whose app's reducer never returns from one action: for the tests of
// `replay --verify --timeout` on a journal whose action in flight hangs.
//
//     statedbg-hang-probe write-journal JOURNAL   records 3 steps, then dumps with `spin` in flight
//     statedbg-hang-probe ARGUMENTS…              statedbg, with the app `spinner`
import Foundation
import StateRecorder
import StatedbgCLI

struct SpinnerState: Codable, Sendable {
    var count = 0
}

enum SpinnerAction: Codable, Sendable {
    case increment
    case spin
}

func reduce(_ state: inout SpinnerState, _ action: SpinnerAction) {
    switch action {
    case .increment:
        state.count += 1
    case .spin:
        // A loop that never ends for a count that is never negative, as a reducer's bug would be.
        while state.count >= 0 { state.count = max(state.count, 0) }
    }
}

let spinner = AppDefinition<SpinnerState, SpinnerAction>(
    id: "spinner", swiftName: "spinner", initialState: SpinnerState(),
    actions: ActionRegistry(SpinnerAction.self), reduce: { reduce(&$0, $1) })

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "write-journal", let path = arguments.dropFirst().first {
    var options = RecorderOptions()
    options.flight = .lastSteps(10, redaction: Redaction(), journal: URL(fileURLWithPath: path))
    options.background = .ignore
    let recorder = try Recorder(app: spinner, journal: "unused.jsonl", options: options)
    var state = SpinnerState()
    for _ in 1...3 {
        reduce(&state, .increment)
        recorder.record(.increment, state: state)
    }
    recorder.actionInFlight(.spin)
    try recorder.dump(to: URL(fileURLWithPath: path))
    try recorder.close()
    exit(0)
}
exit(Statedbg.main(apps: [spinner]))
