import StateJSON
import StateJournal

/// The state of a journal read in one pass, rebuilt only when a search asks for it: the lines a
/// prefilter passed over are noted by where they are in the file and read back and applied when a
/// later step needs the whole state, and a keyframe (parsed, or passed over) drops those before it.
///
/// The lines noted are bounded: past ``pendingLimit`` bytes of them they are applied at once.
struct StreamedState {
    /// At most this many bytes of patch lines are noted unapplied.
    static let pendingLimit = 32 << 20
    /// Lines noted unapplied are read back in runs of at most this many bytes (or one longer line).
    static let rereadBytes = 1 << 20

    private let stream: JournalStream
    /// The last state rebuilt, and its step.
    private var base: JSONValue
    private(set) var baseStep: Int
    /// Where a line passed over is in the file, its line number and its step: plain integers, so
    /// that noting a line costs neither a copy of its bytes nor reference counting.
    private struct PendingLine {
        var offset: Int64
        var length: Int
        var line: Int
        var step: Int
        /// The checksum the stream computed of its bytes: the line read back must be the same line.
        var checksum: UInt32
    }

    /// The lines passed over since `base`, in file order, and the patches the caller had parsed
    /// already, by their index in `pendingLines`.
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
    /// parsed it already, as where it is in the file otherwise (a damaged line breaks the chain).
    mutating func pass(over line: JournalStream.StepLine, parsed: JSONPatch? = nil) throws(JournalError) {
        step = line.step
        if line.isDamaged {
            if broken == nil { broken = (line.step, line.line) }
            return
        }
        if line.isKeyframe, parsed == nil {
            // A whole state replaces what came before it, a damaged step included: keep only its line.
            clearPending()
            broken = nil
        }
        if broken != nil { return }
        if let parsed { pendingPatches[pendingLines.count] = parsed }
        pendingLines.append(PendingLine(offset: line.offset, length: line.bytes.count, line: line.line, step: line.step,
                                        checksum: line.checksum))
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
        pendingLines.removeAll(keepingCapacity: pendingLines.count <= 1 << 16)
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
        var buffer: [UInt8] = []
        var failure: JournalError?
        var index = 0
        while index < pendingLines.count {
            let first = pendingLines[index]
            if let patch = pendingPatches[index] {
                try Self.apply(patch, line: first.line, step: first.step, to: &state, path: stream.path)
                index += 1
                continue
            }
            // A run of lines not parsed yet, read back with one call.
            var last = index
            while last + 1 < pendingLines.count, pendingPatches[last + 1] == nil,
                  pendingLines[last + 1].offset + Int64(pendingLines[last + 1].length) - first.offset <= Int64(Self.rereadBytes) {
                last += 1
            }
            let span = Int(pendingLines[last].offset + Int64(pendingLines[last].length) - first.offset)
            try stream.reread(at: first.offset, count: span, into: &buffer)
            // Safe because each line's bytes are a slice of `buffer` between offsets inside the span read, used only inside the closure.
            buffer.withUnsafeBytes { raw in
                for entry in pendingLines[index...last] {
                    let start = Int(entry.offset - first.offset)
                    let bytes = UnsafeRawBufferPointer(rebasing: raw[start..<(start + entry.length)])
                    do throws(JournalError) {
                        guard stream.isIntact(bytes), LineChecksum.coveredChecksum(of: bytes) == entry.checksum else {
                            throw JournalError(.malformed, path: stream.path, line: entry.line,
                                               "step \(entry.step)'s line changed after it was checked, while the journal was being read; read it again.")
                        }
                        try Self.apply(bytes, line: entry.line, step: entry.step, to: &state, path: stream.path,
                                       timeBase: stream.header.stepTimeBase)
                    } catch {
                        failure = error
                        return
                    }
                }
            }
            if let failure { throw failure }
            index = last + 1
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
    private static func apply(_ bytes: UnsafeRawBufferPointer, line: Int, step: Int, to state: inout JSONValue, path: String,
                              timeBase: StepTimeBase) throws(JournalError) {
        let parsed: JournalLine
        do {
            parsed = try JournalLine.parse(bytes, timeBase: timeBase)
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
