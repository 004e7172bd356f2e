import StateJSON

/// A description of an app's state and action types, stored in every journal's header so that later
/// code can tell whether it can still replay the recording.
///
/// Each type is described twice and the two merged. Reflection (`Mirror`) on the initial state, and on
/// one sample of every action case, gives field names and Swift types recursively, the first element
/// of a non-empty collection standing for all of them. For a `Decodable` type a probe then decodes the
/// type itself from a decoder with no data, which finds what no value shows: the element fields of
/// arrays that are empty today, dictionary values, the types inside optionals that are `nil`, and the
/// associated values of enum cases. Where reflection knows a type's members they stay; the probe fills
/// in the rest.
///
/// ``compatibility(withRecorded:recordedVersion:)`` compares only what both schemas describe, by these rules:
///
/// - A field of the state or of an action's payload (inside array elements too) that was renamed,
///   retyped or removed, or a new field that is not optional, makes the recording *incompatible*, as
///   does an action case that no longer exists: replaying it fails or diverges.
/// - A new optional field, a field that became optional, an optional field that is gone and a new
///   action case are additions: the recording is *risky*, with a note for each, and still replays.
/// - A leaf type's name (`Int`, `String`) must stay; a struct, collection or enum is compared by its
///   members, elements and cases, so renaming the type alone changes nothing.
///
/// ```swift
/// let schema = AppSchema(initialState: BankApp.initialState, actionSamples: BankApp.actionSamples,
///                        describer: ActionDescriber(prefix: "bank"))
/// schema.compatibility(withRecorded: header.schema)    // .compatible
/// ```
public struct AppSchema: Sendable, Equatable {
    /// The shape of the state.
    public var state: JSONValue
    /// The shape of each action case's payload, by tag.
    public var actions: [String: JSONValue]

    /// Describes an app from its initial state and one sample of every action case.
    ///
    /// When `State`, or a sample's type, is `Decodable`, the type is also probed (see above); a type
    /// whose `init(from:)` rejects the probe's placeholders is described as far as it got.
    public init<State, Action>(initialState: State, actionSamples: [Action], describer: ActionDescriber) {
        state = Self.shape(of: initialState).jsonValue
        var actions: [String: JSONValue] = [:]
        for sample in actionSamples {
            actions[describer.describe(sample).type] = Self.shape(of: sample).jsonValue
        }
        self.actions = actions
    }

    /// Reads a schema stored in a journal header; `nil` when the value is not one.
    public init?(jsonValue: JSONValue) {
        guard case .object(let object) = jsonValue, let state = object["state"],
              case .object(let actionObject)? = object["actions"] else { return nil }
        self.state = state
        var actions: [String: JSONValue] = [:]
        for (key, value) in actionObject.members { actions[key] = value }
        self.actions = actions
    }

    /// The schema as stored in a journal header.
    public var jsonValue: JSONValue {
        ["state": state, "actions": .object(JSONObject(actions.map { ($0.key, $0.value) }))]
    }

    /// The fingerprint of the schema, 16 hex digits.
    ///
    /// Always computed as journal versions 1 and 2 did, so that a schema's fingerprint is the same in
    /// every journal whatever its version.
    public var fingerprint: String {
        StateFingerprint.hex(StateFingerprint.of(jsonValue, scheme: .sequential))
    }

    /// Whether a recording made with `recorded` (a header's `schema`) can be replayed by the code that
    /// has this schema, in the manner of Elm's debugger; the reasons name each field that changed, and
    /// when the recording cannot be replayed the last one proposes the migration that would keep it.
    ///
    /// ```swift
    /// print(currentSchema.compatibility(withRecorded: header.schema))
    /// ```
    /// ```text
    /// incompatible: the state's .items[].title was renamed to .items[].name, or replaced by it; to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .renameField("title", to: "name", in: .state(".items[*]")))]
    /// ```
    ///
    /// - Parameters:
    ///   - recorded: The recording's schema, as its header carries it.
    ///   - recordedVersion: The version of the types the recording was made with (its header's
    ///     `schemaVersion`, 1 when it has none), which the proposed migration starts from.
    public func compatibility(withRecorded recorded: JSONValue, recordedVersion: Int = 1) -> SchemaCompatibility {
        guard let old = AppSchema(jsonValue: recorded) else {
            return .risky(["the recording carries no schema, so its actions may not decode"])
        }
        return compatibility(withRecorded: old) { steps in
            "to keep the recordings made with version \(recordedVersion) of the types, declare version \(recordedVersion + 1): "
                + "schemaVersion: \(recordedVersion + 1), migrations: [.from(\(recordedVersion), \(steps.joined(separator: ", ")))]"
        }
    }

    /// The verdict on a recorded schema (read through migrations, possibly), with `proposal` making the
    /// last reason of an incompatible one from the migration steps the comparison proposes, if any.
    func compatibility(withRecorded old: AppSchema, proposal: ([String]) -> String) -> SchemaCompatibility {
        if old == self { return .compatible }
        var comparison = SchemaComparison()
        comparison.compare(recorded: SchemaNode(jsonValue: old.state), current: SchemaNode(jsonValue: state), of: .state)
        let goneTags = old.actions.keys.filter { actions[$0] == nil }.sorted()
        let newTags = actions.keys.filter { old.actions[$0] == nil }.sorted()
        for tag in old.actions.keys.sorted() {
            guard let current = actions[tag], let recorded = old.actions[tag] else {
                comparison.breaks("the action \(tag) no longer exists")
                continue
            }
            comparison.compare(recorded: SchemaNode(jsonValue: recorded), current: SchemaNode(jsonValue: current), of: .action(tag))
        }
        if goneTags.count == 1, newTags.count == 1, let recorded = old.actions[goneTags[0]] {
            // One action gone beside one new: a renamed case when the payload nests under the case's
            // name, else a struct action whose type was renamed.
            let caseName = goneTags[0].split(separator: ".").last.map(String.init) ?? goneTags[0]
            let isCase = SchemaNode(jsonValue: recorded).existingCase(caseName) != nil
            comparison.propose(".\(isCase ? "renameAction" : "retagAction")(\(MigrationScope.literal(goneTags[0])), to: \(MigrationScope.literal(newTags[0])))")
        }
        if !comparison.breaking.isEmpty {
            var reasons = comparison.breaking
            if !comparison.proposals.isEmpty { reasons.append(proposal(comparison.proposals)) }
            return .incompatible(reasons)
        }
        for tag in newTags {
            comparison.note("the action \(tag) is new")
        }
        return comparison.notes.isEmpty ? .compatible : .risky(comparison.notes)
    }

    /// The shape of `value`: reflected, and probed when its type is `Decodable`.
    private static func shape(of value: Any) -> SchemaNode {
        var reflector = SchemaReflector()
        let reflected = reflector.shape(of: value)
        guard let decodable = type(of: value) as? any Decodable.Type else { return reflected }
        return SchemaNode.merging(reflected, SchemaProbe.shape(of: decodable, hints: reflector.hints)) ?? reflected
    }
}
