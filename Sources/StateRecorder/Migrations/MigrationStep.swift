import StateJSON

/// One change in a ``Migration``: a ready-made step for the usual changes of a type, each one line, or
/// a closure over the JSON for anything else.
///
/// A step changes the values its ``MigrationScope`` selects, in the state (the initial state, every
/// keyframe and every patch) or in the payload of one action type (in steps and in rejected-action
/// events); ``renameAction(_:to:)`` and ``retagAction(_:to:)`` change the action's tag. The steps of a
/// migration run in order, so a step after a rename names the new name.
///
/// ```swift
/// .renameField("age", to: "years", in: .state(".users[*]"))
/// .moveField("street", to: ".address.street", in: .state(".users[*]"))
/// .addField("currency", value: "EUR", in: .state(".accounts[*]"))
/// .dropField("legacyID", in: .state(".users[*]"))
/// .convertField("balance", .dividedBy(100), in: .state(".accounts[*]"))
/// .renameCase("pending", to: "waiting", in: .state(".orders[*].status"))
/// .renameAction("users.updateAge", to: "users.setAge")
/// .retagAction("ReSwiftUsersApp.UpdateName", to: "ReSwiftUsersApp.RenameUser")
/// .transform("split name", in: .state(".users[*]")) { user in … }
/// ```
public struct MigrationStep: Sendable, CustomStringConvertible {
    /// What the step does to each value of its scope.
    enum Operation: Sendable {
        case renameField(String, to: String)
        case moveField(from: [String], to: [String])
        case addField(String, value: JSONValue)
        case dropField(String)
        case convertField(String, ValueConversion)
        case renameCase(String, to: String)
        case transform(name: String, body: @Sendable (JSONValue) throws -> JSONValue)
        case renameAction(String, to: String)
        case retagAction(String, to: String)
    }

    let operation: Operation
    /// Where the step applies; `nil` for a step about an action's tag.
    let scope: MigrationScope?

    /// The member `name` of each object in `scope` is called `newName` (an object without it stays as it is).
    public static func renameField(_ name: String, to newName: String, in scope: MigrationScope) -> MigrationStep {
        MigrationStep(operation: .renameField(name, to: newName), scope: scope)
    }

    /// The member at `source` of each object in `scope` moves to `destination`, both paths of member
    /// names inside the object (`street`, `.address.street`): the objects on the way to the
    /// destination are made when missing. Into a nested struct: `.moveField("street", to: ".address.street", …)`.
    public static func moveField(_ source: String, to destination: String, in scope: MigrationScope) -> MigrationStep {
        MigrationStep(operation: .moveField(from: memberPath(source), to: memberPath(destination)), scope: scope)
    }

    /// Each object in `scope` without a member `name` gets it, with `value`: a field added to a type
    /// takes the value the recording's states would have had.
    public static func addField(_ name: String, value: JSONValue, in scope: MigrationScope) -> MigrationStep {
        MigrationStep(operation: .addField(name, value: value), scope: scope)
    }

    /// The member `name` of each object in `scope` is removed.
    public static func dropField(_ name: String, in scope: MigrationScope) -> MigrationStep {
        MigrationStep(operation: .dropField(name), scope: scope)
    }

    /// The member `name` of each object in `scope` changes type or units (see ``ValueConversion``).
    public static func convertField(_ name: String, _ conversion: ValueConversion, in scope: MigrationScope) -> MigrationStep {
        MigrationStep(operation: .convertField(name, conversion), scope: scope)
    }

    /// An enum case renamed, in each enum value `scope` selects: a case without associated values (its
    /// `Codable` form is its name, `"pending"`) and one with them (`{"pending":{…}}`) alike.
    public static func renameCase(_ name: String, to newName: String, in scope: MigrationScope) -> MigrationStep {
        MigrationStep(operation: .renameCase(name, to: newName), scope: scope)
    }

