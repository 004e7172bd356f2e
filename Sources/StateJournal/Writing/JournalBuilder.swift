import StateJSON
import StateEncoding

/// Turns a sequence of (action, state) pairs, with states as JSON, into journal lines: it chooses
/// between keyframes and patches (``KeyframePolicy``), diffs against the previous state and
/// fingerprints each state incrementally, so the cost follows the size of each change.
///
/// The recorder uses it on its writer thread; the debugger uses it to write minimized recordings,
/// saved branches and imports.
///
/// ```swift
/// var bytes: [UInt8] = []
/// let builder = JournalBuilder(header: header)      // the header's initial state is step 0
/// builder.writeHeader(into: &bytes)
/// builder.appendStep(action: action, state: newState, time: 0, into: &bytes)
/// ```
///
/// Not thread-safe.
package final class JournalBuilder {
    /// The header the lines belong to.
    package private(set) var header: JournalHeader
    /// The policy in force.
    package let policy: KeyframePolicy
    private let fingerprinter: IncrementalFingerprinter
    // Unchecked exclusivity: the builder is used by one thread, and the dynamic checks of class
    // properties showed in a recorder's profile. Safe because no method hands out access to these
    // while calling code that could reach them again.
    @exclusivity(unchecked) private var previous: JSONValue
    @exclusivity(unchecked) private var stepsSinceKeyframe = 0
    @exclusivity(unchecked) private var patchBytesSinceKeyframe = 0
    @exclusivity(unchecked) private var keyframeBytes: Int
    @exclusivity(unchecked) private var forceKeyframe = false
    /// The number of the last step appended (the base step before any).
    @exclusivity(unchecked) package private(set) var lastStep: Int
    /// What the step lines' `ms` counts from (version 6), or `nil` when they give their `time`.
    private let timeOrigin: Int64?
    /// The last action longer than ``JournalLimits/maxValueDepth`` bytes found to nest within it.
    @exclusivity(unchecked) private var lastLongAction: [UInt8] = []
    /// The call sites written whole since the last keyframe, which version 5 lines name by number.
    @exclusivity(unchecked) private var siteNumbering: CallSiteNumbering

    /// Starts after `header`: its initial state is the previous state, and its `hash` is recomputed.
    ///
    /// A version 6 header without an ``JournalHeader/origin`` gets one: the time its `created` names, or
    /// 0 when that is no timestamp (the lines' `ms` are then absolute times).
    package init(header: JournalHeader, policy: KeyframePolicy = KeyframePolicy()) {
        var header = header
        if header.version >= 6, header.origin == nil { header.origin = Self.origin(created: header.created) }
        let fingerprinter = IncrementalFingerprinter(scheme: header.fingerprintScheme)
        header.hash = fingerprinter.fingerprint(header.initialState)
        self.fingerprinter = fingerprinter
        self.header = header
        timeOrigin = header.stepTimeBase.origin
        self.policy = policy
        previous = header.initialState
        keyframeBytes = header.initialState.serialized(.canonical).count
        lastStep = header.firstStep - 1
        siteNumbering = CallSiteNumbering(header.sites, inForce: CallSiteList(header: header).inForce)
    }

    /// Continues a journal whose last state is `state` after step `lastStep` (resuming a file).
    ///
    /// - Parameters:
    ///   - sites: The journal's site list after `lastStep` (``JournalReader/callSites(after:)``), which
    ///     the lines appended go on naming sites by.
    ///   - siteInForce: The call site in force after `lastStep` (version 6,
    ///     ``JournalReader/siteInForce(after:)``), which the lines appended go on from.
    package init(continuing header: JournalHeader, lastStep: Int, state: JSONValue, sites: [String] = [],
                 siteInForce: String? = nil, policy: KeyframePolicy = KeyframePolicy()) {
        self.header = header
        timeOrigin = header.stepTimeBase.origin
        siteNumbering = CallSiteNumbering(sites, inForce: header.version >= 6 ? siteInForce : nil)
        self.policy = policy
        previous = state
        fingerprinter = IncrementalFingerprinter(scheme: header.fingerprintScheme)
        _ = fingerprinter.fingerprint(state)
        keyframeBytes = state.serialized(.canonical).count
        self.lastStep = lastStep
    }

    /// The milliseconds since 1970 of an ISO 8601 timestamp, or 0 when `created` is none.
    private static func origin(created: String) -> Int64 {
        guard let date = ISO8601Timestamp.parse(created) else { return 0 }
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        return milliseconds.magnitude < 1e15 ? Int64(milliseconds) : 0
    }

    /// A builder for a file that carries this journal's lines on (a rolled-over file, a live stream that
    /// starts mid-journal), starting after `header`: the header takes this journal's version, since the
    /// steps that follow are hashed under its rule.
    ///
    /// The header carries the site list in force (``JournalHeader/sites``) and from version 6 on the
    /// site in force (``JournalHeader/site``), so the lines that follow name and carry sites as they
    /// do here, and a reader that starts at the header resolves them; and this journal's
    /// ``JournalHeader/origin``, so that a line's `ms` means the same time in both.
    package func continuation(after header: JournalHeader, policy: KeyframePolicy) -> JournalBuilder {
        var header = header
        header.version = self.header.version
        header.origin = self.header.origin
        header.sites = self.header.version >= 5 ? siteNumbering.sites : []
        header.site = self.header.version >= 6 ? siteNumbering.inForceNumber : nil
        return JournalBuilder(header: header, policy: policy)
    }

    /// The last state appended.
    package var lastState: JSONValue { previous }

    /// About how many bytes a whole state takes in the journal: the length of the last keyframe's line
    /// (or of the initial state). A recorder sizes what it keeps in memory by it.
    package var stateBytes: Int { keyframeBytes }

    /// Appends the header line.
    package func writeHeader(into bytes: inout [UInt8]) {
        JournalLine.header(header).write(to: &bytes)
    }

    /// Fingerprints a state that becomes current without a step (a time travel); the next step is a keyframe.
    package func travel(to state: JSONValue) -> UInt64 {
        previous = state
        forceKeyframe = true
        return fingerprinter.fingerprint(state)
    }

    /// Appends the next step's line and returns its number.
    ///
    /// - Parameters:
    ///   - parent: The step the action was applied to, when it is not the previous one; forces a keyframe.
    ///   - keyframe: Write the state whole regardless of the policy.
    @discardableResult
    package func appendStep(action: JournalAction, state: JSONValue, time: Int64, parent: Int? = nil,
                           keyframe requested: Bool = false, into bytes: inout [UInt8]) -> Int {
        let (actionBytes, site) = Self.parts(of: action, version: header.version)
        return appendStep(actionBytes: actionBytes, state: state, time: time, parent: parent, keyframe: requested, site: site,
                          into: &bytes)
    }

    /// An action's text without its site, and its site with where it goes in that text: after `call`,
    /// or before `type` (the members stay in key order).
    private static func parts(of action: JournalAction, version: Int) -> (bytes: [UInt8], site: (StepSite, offset: Int)?) {
        let bytes = action.withoutSite.jsonValue(version: version).serialized(.canonical)
        guard let site = action.site, let offset = siteOffset(in: bytes) else { return (bytes, nil) }
        return (bytes, (StepSite(site), offset))
    }

    /// Where a `site` member goes in an action's canonical text: after `call` (before the closing
    /// brace), or before `type`, the last member of the other form; `nil` when the text is neither.
    private static func siteOffset(in bytes: [UInt8]) -> Int? {
        if isCall(bytes) { return bytes.count - 1 }
        // A string holds no bare quote, so the last `,"type":"` is the one that starts the member.
        let member = Array(#","type":""#.utf8)
        var start = bytes.count - member.count
        while start > 0 {
            if bytes[start] == member[0], bytes[start..<start + member.count].elementsEqual(member) { return start }
            start -= 1
        }
        return nil
    }

    /// Whether an action's canonical text is the call form, `{"call":"…"}`, and nothing else.
    private static func isCall(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 11, bytes.last == UInt8(ascii: "}"), bytes.starts(with: Self.callPrefix) else { return false }
        // Safe because the skimmer reads only inside the buffer, during the call.
        return bytes.withUnsafeBytes { RawJSONSkimmer.end(ofStringAfter: Self.callPrefix.count, in: $0) } == bytes.count - 1
    }

    private static let callPrefix = Array(#"{"call":""#.utf8)

    /// Appends the next step's line, with the action already serialized, and returns its number.
    ///
    /// A recorder that sees the same action many times serializes it once and passes its bytes here;
    /// the line is the same as ``appendStep(action:state:time:parent:keyframe:into:)`` writes.
    ///
    /// ```swift
    /// let actionBytes = action.jsonValue.serialized(.canonical)   // {"label":…,"payload":…,"type":…}
    /// builder.appendStep(actionBytes: actionBytes, state: newState, time: 0, into: &bytes)
    /// ```
    ///
    /// - Parameters:
    ///   - actionBytes: The action's ``JournalAction/jsonValue(version:)`` for the header's version,
    ///     serialized in the canonical style.
    ///   - parent: The step the action was applied to, when it is not the previous one; forces a keyframe.
    ///   - keyframe: Write the state whole regardless of the policy.
    ///   - changes: The encoder's notes of the arrays of `state` it built from those of the last state
    ///     appended (see ``prepareStep(state:parent:keyframe:changes:)``).
    ///   - site: The call site, and the offset in `actionBytes` where its member goes.
    @discardableResult
    package func appendStep(actionBytes: [UInt8], state: JSONValue, time: Int64, parent: Int? = nil,
                           keyframe requested: Bool = false, changes: JSONArrayChanges? = nil,
                           site: (StepSite, offset: Int)? = nil, into bytes: inout [UInt8]) -> Int {
        appendStep(actionBytes: actionBytes,
                   prepared: prepareStep(state: state, parent: parent, keyframe: requested, changes: changes),
                   time: time, parent: parent, site: site, into: &bytes)
    }

    /// Works out how the next step's line stores `state` (a patch from the previous state, or the whole
    /// state as the policy decides) and its fingerprint, without writing the line; the state becomes the
    /// previous one.
    ///
    /// The line is written by ``appendStep(actionBytes:prepared:time:parent:into:)``, here or by another
    /// builder that frames lines only (``init(framingAfter:)``), as a recorder's writer thread does.
    /// Preparing and then appending gives the same line as
    /// ``appendStep(actionBytes:state:time:parent:keyframe:changes:into:)``.
    ///
    /// - Parameters:
    ///   - parent: The step the action was applied to, when it is not the previous one; forces a keyframe.
    ///   - keyframe: Store the state whole regardless of the policy.
    ///   - changes: The notes of the incremental encoder that made `state`
    ///     (``StateJSON/IncrementalJSONEncoder/arrayChanges``): which elements differ between arrays of the
    ///     previous state and of this one, so that the diff and the fingerprint look only there. Notes of
    ///     other arrays are never used, so any notes are safe; the line is the same with them as without.
    ///
    /// It also checks what the line will store against ``JournalLimits``, at the cost of what it stores:
    /// a keyframe's whole state, a patch's values (a patch value deeper than a patch line holds makes the
    /// step a keyframe). What no reader would read is in the result's ``PreparedStepState/problem``.
    package func prepareStep(state: JSONValue, parent: Int?, keyframe requested: Bool = false,
                             changes: JSONArrayChanges? = nil) -> PreparedStepState {
        let fingerprint = fingerprinter.fingerprint(state, changes: changes)
        var keyframe = requested || forceKeyframe || parent != nil || keyframeBytes <= policy.smallStateBytes
            || policy.intervalCalls(afterSteps: stepsSinceKeyframe, patchBytes: patchBytesSinceKeyframe, keyframeBytes: keyframeBytes)
        var content: [UInt8] = []
        var problem: JournalLineError?
        if !keyframe {
            let patch = JSONDiff.patch(from: previous, to: state, changes: changes)
            let limits = Self.limits(of: patch)
            problem = limits.problem
            keyframe = limits.needsKeyframe
            if !keyframe { patch.write(to: &content) }
        }
        if !keyframe {
            if policy.allowsPatch(content.count, after: patchBytesSinceKeyframe, keyframeBytes: keyframeBytes, version: header.version) {
                stepsSinceKeyframe += 1
                patchBytesSinceKeyframe += content.count
            } else {
                // The patches since the last keyframe would weigh more than the policy's share of the
                // state: store this one whole, so rebuilding any step reads a bounded multiple of it.
                content.removeAll(keepingCapacity: true)
                keyframe = true
            }
        }
        if keyframe {
            problem = JournalLimits.problem(in: state, field: "state", limit: JournalLimits.maxValueDepth)
            state.write(to: &content, style: .canonical)
            keyframeBytes = content.count
            stepsSinceKeyframe = 0
            patchBytesSinceKeyframe = 0
        }
        forceKeyframe = false
        previous = state
        return PreparedStepState(keyframe: keyframe, content: content, hash: fingerprint, problem: problem)
    }

    /// What a patch's values mean for the limits: a problem in the state they make (a value deeper
    /// than the state may nest where it goes, a number that would not read back), or a value too deep
    /// for a patch line, whose step a keyframe then stores.
    private static func limits(of patch: JSONPatch) -> (problem: JournalLineError?, needsKeyframe: Bool) {
        var needsKeyframe = false
        for operation in patch.operations {
            guard let value = operation.value else { continue }
            let room = JournalLimits.maxValueDepth - operation.path.tokens.count
            let report = JournalLimits.report(on: value, limit: max(0, room))
            if let problem = JournalLimits.problem(in: report, field: "state", limit: JournalLimits.maxValueDepth, at: operation.path) {
                return (problem, false)
            }
            if report.depth > JournalLimits.maxPatchValueDepth { needsKeyframe = true }
        }
        return (nil, needsKeyframe)
    }

    /// Appends the next step's line with its state as prepared by ``prepareStep(state:parent:keyframe:changes:)``
    /// and returns its number.
    ///
    /// - Parameters:
    ///   - actionBytes: The action's ``JournalAction/jsonValue`` serialized in the canonical style.
    ///   - parent: The parent given to ``prepareStep(state:parent:keyframe:changes:)``.
    ///   - site: The action's call site, and the offset in `actionBytes` where its member goes (after
    ///     `call`, or before `type`). From version 5 on a site written whole since the last keyframe is
    ///     written as its number (``CallSiteList``).
    @discardableResult
    package func appendStep(actionBytes: [UInt8], prepared: PreparedStepState, time: Int64, parent: Int? = nil,
                           site: (StepSite, offset: Int)? = nil, into bytes: inout [UInt8]) -> Int {
        let step = lastStep + 1
        let lineStart = bytes.count
        JournalLineWriter.writeStepStart(step: step, keyframe: prepared.keyframe, time: time, origin: timeOrigin,
                                         parent: parent, into: &bytes)
        if prepared.keyframe { siteNumbering.removeAll() }
        // Safe because each pointer is used only inside its closure, and the offset lies within the action's
        // text (callers take it from that text). (An array's own append goes through its generic path,
        // several times slower for a few hundred bytes.)
        if header.version >= 6 {
            appendCarryingSite(actionBytes: actionBytes, site: site, into: &bytes)
        } else if let (site, offset) = site, offset >= 0, offset <= actionBytes.count {
            actionBytes.withUnsafeBufferPointer { action in
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: action[..<offset]))
                if header.version >= 5 {
                    siteNumbering.write(site, into: &bytes)
                } else {
                    site.member.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: action[offset...]))
            }
        } else {
            actionBytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        }
        JournalLineWriter.appendLiteral(prepared.keyframe ? #","state":"# : #","patch":"#, to: &bytes)
        prepared.content.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        JournalLineWriter.writeStepEnd(hash: prepared.hash, lineStart: lineStart, into: &bytes)
        if prepared.keyframe { keyframeBytes = prepared.content.count }
        lastStep = step
        return step
    }

    /// Appends a version 6 line's action: the site is written only where it differs from the one in
    /// force (`"site":null` for none), and an action written as a call that needs no `site` member is
    /// written as the call alone, a JSON string.
    private func appendCarryingSite(actionBytes: [UInt8], site: (StepSite, offset: Int)?, into bytes: inout [UInt8]) {
        let stepSite = site.map(\.0)
        guard siteNumbering.needsMember(for: stepSite) else {
            // Safe because each pointer is used only inside its closure, and the range lies within the action's text.
            actionBytes.withUnsafeBufferPointer { action in
                if Self.isCall(actionBytes) {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: action[Self.callPrefix.count - 1..<action.count - 1]))
                } else {
                    bytes.append(contentsOf: action)
                }
            }
            return
        }
        let offset = site.map(\.offset).flatMap { (0...actionBytes.count).contains($0) ? $0 : nil } ?? Self.siteOffset(in: actionBytes)
        guard let offset else {
            // Not an action's canonical text: written as it is (the caller's bytes were never a journal's action).
            actionBytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
            return
        }
        // Safe because each pointer is used only inside its closure, and the offset lies within the action's text.
        actionBytes.withUnsafeBufferPointer { action in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: action[..<offset]))
            if let stepSite {
                siteNumbering.write(stepSite, into: &bytes)
            } else {
                JournalLineWriter.appendLiteral(#","site":null"#, to: &bytes)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: action[offset...]))
        }
        siteNumbering.putInForce(stepSite)
    }

    /// Appends the next step's line as ``appendStep(actionBytes:prepared:time:parent:into:)`` does, when
    /// every reader would read it (``JournalLimits``), and returns its number: what a recorder writes
    /// with, so that it never reports a step written that its readers would refuse.
    ///
    /// - Throws: ``JournalError/UnreadableLine`` when the state holds what the line may not (as
    ///   ``prepareStep(state:parent:keyframe:changes:)`` found), the action nests too deep, or the line
    ///   would be longer than ``JournalLimits/maxLineBytes``. Nothing is appended then; the builder
    ///   should write no more steps, since the state it goes on from is not in the journal.
    @discardableResult
    package func appendReadableStep(actionBytes: [UInt8], prepared: PreparedStepState, time: Int64, parent: Int? = nil,
                                    site: (StepSite, offset: Int)? = nil,
                                    into bytes: inout [UInt8]) throws(JournalError.UnreadableLine) -> Int {
        let step = lastStep + 1
        if let problem = prepared.problem ?? actionProblem(actionBytes) {
            throw JournalError.UnreadableLine(step: step, problem: problem)
        }
        let lineStart = bytes.count
        // The site numbering is not put back when the line is refused: the builder writes no more steps then.
        appendStep(actionBytes: actionBytes, prepared: prepared, time: time, parent: parent, site: site, into: &bytes)
        if bytes.count - lineStart - 1 > JournalLimits.maxLineBytes {
            bytes.removeSubrange(lineStart...)
            lastStep = step - 1
            throw JournalError.UnreadableLine(step: step, problem: .tooLong(limit: JournalLimits.maxLineBytes))
        }
        return step
    }

    /// ``appendStep(actionBytes:state:time:parent:keyframe:changes:into:)`` when every reader would read
    /// the line; see ``appendReadableStep(actionBytes:prepared:time:parent:into:)``.
    @discardableResult
    package func appendReadableStep(actionBytes: [UInt8], state: JSONValue, time: Int64, parent: Int? = nil,
                                    keyframe requested: Bool = false, changes: JSONArrayChanges? = nil,
                                    site: (StepSite, offset: Int)? = nil,
                                    into bytes: inout [UInt8]) throws(JournalError.UnreadableLine) -> Int {
        try appendReadableStep(actionBytes: actionBytes,
                               prepared: prepareStep(state: state, parent: parent, keyframe: requested, changes: changes),
                               time: time, parent: parent, site: site, into: &bytes)
    }

    /// ``appendStep(action:state:time:parent:keyframe:into:)`` when every reader would read the line;
    /// see ``appendReadableStep(actionBytes:prepared:time:parent:into:)``.
    @discardableResult
    package func appendReadableStep(action: JournalAction, state: JSONValue, time: Int64, parent: Int? = nil,
                                    keyframe requested: Bool = false, into bytes: inout [UInt8]) throws(JournalError.UnreadableLine) -> Int {
        let (actionBytes, site) = Self.parts(of: action, version: header.version)
        return try appendReadableStep(actionBytes: actionBytes, state: state, time: time, parent: parent,
                                      keyframe: requested, site: site, into: &bytes)
    }

    /// Whether an action's text nests deeper than a line holds it. An action of fewer bytes than that
    /// depth cannot, and the last long one found within it is not scanned again: a recorder passes the
    /// same bytes for an action it has seen.
    private func actionProblem(_ actionBytes: [UInt8]) -> JournalLineError? {
        guard actionBytes.count > JournalLimits.maxValueDepth, actionBytes != lastLongAction else { return nil }
        // Safe because the pointer is used only inside the closure, within the array's count.
        if actionBytes.withUnsafeBytes({ JournalLimits.nestsDeeper($0, than: JournalLimits.maxValueDepth) }) {
            return .tooDeep(field: "action", limit: JournalLimits.maxValueDepth)
        }
        lastLongAction = actionBytes
        return nil
    }

    /// A builder that writes the lines of steps prepared by `other` (``prepareStep(state:parent:keyframe:changes:)``),
    /// numbered on from `other`'s last step.
    ///
    /// It keeps no state of its own: its ``lastState`` is `null`, and only
    /// ``appendStep(actionBytes:prepared:time:parent:into:)`` may append to it.
    package init(framingAfter other: JournalBuilder) {
        header = other.header
        timeOrigin = other.timeOrigin
        policy = other.policy
        fingerprinter = IncrementalFingerprinter(scheme: other.header.fingerprintScheme)
        previous = .null
        keyframeBytes = other.keyframeBytes
        lastStep = other.lastStep
        siteNumbering = other.siteNumbering
    }
}
