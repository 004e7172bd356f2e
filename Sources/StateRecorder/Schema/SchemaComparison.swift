/// Compares the schema a recording was made with against the current one, type by type, and says
/// what breaks a replay and what is only added, and which migration steps would carry the recording
/// across what breaks it.
///
/// Only what both schemas know is compared, so a schema that knows less (written before the probe, or
/// from a state whose arrays were empty and whose type could not be probed) never makes a difference
/// by itself. The rules:
///
/// - A field the recording has that the current code lacks breaks a replay, unless it was optional;
///   a new field breaks it unless it is optional (recorded states lack it). One of each in the same
///   type reads as a renamed field.
/// - A leaf type (`Int`, `String`, an enum without known cases) whose name changed breaks a replay;
///   `T` becoming `Optional<T>` does not. Types with members, elements or cases are compared by those,
///   so renaming a struct that keeps its fields changes nothing.
/// - Enum cases are compared where both schemas describe the same case.
/// - A part a migration's closure made (``SchemaNode/isOpaque``) is taken on trust.
///
/// For each change that breaks a replay the comparison proposes a ``MigrationStep`` in the Swift that
/// declares it (``proposals``): a field gone beside a new one of the same type is a rename, a gone field
/// is dropped, a new one added with a value to fill in, a retyped leaf converted, a gone action case
/// beside a new one renamed.
struct SchemaComparison {
    /// What the compared part is, for the messages.
    enum Subject {
        case state
        case action(String)
    }

    /// Where a compared part is: as messages write it (`.items[].title`), and as a migration's scope
    /// selects it (`.items[*]`, with a case's key in an action's payload), or `nil` when the recorded
    /// schema does not say (a case written before cases were named).
    struct Location {
        var display: String
        var json: String?

        static let root = Location(display: "", json: "")
    }

    /// The changes that make a replay fail or diverge.
    private(set) var breaking: [String] = []
    /// The changes a replay copes with.
    private(set) var notes: [String] = []
    /// Migration steps that would carry a recording across the breaking changes, as Swift.
    private(set) var proposals: [String] = []

    /// Compares the recorded and current nodes of `subject`.
    mutating func compare(recorded: SchemaNode, current: SchemaNode, of subject: Subject) {
        compare(recorded, current, at: .root, of: subject)
    }

    /// Notes a change that does not break a replay.
    mutating func note(_ text: String) {
        notes.append(text)
    }

    /// Notes a change that breaks a replay.
    mutating func breaks(_ text: String) {
        breaking.append(text)
    }

    /// Proposes a migration step.
    mutating func propose(_ step: String) {
        proposals.append(step)
    }

    private mutating func compare(_ recorded: SchemaNode, _ current: SchemaNode, at path: Location, of subject: Subject) {
        if recorded.isOpaque || current.isOpaque { return }
        if current.type == "Optional<\(recorded.type)>" {
            notes.append("\(Self.name(path.display, of: subject)) became optional")
            if let wrapped = current.wrapped { compare(recorded, wrapped, at: path, of: subject) }
            return
        }
        var compared = false
        if let recordedFields = recorded.fields, let currentFields = current.fields {
            compareFields(recordedFields, currentFields, at: path, of: subject)
            compared = true
        }
        let element = Location(display: path.display + "[]", json: path.json.map { $0 + "[*]" })
        for (recordedPart, currentPart, place) in [(recorded.element, current.element, element),
                                                   (recorded.value, current.value, element),
                                                   (recorded.wrapped, current.wrapped, path)] {
            guard let recordedPart, let currentPart else { continue }
            compare(recordedPart, currentPart, at: place, of: subject)
            compared = true
        }
        for (name, recordedCase) in recorded.cases ?? [] {
            guard let currentCase = current.existingCase(name) else { continue }
            compare(recordedCase, currentCase, at: Self.casePath(path, name, of: subject), of: subject)
            compared = true
        }
        // Schemas written before cases were named hold one case's values; the current value holds one too.
        if let payload = recorded.payload, let cases = current.cases, cases.count == 1 {
            var place = Self.casePath(path, cases[0].name, of: subject)
            place.json = nil
            compare(payload, cases[0].node, at: place, of: subject)
            compared = true
        }
        if !compared, recorded.type != current.type {
            breaking.append("the type of \(Self.name(path.display, of: subject)) changed from \(recorded.type) to \(current.type)")
            proposeConversion(at: path, from: recorded.type, to: current.type, of: subject)
        }
    }