    /// An action enum's case renamed: actions tagged `tag` get `newTag`, and their payload's case key
    /// (`{"updateAge":{…}}`) takes the new tag's last part. Their labels are written again by the
    /// current code when a migrated journal is written.
    public static func renameAction(_ tag: String, to newTag: String) -> MigrationStep {
        MigrationStep(operation: .renameAction(tag, to: newTag), scope: nil)
    }

    /// Actions tagged `tag` get `newTag`, their payload unchanged: a struct action whose type was
    /// renamed, or an action type registered under another name.
    public static func retagAction(_ tag: String, to newTag: String) -> MigrationStep {
        MigrationStep(operation: .retagAction(tag, to: newTag), scope: nil)
    }

    /// Anything else: `body` turns each value `scope` selects into its new form. `name` says what it
    /// does, for messages; what `body` throws stops the read with the migration, the step and the value named.
    ///
    /// ```swift
    /// .transform("split name", in: .state(".users[*]")) { user in
    ///     var user = user.objectValue ?? JSONObject()
    ///     let parts = (user["name"]?.stringValue ?? "").split(separator: " ", maxSplits: 1)
    ///     user["firstName"] = .string(parts.first.map(String.init) ?? "")
    ///     user["lastName"] = .string(parts.count > 1 ? String(parts[1]) : "")
    ///     user["name"] = nil
    ///     return .object(user)
    /// }
    /// ```
    public static func transform(_ name: String, in scope: MigrationScope,
                                 _ body: @escaping @Sendable (JSONValue) throws -> JSONValue) -> MigrationStep {
        MigrationStep(operation: .transform(name: name, body: body), scope: scope)
    }

    /// The step as the Swift that declares it, a closure shown as `{ … }`.
    public var description: String {
        let place = scope.map { ", in: \($0)" } ?? ""
        let literal = MigrationScope.literal
        switch operation {
        case .renameField(let name, let newName):
            return ".renameField(\(literal(name)), to: \(literal(newName))\(place))"
        case .moveField(let source, let destination):
            return ".moveField(\(literal(Self.pathText(source))), to: \(literal(Self.pathText(destination)))\(place))"
        case .addField(let name, let value):
            return ".addField(\(literal(name)), value: \(value.canonicalText)\(place))"
        case .dropField(let name):
            return ".dropField(\(literal(name))\(place))"
        case .convertField(let name, let conversion):
            return ".convertField(\(literal(name)), \(conversion)\(place))"
        case .renameCase(let name, let newName):
            return ".renameCase(\(literal(name)), to: \(literal(newName))\(place))"
        case .transform(let name, _):
            return ".transform(\(literal(name))\(place)) { … }"
        case .renameAction(let tag, let newTag):
            return ".renameAction(\(literal(tag)), to: \(literal(newTag)))"
        case .retagAction(let tag, let newTag):
            return ".retagAction(\(literal(tag)), to: \(literal(newTag)))"
        }
    }

    /// What the step does, for people: `rename age to years in .users[*]`.
    public var summary: String {
        scope.map { "\(change) in \($0.place)" } ?? change
    }

    /// What the step does without where: `rename age to years`, `split the name` (a closure's name).
    var change: String {
        switch operation {
        case .renameField(let name, let newName): "rename \(name) to \(newName)"
        case .moveField(let source, let destination): "move \(Self.pathText(source)) to \(Self.pathText(destination))"
        case .addField(let name, let value): "add \(name) = \(ValueConversion.render(value))"
        case .dropField(let name): "drop \(name)"
        case .convertField(let name, let conversion): "convert \(name) with \(conversion)"
        case .renameCase(let name, let newName): "rename the case \(name) to \(newName)"
        case .transform(let name, _): name
        case .renameAction(let tag, let newTag): "rename the action \(tag) to \(newTag)"
        case .retagAction(let tag, let newTag): "retag \(tag) as \(newTag)"
        }
    }

    /// `street` or `.address.street` as member names.
    static func memberPath(_ text: String) -> [String] {
        text.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
    }

    /// Member names as a path: `.address.street`.
    static func pathText(_ names: [String]) -> String {
        names.isEmpty ? "." : names.map { "." + $0 }.joined()
    }
}
