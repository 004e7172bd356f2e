import StateJSON
import StateJournal
import StateStore

/// Turns recorder entries into journal lines on the writer thread, at a cost proportional to what
/// changed: the state is encoded incrementally (unchanged subtrees are reused, not re-encoded),
/// fingerprinted incrementally, and stored as a patch against the previous step unless a keyframe is due.
final class StepEncoder<State: Encodable & Sendable, Action: Encodable & Sendable> {
    private let describer: ActionDescriber
    private let redaction: Redaction
    private let snapshots: RecorderOptions.Snapshots
    private let stateEncoder = IncrementalJSONEncoder<State>()
    private let actionEncoder = JSONValueEncoder()
    private let fingerprinter = IncrementalFingerprinter()
    private var previous: JSONValue?
    /// The last state encoded, as journaled, with its fingerprint.
    private(set) var lastEncoded: (tree: JSONValue, hash: UInt64)?
    private var stepsSinceKeyframe = 0
    private var patchBytesSinceKeyframe = 0
    private var keyframeBytes = 0
    private let cachesActions: Bool
    private var actionCache: [AnyHashable: JournalAction] = [:]
    private var scratch: [UInt8] = []

    /// States no larger than this are always written whole: a patch would not be smaller.
    private static var smallStateBytes: Int { 256 }

    init(describer: ActionDescriber, redaction: Redaction, snapshots: RecorderOptions.Snapshots) {
        self.describer = describer
        self.redaction = redaction
        self.snapshots = snapshots
        cachesActions = Action.self is any Hashable.Type
    }

    /// The JSON of a state as the journal stores it (redacted), and its fingerprint.
    func encodeState(_ state: State) throws -> (tree: JSONValue, fingerprint: UInt64) {
        let tree = redaction.apply(to: try stateEncoder.encode(state))
        let encoded = (tree: tree, fingerprint: fingerprinter.fingerprint(tree))
        lastEncoded = (tree, encoded.fingerprint)
        return encoded
    }

    /// Starts from a known state (the header's initial state, or a resumed journal's last state).
    func start(from state: State) throws -> (tree: JSONValue, fingerprint: UInt64) {
        let encoded = try encodeState(state)
        previous = encoded.tree
        keyframeBytes = encoded.tree.serialized(.canonical).count
        stepsSinceKeyframe = 0
        patchBytesSinceKeyframe = 0
        return encoded
    }

    func journalAction(_ action: Action) throws -> JournalAction {
        if cachesActions, let key = action as? any Hashable {
            let hashable = AnyHashable(key)
            if let cached = actionCache[hashable] { return cached }
            let made = try makeJournalAction(action)
            if actionCache.count >= 1024 { actionCache.removeAll(keepingCapacity: true) }
            actionCache[hashable] = made
            return made
        }
        return try makeJournalAction(action)
    }

    private func makeJournalAction(_ action: Action) throws -> JournalAction {
        let description = describer.describe(action)
        let payload = redaction.apply(to: try actionEncoder.encode(action))
        return JournalAction(type: description.type, label: description.label, payload: payload)
    }

    /// Appends the line of one step to `bytes`.
    func writeStep(step: Int, time: Int64, parent: Int?, action: JournalAction, state: State,
                   forceKeyframe: Bool, into bytes: inout [UInt8]) throws {
        let (tree, fingerprint) = try encodeState(state)
        var keyframe = forceKeyframe || previous == nil || keyframeBytes <= Self.smallStateBytes
        var patch = JSONPatch()
        switch snapshots {
        case .everyStep:
            keyframe = true
        case .patches(let interval):
            if stepsSinceKeyframe + 1 >= interval { keyframe = true }
        }
        if !keyframe, let previous {
            patch = JSONDiff.patch(from: previous, to: tree)
        }
        let record: JournalStep
        if keyframe {
            record = JournalStep(step: step, time: time, parent: parent, action: action, content: .keyframe(tree), hash: fingerprint)
        } else {
            record = JournalStep(step: step, time: time, parent: parent, action: action, content: .patch(patch), hash: fingerprint)
        }
        let start = bytes.count
        record.write(to: &bytes)
        let lineBytes = bytes.count - start
        if keyframe {
            keyframeBytes = lineBytes
            stepsSinceKeyframe = 0
            patchBytesSinceKeyframe = 0
        } else if patchBytesSinceKeyframe + lineBytes > keyframeBytes {
            // The patches since the last keyframe would outweigh the state: write this step whole instead,
            // so rebuilding any step reads at most about twice the state's size.
            bytes.removeSubrange(start...)
            let whole = JournalStep(step: step, time: time, parent: parent, action: action, content: .keyframe(tree), hash: fingerprint)
            whole.write(to: &bytes)
            keyframeBytes = bytes.count - start
            stepsSinceKeyframe = 0
            patchBytesSinceKeyframe = 0
        } else {
            stepsSinceKeyframe += 1
            patchBytesSinceKeyframe += lineBytes
        }
        previous = tree
    }

    /// The state's fingerprint without journaling a step (for travel events); the next step is a keyframe.
    func fingerprintForTravel(_ state: State) throws -> UInt64 {
        let (tree, fingerprint) = try encodeState(state)
        previous = tree
        return fingerprint
    }
}
