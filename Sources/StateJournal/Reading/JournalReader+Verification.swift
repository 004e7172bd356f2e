import StateJSON
import StateEncoding

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// One step as a replay that checks the recording sees it: the recorded action and hash, and the
/// fingerprint of the state rebuilt from the step's line.
package struct RecordedStep {
    /// The step number.
    package var step: Int
    /// The recorded action.
    package var action: JournalAction
    /// The hash the line records for the state after the step.
    package var hash: UInt64
    /// The fingerprint of the state rebuilt from the line: its keyframe, or its patch applied to the
    /// state of its parent. Equal to ``hash`` unless the line was edited or written wrongly.
    package var fingerprint: UInt64
    /// The line's keyframe or patch as read: what a reader that follows the states another way (through
    /// migrations) applies in turn.
    package var content: JournalStep.Content
}

extension JournalReader {
    /// Calls `body` with each step of `steps` in order, its state rebuilt from its line and
    /// fingerprinted: one pass that gives a replay both the actions to run and the proof that the
    /// recorded states are the ones their hashes name. `body` returns `false` to stop early.
    ///
    /// It reads the file in large blocks and each line once. A line in the writer's layout is split
    /// into its members, the action is parsed once per distinct text, a small keyframe once per
    /// distinct text, and a patch is applied to the state before it, so fingerprinting costs the change;
    /// any other line is read with ``step(_:)``. A step whose line is damaged, does not parse or whose
    /// patch does not apply throws the error ``state(at:)`` throws for it.
    ///
    /// ```swift
    /// try reader.forEachRecordedStep(1...reader.lastStep) { step in step.fingerprint == step.hash }
    /// ```
    package func forEachRecordedStep(_ steps: ClosedRange<Int>, _ body: (RecordedStep) -> Bool) throws(JournalError) {
        var walk = RecordedStateWalk(reader: self, previousStep: steps.lowerBound - 1, lineParser: options.parser)
        var failure: JournalError?
        try forEachStepLine(steps) { step, line in
            do throws(JournalError) {
                return body(try walk.next(step: step, line: line))
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
    }
}

extension JournalReader {
    /// What ``validateCounting(limit:isCancelled:)`` finds, found in one pass of
    /// ``forEachRecordedStep(_:_:)`` per run of intact lines instead of one read and parse of each
    /// line: the first `limit` problems in file order, and how many there are in all.
    ///
    /// ```swift
    /// let (problems, count) = reader.validateRecordedStates(limit: 20)
    /// ```
    package func validateRecordedStates(limit: Int, isCancelled: () -> Bool = { false }) -> (problems: [JournalError], count: Int) {
        var (problems, count) = problemsBeforeTheSteps(limit: limit)
        func note(_ problem: JournalError) {
            count += 1
            if problems.count < limit { problems.append(problem) }
        }
        let keyframes = keyframeSteps
        /// The first keyframe after `step`, or the step after the last: where rebuilding can start again.
        func keyframe(after step: Int) -> Int {
            var low = 0
            var high = keyframes.count
            while low < high {
                let middle = (low + high) / 2
                if keyframes[middle] > step { high = middle } else { low = middle + 1 }
            }
            return low < keyframes.count ? keyframes[low] : lastStep + 1
        }
        var cancelled = false
        /// Checks a run of intact lines, each state rebuilt from the one before; the step after the run,
        /// or the keyframe where checking resumes after a broken step.
        func validate(_ steps: ClosedRange<Int>) -> Int {
            var reached = steps.lowerBound - 1
            var mismatch: JournalError?
            do {
                try forEachRecordedStep(steps) { recorded in
                    if options.verifyHashes, recorded.fingerprint != recorded.hash {
                        mismatch = JournalError(.hashMismatch(step: recorded.step, recorded: recorded.hash, actual: recorded.fingerprint),
                                                path: path, line: line(ofStep: recorded.step))
                        return false
                    }
                    reached = recorded.step
                    if recorded.step % 4096 == 0, isCancelled() {
                        cancelled = true
                        return false
                    }
                    return true
                }
            } catch {
                mismatch = error
            }
            guard let mismatch else { return reached + 1 }
            note(mismatch)
            // The states after a broken step cannot be rebuilt from it; resume at the next keyframe.
            return keyframe(after: reached + 1)
        }
        // Damaged lines are already among the line problems, and the states up to the next keyframe
        // after one depend on it: each run of intact lines is read from its first keyframe.
        for run in intactRuns() {
            var step = run.lowerBound
            if step > header.firstStep, damagedLine(ofStep: step - 1) != nil {
                step = keyframe(after: step - 1)
            }
            while step <= run.upperBound, !cancelled, !isCancelled() {
                step = validate(step...run.upperBound)
            }
        }
        let ordered = problems.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        return (ordered, count)
    }
}

extension JournalReader {
    /// The runs of consecutive steps whose lines are intact, in order: every step when no line is
    /// damaged, else the steps between the damaged ones (found with one look-up a step).
    package func intactRuns() -> [ClosedRange<Int>] {
        guard lastStep >= header.firstStep else { return [] }
        guard lineProblemCount > 0 else { return [header.firstStep...lastStep] }
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        for step in header.firstStep...lastStep {
            if damagedLine(ofStep: step) != nil {
                if let first = start { runs.append(first...(step - 1)) }
                start = nil
            } else if start == nil {
                start = step
            }
        }
        if let first = start { runs.append(first...lastStep) }
        return runs
    }
}

/// The state of ``JournalReader/forEachRecordedStep(_:_:)`` between lines.
private struct RecordedStateWalk {
    struct Memo<Value> {
        var bytes: [UInt8]
        var value: Value
    }

    /// Keyframes up to this size are remembered by their text: a small state that comes back (a
    /// counter at a value seen before) is then neither parsed nor fingerprinted again.
    private static let memoizedKeyframeBytes = 512
    private static let memoLimit = 4096

    let reader: JournalReader
    var previousStep: Int
    /// The state of ``previousStep``; read from the reader when a patch first needs it, so that a walk
    /// that starts at a keyframe never reads the steps before it. Nothing else holds it, so that a
    /// patch edits it in place instead of copying every container on its paths.
    var state: JSONValue?
    /// The reader's parser one level less deep, since a member's value is one level inside its line.
    let parser: JSONParser
    /// Follows ``state`` through the patches, fingerprinting each result at the cost of its patch; it
    /// knows ``state`` whenever ``state`` is not `nil`.
    let fingerprinter: PatchedStateFingerprinter
    private var actions: [UInt64: [Memo<JournalAction>]] = [:]
    private var actionCount = 0
    /// The actions parsed last, which a line is first compared with: a match needs neither a scan
    /// for the action's end nor a hash of its bytes.
    private var recentActions: [Memo<JournalAction>] = []
    private static let recentLimit = 8
    private var keyframes: [UInt64: [Memo<(state: JSONValue, fingerprint: UInt64)>]] = [:]
    private var keyframeCount = 0

    init(reader: JournalReader, previousStep: Int, lineParser: JSONParser) {
        self.reader = reader
        self.previousStep = previousStep
        fingerprinter = PatchedStateFingerprinter(scheme: reader.header.fingerprintScheme)
        parser = JournalLimits.memberParser(of: lineParser)
    }

    // Safe because `line` is read only during the call, within its count, and never kept.
    mutating func next(step: Int, line: UnsafeRawBufferPointer) throws(JournalError) -> RecordedStep {
        if reader.damagedLine(ofStep: step) != nil || reader.parent(ofStep: step) != previousStep {
            return try slow(step)
        }
        guard let parts = StepLineParts(line, checksummed: reader.linesAreChecksummed, knownActions: recentActions),
              parts.step == step, parts.parent == nil else { return try slow(step) }
        var action: JournalAction
        if let known = parts.knownAction {
            action = recentActions[known].value
        } else {
            guard let parsed = self.action(UnsafeRawBufferPointer(rebasing: line[parts.action])) else { return try slow(step) }
            action = parsed
        }
        try reader.resolveSite(of: &action, step: step)
        let bytes = UnsafeRawBufferPointer(rebasing: line[parts.content])
        let fingerprint: UInt64
        let content: JournalStep.Content
        if parts.holdsState {
            guard let keyframe = keyframe(bytes) else { return try slow(step) }
            state = keyframe.state
            fingerprinter.reset(to: keyframe.state, fingerprint: keyframe.fingerprint)
            fingerprint = keyframe.fingerprint
            content = .keyframe(keyframe.state)
        } else {
            guard let value = try? parser.parse(bytes), let patch = try? JSONPatch(jsonValue: value) else { return try slow(step) }
            fingerprint = try apply(patch, step: step, parent: step - 1)
            content = .patch(patch)
        }
        previousStep = step
        return RecordedStep(step: step, action: action, hash: parts.hash, fingerprint: fingerprint, content: content)
    }

    /// A line read and parsed whole, as ``JournalReader/step(_:)`` reads it, with its errors: a damaged
    /// line, a hand-written one, a step after a time travel.
    private mutating func slow(_ step: Int) throws(JournalError) -> RecordedStep {
        let record = try reader.step(step)
        if record.parentStep != previousStep {
            state = nil
            previousStep = record.parentStep
        }
        let fingerprint: UInt64
        switch record.content {
        case .keyframe(let value):
            state = value
            fingerprint = fingerprinter.reset(to: value)
        case .patch(let patch):
            fingerprint = try apply(patch, step: step, parent: record.parentStep)
        }
        previousStep = step
        return RecordedStep(step: step, action: record.action, hash: record.hash, fingerprint: fingerprint, content: record.content)
    }

    /// Applies `patch` in place to the state of `parent` (``previousStep``), which becomes the state
    /// of `step`; the fingerprint of the result.
    private mutating func apply(_ patch: JSONPatch, step: Int, parent: Int) throws(JournalError) -> UInt64 {
        // Taken out of `state`, so that the state is held once and its edited path is not copied.
        var base: JSONValue
        if let taken = state.take() {
            base = taken
        } else {
            base = try reader.state(at: parent)
            fingerprinter.reset(to: base)
        }
        do {
            let fingerprint = try fingerprinter.apply(patch, to: &base)
            state = base
            return fingerprint
        } catch {
            // The state is half patched and unknown: a later step starts again from the reader.
            throw JournalError(.patchDoesNotApply(step: step, parent: parent, error), path: reader.path, line: reader.line(ofStep: step))
        }
    }

    // Safe because `bytes` is read only during the call, within its count, and copied when kept.
    private mutating func action(_ bytes: UnsafeRawBufferPointer) -> JournalAction? {
        let key = Self.key(bytes)
        if let found = actions[key]?.first(where: { Self.same($0.bytes, bytes) }) {
            remember(found)
            return found.value
        }
        guard let value = try? parser.parse(bytes), let action = try? JournalAction(jsonValue: value) else { return nil }
        if actionCount >= Self.memoLimit {
            actions.removeAll(keepingCapacity: true)
            actionCount = 0
        }
        let memo = Memo(bytes: Array(bytes), value: action)
        actions[key, default: []].append(memo)
        actionCount += 1
        remember(memo)
        return action
    }

    private mutating func remember(_ memo: Memo<JournalAction>) {
        if recentActions.count >= Self.recentLimit { recentActions.removeFirst() }
        recentActions.append(memo)
    }

    // Safe because `bytes` is read only during the call, within its count, and copied when kept.
    private mutating func keyframe(_ bytes: UnsafeRawBufferPointer) -> (state: JSONValue, fingerprint: UInt64)? {
        let memoized = bytes.count <= Self.memoizedKeyframeBytes
        let key = memoized ? Self.key(bytes) : 0
        if memoized, let found = keyframes[key]?.first(where: { Self.same($0.bytes, bytes) }) { return found.value }
        guard let value = try? parser.parse(bytes) else { return nil }
        let result = (state: value, fingerprint: StateFingerprint.of(value, scheme: reader.header.fingerprintScheme))
        if memoized {
            if keyframeCount >= Self.memoLimit {
                keyframes.removeAll(keepingCapacity: true)
                keyframeCount = 0
            }
            keyframes[key, default: []].append(Memo(bytes: Array(bytes), value: result))
            keyframeCount += 1
        }
        return result
    }

    // Safe because the bytes are only read, within their count, during the call.
    /// FNV-1a of the bytes.
    private static func key(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var key: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { key = (key ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return key
    }

    // Safe because both buffers are read only during the call, within their counts.
    private static func same(_ stored: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        stored.count == bytes.count && stored.withUnsafeBytes { stored in
            guard let left = stored.baseAddress, let right = bytes.baseAddress else { return true }
            return memcmp(left, right, bytes.count) == 0
        }
    }
}

/// The members of a step line in the writer's exact layout (``StepLineScanner/layout(of:sealed:)``),
/// located without parsing the values; `nil` for any other line, which the caller then parses whole.
private struct StepLineParts {
    var step: Int
    var parent: Int?
    var holdsState: Bool
    var action: Range<Int>
    /// The index in `knownActions` of the action the line holds, when it is one of them.
    var knownAction: Int?
    var content: Range<Int>
    var hash: UInt64

    // Safe because the line is read only during the call, within its count, and never kept.
    /// - Parameters:
    ///   - checksummed: Whether every intact line ends with a checksum (version 2 or later), whose
    ///     18 bytes are then cut off unread: the journal's scan has checked them.
    ///   - knownActions: Actions already parsed, compared with the line's action by their bytes.
    init?<Value>(_ line: UnsafeRawBufferPointer, checksummed: Bool, knownActions: [RecordedStateWalk.Memo<Value>]) {
        let end = checksummed ? line.count - LineChecksum.suffixLength : LineChecksum.content(of: line).count
        guard end > 0 else { return nil }
        let bytes = UnsafeRawBufferPointer(rebasing: line[0..<end]).bindMemory(to: UInt8.self)
        guard let layout = StepLineScanner.layout(of: bytes, sealed: end < line.count) else { return nil }
        step = layout.step
        parent = layout.parent
        holdsState = layout.isState
        action = layout.action
        content = layout.content
        hash = layout.hash
        let actionBytes = UnsafeRawBufferPointer(rebasing: line[layout.action])
        knownAction = knownActions.firstIndex { known in
            known.bytes.count == actionBytes.count
                && known.bytes.withUnsafeBytes { memcmp($0.baseAddress.unsafelyUnwrapped, actionBytes.baseAddress.unsafelyUnwrapped, actionBytes.count) == 0 }
        }
    }
}
