import StateJSON

/// The first line of every journal: what recorded it, for which app, and the state it started from.
///
/// ```json
/// {"format":"statedbg-journal","version":4,"tool":"statedbg 0.1.0","app":"bank",
///  "stateType":"ExampleApps.BankApp.State","actionType":"ExampleApps.BankApp.Action",
///  "schema":{…},"schemaHash":"6c1f…","schemaVersion":2,"created":"2026-11-21T22:40:00.000Z","firstStep":1,
///  "options":{…},"initialState":{…},"hash":"0b9e…"}
/// ```
/// (one line in the file; wrapped here.)
public struct JournalHeader: Sendable, Equatable {
    /// The format version of the file; see ``JournalFormat``.
    public var version: Int
    /// The program that wrote the file, e.g. `statedbg 0.1.0`.
    public var tool: String
    /// The identifier of the app whose store was recorded, e.g. `bank`.
    public var app: String
    /// The Swift type name of the state.
    public var stateType: String
    /// The Swift type name of the action.
    public var actionType: String
    /// A description of the state and action types, used to tell whether current code can replay the file.
    public var schema: JSONValue
    /// The hash of ``schema``'s canonical form, as 16 hex digits.
    public var schemaHash: String
    /// The version of the recorded types, as the app states it: the member `"schemaVersion"` from 2 on;
    /// a header without the member is version 1, as is every recording made before its app stated a
    /// version. A reader with later code migrates the recording from this version to its own.
    public var schemaVersion = 1
    /// When recording started, as an ISO 8601 UTC timestamp.
    public var created: String
    /// The number of the first step line (1, or more in a file that continues a rolled-over one).
    public var firstStep: Int
    /// The largest ``firstStep`` a reader accepts: half of `Int.max`, so that counting steps on from
    /// it can never overflow, however many lines the file holds.
    public static let maxFirstStep = Int.max / 2
    /// The file this one continues, when the recorder rolled over to a new file.
    public var previousFile: String?
    /// The recorder's options, for the record.
    public var options: JSONValue
    /// Whether the states were encoded through `Codable` (and so can be decoded for replay) or
    /// reflected from a type that is not `Codable` (`"stateCoding":"reflection"`; absent for `Codable`).
    public var stateCoding: StateCoding = .codable

    /// How a recorder turned the app's states into JSON.
    public enum StateCoding: String, Sendable, Equatable {
        /// Through the state type's `Encodable` conformance: a replay can decode every state.
        case codable
        /// Through reflection of a state type that is not `Codable`: the states can be read, diffed and
        /// searched, and a replay can compare against them, but it cannot start from one of them.
        case reflection
    }
    /// The call sites that step lines name by number before the first keyframe: the site list in
    /// force at ``firstStep`` (version 5; see <doc:JournalFileFormat#Call-sites-named-by-number>).
    /// Empty in a file's first header; a rolled-over file, a flight recorder's segment or a live stream
    /// that starts mid-journal carries the list its lines go on from.
    public var sites: [String] = []
    /// The session's time origin, in milliseconds since 1970-01-01 UTC (version 6): when the recorder
    /// started. Step lines give their times as `ms` since it (see
    /// <doc:JournalFileFormat#Times-since-the-headers-origin>); every header of the same session (a
    /// rolled-over file, a flight recorder's segment, a live stream's restart, a resumed journal)
    /// carries the same origin. `nil` in a header without the member, whose step lines give `time`.
    public var origin: Int64?
    /// The largest magnitude of an ``origin`` a reader accepts: 10^15 milliseconds, about 31,700 years.
    public static let maxOriginMagnitude: UInt = 1_000_000_000_000_000
    /// The number in ``sites`` of the call site in force at ``firstStep``, which the first step line has
    /// when its action has no `site` member; `nil` for none (version 6; see
    /// <doc:JournalFileFormat#An-action-as-its-call-alone-and-call-sites-carried-from-line-to-line>).
    /// Set in a header that carries a journal's lines on, so that lines prepared before it stay valid.
    public var site: Int?
    /// The state before the first step.
    public var initialState: JSONValue
    /// The tree hash of ``initialState`` (see the journal format specification).
    public var hash: UInt64

    /// Creates a header.
    public init(
        version: Int = JournalFormat.currentVersion,
        tool: String,
        app: String,
        stateType: String,
        actionType: String,
        schema: JSONValue,
        schemaHash: String,
        created: String,
        firstStep: Int = 1,
        previousFile: String? = nil,
        options: JSONValue = .object(JSONObject()),
        initialState: JSONValue,
        hash: UInt64
    ) {
        self.version = version
        self.tool = tool
        self.app = app
        self.stateType = stateType
        self.actionType = actionType
        self.schema = schema
        self.schemaHash = schemaHash
        self.created = created
        self.firstStep = firstStep
        self.previousFile = previousFile
        self.options = options
        self.initialState = initialState
        self.hash = hash
    }