    private mutating func compareFields(_ recorded: [(name: String, node: SchemaNode)], _ current: [(name: String, node: SchemaNode)],
                                        at path: Location, of subject: Subject) {
        let currentNames = Set(current.map(\.name))
        let recordedNames = Set(recorded.map(\.name))
        let gone = recorded.filter { !currentNames.contains($0.name) }.sorted { $0.name < $1.name }
        let new = current.filter { !recordedNames.contains($0.name) }.sorted { $0.name < $1.name }
        let goneRequired = gone.filter { !$0.node.isOptional && !$0.node.isOpaque }
        let newRequired = new.filter { !$0.node.isOptional && !$0.node.isOpaque }
        if goneRequired.count == 1, newRequired.count == 1 {
            breaking.append("\(Self.name(Self.fieldPath(path, goneRequired[0].name).display, of: subject)) was renamed to "
                            + "\(Self.fieldPath(path, newRequired[0].name).display), or replaced by it")
        } else {
            for field in goneRequired {
                breaking.append("\(Self.name(Self.fieldPath(path, field.name).display, of: subject)), which the recording has, is gone from the current code")
            }
            for field in newRequired {
                breaking.append("\(Self.name(Self.fieldPath(path, field.name).display, of: subject)) is new and not optional, so the recording lacks it")
            }
        }
        proposeFieldChanges(gone: goneRequired, new: newRequired, at: path, of: subject)
        for field in gone where field.node.isOptional {
            notes.append("\(Self.name(Self.fieldPath(path, field.name).display, of: subject)), an optional field the recording has, is gone from the current code")
        }
        for field in new where field.node.isOptional {
            notes.append("\(Self.name(Self.fieldPath(path, field.name).display, of: subject)) is a new optional field")
        }
        for field in recorded {
            guard let currentField = current.first(where: { $0.name == field.name }) else { continue }
            compare(field.node, currentField.node, at: Self.fieldPath(path, field.name), of: subject)
        }
    }

    /// Renames for each gone field that a new field of the same type stands beside (one of each type),
    /// and drops and additions for the rest.
    private mutating func proposeFieldChanges(gone: [(name: String, node: SchemaNode)], new: [(name: String, node: SchemaNode)],
                                              at path: Location, of subject: Subject) {
        guard let scope = Self.scope(path, of: subject), !gone.isEmpty || !new.isEmpty else { return }
        var unpairedNew = new
        var dropped: [String] = []
        for field in gone {
            let sameType = unpairedNew.indices.filter { unpairedNew[$0].node.type == field.node.type }
            let sameTypeGone = gone.filter { $0.node.type == field.node.type }
            if sameType.count == 1, sameTypeGone.count == 1 {
                let partner = unpairedNew.remove(at: sameType[0])
                proposals.append(".renameField(\(Self.literal(Self.key(field.name))), to: \(Self.literal(Self.key(partner.name))), in: \(scope))")
            } else {
                dropped.append(".dropField(\(Self.literal(Self.key(field.name))), in: \(scope))")
            }
        }
        proposals += dropped
        for field in unpairedNew {
            proposals.append(".addField(\(Self.literal(Self.key(field.name))), value: \(Self.placeholder(for: field.node.type)), in: \(scope))")
        }
    }

