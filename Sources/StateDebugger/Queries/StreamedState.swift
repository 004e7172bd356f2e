import StateJSON
import StateJournal

/// The state of a journal read in one pass, rebuilt only when a search asks for it: the lines a
/// prefilter passed over are kept as bytes and applied when a later step needs the whole state, and a
/// keyframe (parsed, or passed over as bytes) drops those before it.
///
/// The kept bytes are bounded: past ``pendingLimit`` they are applied at once.
struct StreamedState {
    /// At most this many bytes of patch lines are kept unapplied.
    static let pendingLimit = 32 << 20

    private let stream: JournalStream
    /// The last state rebuilt, and its step.
    private var base: JSONValue
    private(set) var baseStep: Int
    /// Where a line passed over ends in `pending`, its line number and its step: plain integers, so
    /// that keeping a line costs no reference counting.
    private struct PendingLine {
        var end: Int
        var line: Int
        var step: Int
    }

    /// The lines passed over since `base`, back to back, with where each ends, and the patches the
    /// caller had parsed already, by their index in `pendingLines`.
    private var pending: [UInt8] = []
    private var pendingLines: [PendingLine] = []
    private var pendingPatches: [Int: JSONPatch] = [:]
    /// The bytes of the lines passed over, counting those kept parsed.
    private var pendingBytes = 0
    /// The first damaged step since `base`, and its line: the state cannot be rebuilt past it.
    private(set) var broken: (step: Int, line: Int)?
    /// The step the state stands at.
    private(set) var step: Int

    init(stream: JournalStream) {
        self.stream = stream
        base = stream.header.initialState
        baseStep = stream.header.firstStep - 1
        step = baseStep
    }

    /// Moves past a line without applying it: its patch is kept for later, parsed when the caller has
    /// parsed it already, as bytes otherwise (a damaged line breaks the chain).
    mutating func pass(over line: JournalStream.StepLine, parsed: JSONPatch? = nil) throws(JournalError) {
        step = line.step
        if line.damage != nil {
            if broken == nil { broken = (line.step, line.line) }
            return
        }
        if line.isKeyframe, parsed == nil {
            // A whole state replaces what came before it, a damaged step included: keep only its line.
            clearPending()
            broken = nil
        }
        if broken != nil { return }
        if let parsed {
            pendingPatches[pendingLines.count] = parsed
        } else {
            pending.append(contentsOf: line.bytes)
        }
        pendingLines.append(PendingLine(end: pending.count, line: line.line, step: line.step))
        pendingBytes += line.bytes.count
        if pendingBytes > Self.pendingLimit { _ = try state(at: line.step) }
    }

    /// Takes the whole state of a keyframe (or a state rebuilt elsewhere) as the state at `step`.
    mutating func reset(to state: JSONValue, at step: Int) {
        base = state
        baseStep = step
        self.step = step
        clearPending()
        broken = nil
    }

    private mutating func clearPending() {
        pending.removeAll(keepingCapacity: pending.count <= 1 << 20)
        pendingLines.removeAll(keepingCapacity: true)
        if !pendingPatches.isEmpty { pendingPatches.removeAll() }
        pendingBytes = 0
    }

    /// The state at the current step, applying what was passed over.
    mutating func state(at wanted: Int) throws(JournalError) -> JSONValue {
        if let broken { throw stream.unreadable(wanted, through: broken.step, line: broken.line) }
        guard !pendingLines.isEmpty else { return base }
        var state = base
        // The only reference is then `state`, which the patches edit in place.
        base = .null
        var lineStart = 0
        var failure: JournalError?
        // Safe because each line's bytes are a slice of `pending` between offsets it recorded, used only inside the closure.
        pending.withUnsafeBytes { raw in
            for (index, entry) in pendingLines.enumerated() {
                let end = entry.end, line = entry.line, step = entry.step
                defer { lineStart = end }
                do throws(JournalError) {
                    if let patch = pendingPatches[index] {
                        try Self.apply(patch, line: line, step: step, to: &state, path: stream.path)
                        continue
                    }
                    let bytes = UnsafeRawBufferPointer(rebasing: raw[lineStart..<end])
                    try Self.apply(bytes, line: line, step: step, to: &state, path: stream.path)
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
        reset(to: state, at: step)
        return state
    }

    /// Applies a parsed step to the current state.
    mutating func apply(_ record: JournalStep, line: Int) throws(JournalError) -> JSONValue {
        switch record.content {
        case .keyframe(let whole):
            reset(to: whole, at: record.step)
            return whole
        case .patch(let patch):
            var state = try state(at: record.step)
            // The only reference to the state is then `state`, so the patch edits it in place: a step
            // costs what it changes, not the size of the state.
            base = .null
            do {
                try patch.apply(inPlace: &state)
                reset(to: state, at: record.step)
                return state
            } catch {
                throw JournalError(.malformed, path: stream.path, line: line,
                                   "step \(record.step)'s patch does not apply to the state of step \(record.parentStep): \(error)")
            }
        }
    }

    // Safe because the bytes are read only during the call.
    private static func apply(_ bytes: UnsafeRawBufferPointer, line: Int, step: Int, to state: inout JSONValue, path: String) throws(JournalError) {
        let parsed: JournalLine
        do {
            parsed = try JournalLine.parse(bytes)
        } catch {
            throw JournalError(.malformed, path: path, line: line, error.description)
        }
        guard case .step(let record) = parsed else { return }
        switch record.content {
        case .keyframe(let whole):
            state = whole
        case .patch(let patch):
            try apply(patch, line: line, step: step, to: &state, path: path)
        }
    }

    private static func apply(_ patch: JSONPatch, line: Int, step: Int, to state: inout JSONValue, path: String) throws(JournalError) {
        do {
            try patch.apply(inPlace: &state)
        } catch {
            throw JournalError(.malformed, path: path, line: line, "step \(step)'s patch does not apply to the state of step \(step - 1): \(error)")
        }
    }
}