    /// The header as the JSON object on the journal's first line.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [
            ("format", .string(JournalFormat.name)),
            ("version", .integer(Int64(version))),
            ("tool", .string(tool)),
            ("app", .string(app)),
            ("stateType", .string(stateType)),
            ("actionType", .string(actionType)),
            ("schema", schema),
            ("schemaHash", .string(schemaHash)),
            ("created", .string(created)),
            ("firstStep", .integer(Int64(firstStep))),
            ("options", options),
            ("initialState", initialState),
            ("hash", .string(StateFingerprint.hex(hash))),
        ]
        if let previousFile { members.append(("previousFile", .string(previousFile))) }
        if stateCoding != .codable { members.append(("stateCoding", .string(stateCoding.rawValue))) }
        if schemaVersion > 1 { members.append(("schemaVersion", .integer(Int64(schemaVersion)))) }
        if !sites.isEmpty { members.append(("sites", .array(sites.map { .string($0) }))) }
        if let origin { members.append(("origin", .integer(origin))) }
        if let site { members.append(("site", .integer(Int64(site)))) }
        return .object(JSONObject(members))
    }

    /// Reads a header from the JSON object on a journal's first line.
    ///
    /// - Throws: ``JournalLineError`` when a member is missing or malformed, and
    ///   ``JournalLineError/invalidValue(field:reason:)`` naming `version` when the file is newer than
    ///   this reader.
    public init(jsonValue: JSONValue) throws(JournalLineError) {
        let fields = try LineFields(jsonValue)
        let format = try fields.string("format")
        guard format == JournalFormat.name else {
            throw .invalidValue(field: "format", reason: "is \"\(format)\", not \"\(JournalFormat.name)\"; this is not a statedbg journal")
        }
        version = try fields.int("version")
        guard JournalFormat.readableVersions.contains(version) else {
            let newest = JournalFormat.readableVersions.upperBound
            if version > newest {
                throw .invalidValue(field: "version", reason: "is \(version), newer than this statedbg reads (up to \(newest)); upgrade statedbg to read it")
            }
            throw .invalidValue(field: "version", reason: "is \(version), which no statedbg version wrote")
        }
        tool = try fields.optionalString("tool") ?? "unknown"
        app = try fields.string("app")
        stateType = try fields.optionalString("stateType") ?? "unknown"
        actionType = try fields.optionalString("actionType") ?? "unknown"
        schema = fields.optional("schema") ?? .null
        schemaHash = try fields.optionalString("schemaHash") ?? ""
        schemaVersion = try fields.optionalInt("schemaVersion") ?? 1
        if schemaVersion < 1 {
            throw .invalidValue(field: "schemaVersion", reason: "is \(schemaVersion), but versions of the types count from 1")
        }
        created = try fields.optionalString("created") ?? ""
        firstStep = try fields.optionalInt("firstStep") ?? 1
        guard firstStep >= 1 else { throw .invalidValue(field: "firstStep", reason: "is \(firstStep), but steps count from 1") }
        guard firstStep <= Self.maxFirstStep else {
            throw .invalidValue(field: "firstStep", reason: "is \(firstStep), but it can be at most \(Self.maxFirstStep)")
        }
        previousFile = try fields.optionalString("previousFile")
        options = fields.optional("options") ?? .object(JSONObject())
        if let coding = try fields.optionalString("stateCoding") {
            guard let known = StateCoding(rawValue: coding) else {
                throw .invalidValue(field: "stateCoding", reason: "is \"\(coding)\", but it can only be \"codable\" or \"reflection\"")
            }
            stateCoding = known
        }
        switch fields.optional("sites") {
        case nil:
            break
        case .array(let list)?:
            sites = try list.map { (value: JSONValue) throws(JournalLineError) -> String in
                guard case .string(let site) = value else { throw .wrongType(field: "sites", expected: "an array of strings", found: value.kind) }
                return site
            }
        case let other?:
            throw .wrongType(field: "sites", expected: "an array of strings", found: other.kind)
        }
        if let origin = try fields.optionalInt("origin") {
            // Within about 31,000 years of 1970: a time read as the origin plus a line's `ms` (at most
            // 18 digits where the line is read from its first bytes) can then never overflow.
            guard origin.magnitude <= Self.maxOriginMagnitude else {
                throw .invalidValue(field: "origin", reason: "is \(origin), but an origin is milliseconds since 1970 between -\(Self.maxOriginMagnitude) and \(Self.maxOriginMagnitude)")
            }
            self.origin = Int64(origin)
        }
        site = try fields.optionalInt("site")
        if let site {
            guard version >= 6 else {
                throw .invalidValue(field: "site", reason: "is \(site), but a header names the call site in force only from version 6 on")
            }
            guard site >= 1, site <= sites.count else {
                let listed = sites.count == 1 ? "1 call site" : "\(sites.count) call sites"
                throw .invalidValue(field: "site", reason: "is \(site), but it must be the number of one of the header's \(listed) (from 1)")
            }
        }
        initialState = try fields.required("initialState")
        hash = try fields.hash("hash")
    }

    /// What the `ms` member of the step lines under this header counts from: the ``origin`` from
    /// version 6 on; before it, `ms` is not a member of a step line.
    package var stepTimeBase: StepTimeBase {
        StepTimeBase(version: version, origin: version >= 6 ? origin : nil)
    }
}
