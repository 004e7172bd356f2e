import Foundation
import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import StateStore

/// The counter app the tests record and replay.
enum CounterAction: Codable, Sendable, Equatable {
    case increment
    case decrement
    case add(Int)
    case note(String)
}

struct CounterState: Codable, Sendable, Equatable {
    var count = 0
    var notes: [String] = []
}

enum TestApps {
    static let samples: [CounterAction] = [.increment, .decrement, .add(1), .note("x")]

    /// The counter; `addMultiplier` other than 1 makes a deliberately different reducer.
    static func counter(id: String = "counter", addMultiplier: Int = 1,
                        validators: [Validator<CounterState, CounterAction>] = []) -> RecordableApp<CounterState, CounterAction> {
        RecordableApp(
            id: id,
            initialState: CounterState(),
            reducer: Reducer { state, action in
                switch action {
                case .increment: state.count += 1
                case .decrement: state.count -= 1
                case .add(let amount): state.count += amount * addMultiplier
                case .note(let text): state.notes.append(text)
                }
            },
            validators: validators,
            actionSamples: samples,
            randomAction: { _, generator in
                switch generator.bounded(4) {
                case 0: .increment
                case 1: .decrement
                case 2: .add(generator.bounded(in: 1...5))
                default: .note("n\(generator.bounded(100))")
                }
            }
        )
    }

    /// A counter that refuses negative counts.
    static func nonNegativeCounter() -> RecordableApp<CounterState, CounterAction> {
        counter(validators: [Validator(name: "nonNegative") { _, new, _ in
            new.count >= 0 ? .accepted : .rejected("the count would be \(new.count)")
        }])
    }
}

/// A temporary directory removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("statedbg-debugger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String {
        path + "/" + name
    }
}
