import StateJSON
import StateEncoding
import StateJournal
import StateQuery
import StateRecorder

/// The states a journal holds, from its initial state (step 0) to its last step.
func journalStates(at path: String) throws -> [JSONValue] {
    let reader = try JournalReader(path: path)
    return try (0...reader.lastStep).map { step throws(JournalError) in try reader.state(at: step) }
}

/// The states a journal holds, decoded as the app's own state type.
func journalStates<State: Decodable>(at path: String, as _: State.Type) throws -> [State] {
    try journalStates(at: path).map { try JSONValueDecoder().decode(State.self, from: $0) }
}

/// The values `path` selects in `state`.
func values(_ path: String, in state: JSONValue) throws -> [JSONValue] {
    try JSONPath(parsing: path).evaluate(on: state).map(\.value)
}

/// Replays a journal through `app` from its initial state and returns the steps whose replayed state
/// is not the recorded one (none when the replay reproduces the recording).
func stepsReplayingDifferently(_ path: String, through app: any RegisteredApp) throws -> [Int] {
    let reader = try JournalReader(path: path)
    let replayer = try app.makeReplayer(from: reader.state(at: 0))
    var differing: [Int] = []
    guard reader.lastStep > 0 else { return [] }
    for step in 1...reader.lastStep {
        _ = try replayer.apply(reader.action(at: step))
        if try replayer.state != reader.state(at: step) { differing.append(step) }
    }
    return differing
}
