import StateJSON
import StateJournal
import StateRecorder

/// The changes a recording's steps made, for the commands that replay a recording in part (`minimize`,
/// the REPL's `skip`) to take the step of an action no replay can run: recorded without `Codable`, or a
/// state replacement.
///
/// `replay --verify` takes such a step's recorded state, since it stands where the recording stood.
/// A candidate of `minimize` or a branch of `skip` has left earlier steps out, and the recorded state
/// would bring them back; so they take the step's recorded change instead, the patch from the state
/// before it to its own, applied to the state they have. Where they stand where the recording stood,
/// that is the recorded state.
///
/// ```swift
/// var changes = RecordedChanges(source: source)
/// let after = try changes.apply(step: 5, to: replayer.state)   // step 5's change, on today's state
/// ```
package struct RecordedChanges {
    /// The recording.
    package let source: any RecordingSource
    /// The patches read so far, by step: ddmin replays the same steps many times.
    private var patches: [Int: JSONPatch] = [:]

    /// The changes of `source`'s steps.
    package init(source: any RecordingSource) {
        self.source = source
    }

    /// `state` with the change `step` recorded applied.
    ///
    /// - Throws: ``DebuggerError/replayFailed(_:step:line:source:)`` when the change does not apply to
    ///   `state` (it changes what is not there), and the errors of reading the recording.
    package mutating func apply(step: Int, to state: JSONValue) throws(DebuggerError) -> JSONValue {
        let patch: JSONPatch
        if let known = patches[step] {
            patch = known
        } else {
            patch = JSONDiff.patch(from: try source.state(at: source.parent(ofStep: step)), to: try source.state(at: step))
            patches[step] = patch
        }
        do {
            return try patch.apply(to: state)
        } catch {
            throw .replayFailed(.undecodableState(detail: "the change the step recorded does not apply to the state it is taken to: \(error)"),
                                step: step, line: source.line(ofStep: step), source: source.name)
        }
    }
}
