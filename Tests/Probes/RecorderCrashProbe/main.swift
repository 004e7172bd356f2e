// A program the flight recorder's tests run as a child process: it records steps of a small app with
// a flight recorder, then applies an action whose reducer crashes the way its arguments say.
//
//     recorder-crash-probe JOURNAL STEPS KIND
//
// KIND is fatalError, precondition, unwrap, index, stackOverflow, badPointer, abort, fpe, encoderCrash
// (the action in flight crashes its reducer, then its own encoding on the recorder's encoder thread), or
// dump (no crash: the journal is written by dump(to:)). It prints `recorded N` before the crash.
import Foundation
import StateRecorder

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct ProbeState: Codable, Sendable {
    var count = 0
    var items: [Int] = []
}

enum ProbeAction: Codable, Sendable, Hashable {
    case add(Int)
    case crash(String)
    case poisoned(Poison)
}

/// Whether ``Poison`` crashes when encoded: armed once the steps are kept, since the recorder may encode
/// a value of each case early (to learn how its labels read).
nonisolated(unsafe) var poisonArmed = false

/// A payload whose encoding crashes, once armed: the crash handler's encoder thread dies making the
/// action in flight's line, and the journal must still be written, with the marker in its place.
struct Poison: Codable, Sendable, Hashable {
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {
        if poisonArmed { fatalError("the action's encoding crashed") }
    }
}

@inline(never)
func overflow(_ depth: Int) -> Int {
    // Never true, but the compiler cannot tell: it would warn of a recursion without end.
    guard depth != Int.min else { return 0 }
    // A frame the optimizer cannot drop: the array lives across the call.
    var frame = [Int](repeating: depth, count: 4)
    frame[0] = overflow(depth + 1)
    return frame.reduce(0, &+)
}

@inline(never)
func reduce(_ state: inout ProbeState, _ action: ProbeAction) {
    switch action {
    case .add(let value):
        state.count += value
        state.items.append(value)
        if state.items.count > 20 { state.items.removeFirst() }
    case .poisoned:
        let empty: [Int] = []
        state.count += empty[state.count]
    case .crash(let kind):
        let empty: [Int] = []
        let nothing: Int? = state.count < 0 ? 1 : nil
        switch kind {
        case "fatalError": fatalError("the probe's reducer gave up")
        case "precondition": precondition(state.count < 0, "the count is not negative")
        case "unwrap": state.count += nothing!
        case "index": state.count += empty[state.count]
        case "stackOverflow": state.count += overflow(0)
        case "badPointer": UnsafeMutablePointer<Int>(bitPattern: 16)!.pointee = state.count
        case "abort": abort()
        case "fpe": raise(SIGFPE)
        default: break
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let steps = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: recorder-crash-probe JOURNAL STEPS KIND\n".utf8))
    exit(64)
}
let journal = URL(fileURLWithPath: arguments[1])
let kind = arguments[3]
var options = RecorderOptions()
options.flight = .lastSteps(100, redaction: Redaction(), journal: journal)
options.background = .ignore
var state = ProbeState()
let recorder: Recorder<ProbeState, ProbeAction>
do {
    recorder = try Recorder(journal: "unused.jsonl", app: "probe", initialState: state, options: options)
    try recorder.installCrashHandlers()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(70)
}
for value in 1...max(1, steps) {
    let action = ProbeAction.add(value)
    recorder.actionInFlight(action)
    reduce(&state, action)
    recorder.record(action, state: state, site: nil)
}
FileHandle.standardOutput.write(Data("recorded \(recorder.lastStep)\n".utf8))
let crash = kind == "encoderCrash" ? ProbeAction.poisoned(Poison()) : ProbeAction.crash(kind)
if kind == "encoderCrash" {
    // Set while no thread encodes: the writer has kept every step.
    recorder.flush()
    poisonArmed = true
}
recorder.actionInFlight(crash)
if kind == "dump" {
    do {
        try recorder.dump(to: journal)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(74)
    }
}
reduce(&state, crash)
recorder.record(crash, state: state, site: nil)
FileHandle.standardOutput.write(Data("did not crash\n".utf8))
exit(3)
