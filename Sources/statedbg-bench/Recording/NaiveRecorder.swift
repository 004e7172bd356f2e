import Foundation
import StateStore

/// What an app would write without statedbg: after every action, Foundation encodes the action and the
/// whole state and appends the line to a file. The recording scenario's baseline.
final class NaiveRecorder<State: Codable & Sendable, Action: Codable & Sendable> {
    let store: Store<State, Action>
    private let handle: FileHandle
    private let encoder = JSONEncoder()
    private var step = 0

    init(store: Store<State, Action>, path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw BenchmarkError.io("cannot create \(path) for the naive recorder.")
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        self.store = store
    }

    func dispatch(_ action: Action) throws {
        store.dispatch(action)
        step += 1
        var line = try encoder.encode(NaiveLine(step: step, action: action, state: store.state))
        line.append(0x0A)
        try handle.write(contentsOf: line)
    }

    func close() throws {
        try handle.close()
    }
}
