import StateEncoding
import StateJSON
import StateJournal

/// A recording's steps read in order, each with the state it made and the state of its parent (the step
/// its action was applied to): what `replay` prints and `view` writes, step after step.
///
/// A journal's patches are applied to the state in place, and the parent's state is told by the
/// patch's footprint (``StateJSON/JSONPatchFootprint``): reading a step costs its patch, where keeping the parent's state
/// whole would copy every container the patch goes through (every user of a long list, to change one
/// age). The diffs made from the footprint are those of the whole states.
///
/// ```swift
/// var changes = try StepChanges(source, after: source.baseStep, through: source.lastStep)
/// while let change = try changes.next() {
///     print(renderer.render(from: change.before!, to: change.state!) ?? "(no change)")
/// }
/// ```
///
/// Let each change go before asking for the next: a state still held is copied by the next patch.
package struct StepChanges {
    /// One step, as ``next()`` reads it.
    package struct Change {
        /// The step.
        package var step: Int
        /// The step whose state the action was applied to.
        package var parent: Int
        /// The action.
        package var action: JournalAction
        /// The fingerprint the recording holds for the state, when it holds one.
        package var hash: UInt64?
        /// When the action was applied, in milliseconds since 1970 (0 when unknown).
        package var time: Int64
        /// The state after the step; `nil` when the recording does not hold it (a Redux DevTools
        /// Export file's steps).
        package var state: JSONValue?
        /// The parent's state, whole or as the footprint of the step's patch on it; `nil` when the
        /// recording does not hold it or it comes before the steps read and was not asked for.
        package var before: JSONPatchFootprint?
        /// The fingerprint of ``state`` as rebuilt, when fingerprints were asked for and the recording
        /// holds a hash to compare it with.
        package var fingerprint: UInt64?
    }

    private let source: any RecordingSource
    /// The journal underneath, whose lines are read and patched here.
    private let reader: JournalReader?
    private let first: Int
    private let last: Int
    private let readsEarlierParents: Bool
    private var step: Int
    /// The state of ``stateStep``, held here alone so that the next patch edits it in place.
    private var state: JSONValue?
    private var stateStep: Int
    /// Follows ``state`` through the patches, when fingerprints are asked for.
    private let patchedFingerprinter: PatchedStateFingerprinter?
    private let wholeFingerprinter: IncrementalFingerprinter?
    /// The states later steps travel back to, kept until the last of those steps; and that step.
    private var kept: [Int: JSONValue] = [:]
    private let lastUse: [Int: Int]

    /// Reads the steps after `first` through `last` of `source`, starting from the state of `first`.
    ///
    /// - Parameters:
    ///   - fingerprinting: Whether each rebuilt state is fingerprinted, for the caller to check it
    ///     against the recorded hash.
    ///   - readingEarlierParents: Whether the state of a parent before `first` is read (a travel back
    ///     past it); without it, such a step's ``Change/before`` is `nil`.
    /// - Throws: The errors of reading the state of `first`.
    package init(_ source: any RecordingSource, after first: Int, through last: Int, fingerprinting: Bool = false,
                 readingEarlierParents: Bool = true) throws(DebuggerError) {
        self.source = source
        reader = (source as? JournalSource)?.reader ?? (source as? FollowedJournal)?.reader
        self.first = first
        self.last = last
        readsEarlierParents = readingEarlierParents
        step = first
        stateStep = first
        let scheme = source.info.header.fingerprintScheme
        patchedFingerprinter = fingerprinting && reader != nil ? PatchedStateFingerprinter(scheme: scheme) : nil
        wholeFingerprinter = fingerprinting && reader == nil ? IncrementalFingerprinter(scheme: scheme) : nil
        var lastUse: [Int: Int] = [:]
        if first < last {
            for step in (first + 1)...last {
                let parent = source.parent(ofStep: step)
                if parent != step - 1 { lastUse[parent] = step }
            }
        }
        self.lastUse = lastUse
        if source.hasState(at: first) {
            let state = try source.state(at: first)
            self.state = state
            patchedFingerprinter?.reset(to: state)
            if lastUse[first] != nil { kept[first] = state }
        }
    }

    /// The next step, or `nil` after `last`.
    ///
    /// - Throws: ``DebuggerError`` when its line cannot be read, or its patch does not apply to its
    ///   parent's state, as ``RecordingSource/state(at:)`` would say.
    package mutating func next() throws(DebuggerError) -> Change? {
        guard step < last else { return nil }
        step += 1
        let parent = source.parent(ofStep: step)
        let change = if let reader { try read(step, parent: parent, from: reader) } else { try read(step, parent: parent) }
        if lastUse[step] != nil, let state { kept[step] = state }
        if !kept.isEmpty { kept = kept.filter { (lastUse[$0.key] ?? 0) > step } }
        return change
    }

    /// A journal's step: its line read, and its patch applied to the parent's state in place.
    private mutating func read(_ step: Int, parent: Int, from reader: JournalReader) throws(DebuggerError) -> Change {
        let line: JournalStep
        do {
            line = try reader.step(step)
        } catch {
            throw .journal(error)
        }
        let shown = parent >= first || readsEarlierParents
        if !shown, Self.isPatch(line.content), !(parent == stateStep && state != nil), kept[parent] == nil {
            // A travel back past the first step, to a state not at hand: the step's state is read
            // whole, so that a state that cannot be rebuilt is reported for this step, as reading it
            // would, not for the parent.
            let whole = try source.state(at: step)
            state = whole
            stateStep = step
            return Change(step: step, parent: parent, action: line.action, hash: line.hash, time: line.time, state: whole,
                          before: nil, fingerprint: patchedFingerprinter?.reset(to: whole))
        }
        var current = try takeState(of: parent, needed: shown || Self.isPatch(line.content))
        let before: JSONPatchFootprint?
        let fingerprint: UInt64?
        switch line.content {
        case .keyframe(let whole):
            before = shown ? current.map { JSONPatchFootprint(before: $0) } : nil
            current = whole
            fingerprint = patchedFingerprinter?.reset(to: whole)
        case .patch(let patch):
            var patched = current ?? .null
            current = nil
            before = shown ? JSONPatchFootprint(patch: patch, before: patched) : nil
            do {
                if let patchedFingerprinter {
                    fingerprint = try patchedFingerprinter.apply(patch, to: &patched)
                } else {
                    fingerprint = nil
                    try patch.apply(inPlace: &patched)
                }
            } catch {
                throw .journal(JournalError(.patchDoesNotApply(step: step, parent: parent, error), path: reader.path,
                                            line: reader.line(ofStep: step)))
            }
            current = patched
        }
        state = current
        stateStep = step
        return Change(step: step, parent: parent, action: line.action, hash: line.hash, time: line.time, state: current,
                      before: before, fingerprint: fingerprint)
    }

    /// A step of a recording that is not a journal: its state and its parent's, whole, as the source
    /// holds them.
    private mutating func read(_ step: Int, parent: Int) throws(DebuggerError) -> Change {
        let record = try source.record(at: step)
        let shown = parent >= first || readsEarlierParents
        // (`JSONValue` is `nil`-literal expressible: an `Optional` is spelled out, or `nil` would be JSON `null`.)
        var previous: JSONValue? = .none
        if source.hasState(at: parent), shown { previous = try takeState(of: parent, needed: true) }
        var current: JSONValue? = .none
        if source.hasState(at: step) { current = .some(try source.state(at: step)) }
        state = current
        stateStep = step
        let fingerprint = record.hash != nil ? current.flatMap { wholeFingerprinter?.fingerprint($0) } : nil
        return Change(step: step, parent: parent, action: record.action, hash: record.hash, time: record.time, state: current,
                      before: previous.map { JSONPatchFootprint(before: $0) }, fingerprint: fingerprint)
    }

    /// The state of `parent`, taken out of ``state`` when it is that one (so that nothing else holds
    /// it); `nil` when it is not `needed` and would have to be read.
    private mutating func takeState(of parent: Int, needed: Bool) throws(DebuggerError) -> JSONValue? {
        if parent == stateStep, let taken = state.take() { return taken }
        state = nil
        let found: JSONValue
        if let kept = kept[parent] {
            found = kept
        } else if needed {
            found = try source.state(at: parent)
        } else {
            return nil
        }
        patchedFingerprinter?.reset(to: found)
        return found
    }

    private static func isPatch(_ content: JournalStep.Content) -> Bool {
        if case .patch = content { true } else { false }
    }
}
