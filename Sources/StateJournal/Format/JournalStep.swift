import StateJSON

/// One step of a recording: the action that was applied and the state it produced.
///
/// The state is stored either whole (a keyframe) or as an RFC 6902 patch against the state of the step
/// before it. The fingerprint of the resulting state lets a reader check its reconstruction.
///
/// A version 6 line (its time in milliseconds since the header's `origin`, its action as its call):
///
/// ```json
/// {"step":12,"ms":5123,"action":"bank.pay(from: jenny, to: donald, amount: 10)","patch":[{"op":"replace","path":"/accounts/jenny","value":90}],"hash":"9f3a…","crc":"…"}
/// ```
public struct JournalStep: Sendable, Equatable {
    /// How a step stores its resulting state.
    public enum Content: Sendable, Equatable {
        /// The whole state.
        case keyframe(JSONValue)
        /// The changes from the previous step's state.
        case patch(JSONPatch)
    }

    /// The step number: 1 for the first action, consecutive after that.
    public var step: Int
    /// When the action was applied, in milliseconds since 1970-01-01 UTC. A version 6 line gives it as
    /// `ms`, milliseconds since the header's ``JournalHeader/origin``; readers give it back absolute.
    public var time: Int64
    /// The step whose state this action was applied to, when it is not `step - 1` (after a time travel).
    public var parent: Int?
    /// The action.
    public var action: JournalAction
    /// The resulting state, whole or as a patch.
    public var content: Content
    /// The fingerprint of the resulting state (see the journal format specification).
    public var hash: UInt64

    /// Creates a step record.
    public init(step: Int, time: Int64, parent: Int? = nil, action: JournalAction, content: Content, hash: UInt64) {
        self.step = step
        self.time = time
        self.parent = parent
        self.action = action
        self.content = content
        self.hash = hash
    }

    /// Whether this step stores the whole state.
    public var isKeyframe: Bool {
        if case .keyframe = content { return true }
        return false
    }

    /// The step number of the state this action was applied to.
    public var parentStep: Int { parent ?? step - 1 }

    /// Appends the step's journal line, including the final line feed, to `bytes`.
    ///
    /// Members are written in a fixed order (`step`, `kind`, `time` or `ms`, `parent`, `action`, `state` or
    /// `patch`, `hash`, `crc`) so that a reader can classify a line from its first bytes; `kind` is written
    /// only on keyframes (`"kind":"keyframe"`), since a line without it holds a patch.
    ///
    /// - Parameter origin: The header's ``JournalHeader/origin`` (version 6), which the time is then
    ///   written since, as `ms`; `nil` writes the absolute `time`.
    /// - Returns: The size of the `state` or `patch` member's value, in bytes.
    @discardableResult
    package func write(to bytes: inout [UInt8], origin: Int64? = nil) -> Int {
        Self.write(step: step, time: time, origin: origin, parent: parent, content: content, hash: hash, into: &bytes) { bytes in
            action.jsonValue.write(to: &bytes, style: .canonical)
        }
    }

    /// Appends a step's journal line whose action is already serialized (canonical JSON), so a writer
    /// that records the same action many times serializes it once.
    @discardableResult
    static func write(step: Int, time: Int64, origin: Int64? = nil, parent: Int?, actionBytes: [UInt8], content: Content, hash: UInt64,
                      into bytes: inout [UInt8]) -> Int {
        write(step: step, time: time, origin: origin, parent: parent, content: content, hash: hash, into: &bytes) { bytes in
            // Safe because the pointer is used only inside the closure. (An array's own append goes through
            // its generic path, several times slower for a few hundred bytes.)
            actionBytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        }
    }

    private static func write(step: Int, time: Int64, origin: Int64?, parent: Int?, content: Content, hash: UInt64,
                              into bytes: inout [UInt8], action writeAction: (inout [UInt8]) -> Void) -> Int {
        let keyframe: Bool
        if case .keyframe = content { keyframe = true } else { keyframe = false }
        let lineStart = bytes.count
        JournalLineWriter.writeStepStart(step: step, keyframe: keyframe, time: time, origin: origin, parent: parent, into: &bytes)
        writeAction(&bytes)
        let contentStart: Int
        switch content {
        case .keyframe(let state):
            JournalLineWriter.appendLiteral(#","state":"#, to: &bytes)
            contentStart = bytes.count
            state.write(to: &bytes, style: .canonical)
        case .patch(let patch):
            JournalLineWriter.appendLiteral(#","patch":"#, to: &bytes)
            contentStart = bytes.count
            patch.write(to: &bytes)
        }
        let contentBytes = bytes.count - contentStart
        JournalLineWriter.writeStepEnd(hash: hash, lineStart: lineStart, into: &bytes)
        return contentBytes
    }

    /// Reads a step from a parsed journal line, read without its header: a line that gives its time as
    /// `ms` (version 6) is refused, since `ms` counts from the header's ``JournalHeader/origin``.
    public init(jsonValue: JSONValue) throws(JournalLineError) {
        try self.init(jsonValue: jsonValue, timeBase: .unknown)
    }

    /// Reads a step from a parsed journal line under a header whose time base is `timeBase`: the time
    /// is the line's `time`, or its `ms` counted from the header's origin.
    package init(jsonValue: JSONValue, timeBase: StepTimeBase) throws(JournalLineError) {
        let fields = try LineFields(jsonValue)
        step = try fields.int("step")
        guard step >= 1 else { throw .invalidValue(field: "step", reason: "is \(step), but steps count from 1") }
        let absolute = try fields.optionalInt("time")
        if let ms = try fields.optionalInt("ms") {
            guard absolute == nil else {
                throw .invalidValue(field: "ms", reason: "on step \(step) is given with \"time\"; a step line gives one of the two")
            }
            time = try timeBase.time(ms: Int64(ms), step: step)
        } else {
            time = Int64(absolute ?? 0)
        }
        parent = try fields.optionalInt("parent")
        if let parent, parent < 0 || parent >= step {
            throw .invalidValue(field: "parent", reason: "is \(parent), but a step's parent must be an earlier step (0 to \(step - 1))")
        }
        action = try JournalAction(jsonValue: try fields.required("action"))
        let kind = try fields.optionalString("kind")
        if let state = fields.optional("state") {
            guard kind == nil || kind == "keyframe" else {
                throw .invalidValue(field: "kind", reason: "is \"\(kind ?? "")\", but the line holds a whole state")
            }
            content = .keyframe(state)
        } else if let patchValue = fields.optional("patch") {
            guard kind == nil || kind == "patch" else {
                throw .invalidValue(field: "kind", reason: "is \"\(kind ?? "")\", but the line holds a patch")
            }
            do {
                content = .patch(try JSONPatch(jsonValue: patchValue))
            } catch {
                throw .invalidValue(field: "patch", reason: "is not a valid JSON Patch: \(error)")
            }
        } else {
            throw .missingField("state\" or \"patch")
        }
        hash = try fields.hash("hash")
    }
}