    /// A conversion of the leaf at `path`: `.convertField` when it is a member, else a closure over it.
    private mutating func proposeConversion(at path: Location, from old: String, to new: String, of subject: Subject) {
        guard let json = path.json else { return }
        let conversion: String? = switch (old, new) {
        case ("Int", "Double"), ("Int", "Float"), ("Int64", "Double"): ".toDouble"
        case ("Double", "Int"), ("Float", "Int"), ("Double", "Int64"): ".toInt"
        case (_, "String") where ["Int", "Int64", "Double", "Float", "Bool", "UInt", "UInt64"].contains(old): ".toString"
        default: nil
        }
        let parent = Self.parentAndMember(json)
        if let conversion, let (parentPath, member) = parent, let scope = Self.scope(Location(display: "", json: parentPath), of: subject) {
            proposals.append(".convertField(\(Self.literal(member)), \(conversion), in: \(scope))")
            return
        }
        guard let scope = Self.scope(path, of: subject) else { return }
        let closure = "{ value in value /* \(old) to \(new) */ }"
        if let (parentPath, member) = parent, let parentScope = Self.scope(Location(display: "", json: parentPath), of: subject) {
            proposals.append(".convertField(\(Self.literal(member)), .custom \(closure), in: \(parentScope))")
        } else {
            proposals.append(".transform(\(Self.literal("\(old) to \(new)")), in: \(scope)) \(closure)")
        }
    }

    /// The path of a member: `.title`, or `.0` for an unlabeled associated value.
    private static func fieldPath(_ path: Location, _ name: String) -> Location {
        let display = name.hasPrefix(".") ? path.display + name : path.display + "." + name
        return Location(display: display, json: path.json.map { $0 + memberSegment(key(name)) })
    }

    /// The path of an enum case's values; an action's own cases are named by its tag already, and
    /// their values nest under the case's key in the payload.
    private static func casePath(_ path: Location, _ name: String, of subject: Subject) -> Location {
        if case .action = subject, path.display.isEmpty {
            return Location(display: path.display, json: path.json.map { $0 + memberSegment(name) })
        }
        return fieldPath(path, name)
    }

    /// The key a member has in JSON: an unlabeled associated value `.0` is `_0` there.
    private static func key(_ name: String) -> String {
        name.hasPrefix(".") ? "_" + name.dropFirst() : name
    }

    /// A member as a path segment: `.title`, or `["odd key"]`.
    private static func memberSegment(_ key: String) -> String {
        let isIdentifier = key.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } ?? false
            && key.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return isIdentifier ? "." + key : "[" + literal(key) + "]"
    }

    /// The migration scope of the values at `path`: `.state(".items[*]")`, `.action("todo.add", ".add")`.
    private static func scope(_ path: Location, of subject: Subject) -> String? {
        guard let json = path.json else { return nil }
        switch subject {
        case .state:
            return json.isEmpty ? ".state" : ".state(\(literal(json)))"
        case .action(let tag):
            return json.isEmpty ? ".action(\(literal(tag)))" : ".action(\(literal(tag)), \(literal(json)))"
        }
    }

    /// `.items[*]` and `title` for `.items[*].title`; `nil` when the path does not end with a plain member.
    private static func parentAndMember(_ json: String) -> (String, String)? {
        guard let dot = json.lastIndex(of: "."), !json[dot...].contains("["), !json[dot...].contains("]") else { return nil }
        let member = String(json[json.index(after: dot)...])
        guard !member.isEmpty else { return nil }
        return (String(json[..<dot]), member)
    }

    /// A value of a type, for a proposed field's `value:`: the reader fills in the one the recordings need.
    private static func placeholder(for type: String) -> String {
        switch type {
        case "Int", "Int64", "Int32", "UInt", "UInt64": "0"
        case "Double", "Float", "CGFloat": "0.0"
        case "String": "\"\""
        case "Bool": "false"
        default:
            if type.hasPrefix("Array<") || type.hasPrefix("Set<") { "[]" }
            else if type.hasPrefix("Dictionary<") { "[:]" }
            else { "[:] /* a \(type) */" }
        }
    }

    /// `text` as a Swift string literal.
    private static func literal(_ text: String) -> String {
        MigrationScope.literal(text)
    }

    /// The compared part, for a message: `the state's .projects[].title`, `the action bank.pay's .amount`.
    private static func name(_ path: String, of subject: Subject) -> String {
        switch subject {
        case .state: path.isEmpty ? "the state" : "the state's \(path)"
        case .action(let tag): path.isEmpty ? "the payload of the action \(tag)" : "the action \(tag)'s \(path)"
        }
    }
}
