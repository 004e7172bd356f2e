/// Compares the schema a recording was made with against the current one, type by type, and says
/// what breaks a replay and what is only added.
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
struct SchemaComparison {
    /// What the compared part is, for the messages.
    enum Subject {
        case state
        case action(String)
    }

    /// The changes that make a replay fail or diverge.
    private(set) var breaking: [String] = []
    /// The changes a replay copes with.
    private(set) var notes: [String] = []

    /// Compares the recorded and current nodes of `subject`.
    mutating func compare(recorded: SchemaNode, current: SchemaNode, of subject: Subject) {
        compare(recorded, current, at: "", of: subject)
    }

    /// Notes a change that does not break a replay.
    mutating func note(_ text: String) {
        notes.append(text)
    }

    /// Notes a change that breaks a replay.
    mutating func breaks(_ text: String) {
        breaking.append(text)
    }

    private mutating func compare(_ recorded: SchemaNode, _ current: SchemaNode, at path: String, of subject: Subject) {
        if current.type == "Optional<\(recorded.type)>" {
            notes.append("\(Self.name(path, of: subject)) became optional")
            if let wrapped = current.wrapped { compare(recorded, wrapped, at: path, of: subject) }
            return
        }
        var compared = false
        if let recordedFields = recorded.fields, let currentFields = current.fields {
            compareFields(recordedFields, currentFields, at: path, of: subject)
            compared = true
        }
        for (recordedPart, currentPart, place) in [(recorded.element, current.element, path + "[]"),
                                                   (recorded.value, current.value, path + "[]"),
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
            compare(payload, cases[0].node, at: Self.casePath(path, cases[0].name, of: subject), of: subject)
            compared = true
        }
        if !compared, recorded.type != current.type {
            breaking.append("the type of \(Self.name(path, of: subject)) changed from \(recorded.type) to \(current.type)")
        }
    }

    private mutating func compareFields(_ recorded: [(name: String, node: SchemaNode)], _ current: [(name: String, node: SchemaNode)],
                                        at path: String, of subject: Subject) {
        let currentNames = Set(current.map(\.name))
        let recordedNames = Set(recorded.map(\.name))
        let gone = recorded.filter { !currentNames.contains($0.name) }.sorted { $0.name < $1.name }
        let new = current.filter { !recordedNames.contains($0.name) }.sorted { $0.name < $1.name }
        let goneRequired = gone.filter { !$0.node.isOptional }
        let newRequired = new.filter { !$0.node.isOptional }
        if goneRequired.count == 1, newRequired.count == 1 {
            breaking.append("\(Self.name(Self.fieldPath(path, goneRequired[0].name), of: subject)) was renamed to "
                            + "\(Self.fieldPath(path, newRequired[0].name)), or replaced by it")
        } else {
            for field in goneRequired {
                breaking.append("\(Self.name(Self.fieldPath(path, field.name), of: subject)), which the recording has, is gone from the current code")
            }
            for field in newRequired {
                breaking.append("\(Self.name(Self.fieldPath(path, field.name), of: subject)) is new and not optional, so the recording lacks it")
            }
        }
        for field in gone where field.node.isOptional {
            notes.append("\(Self.name(Self.fieldPath(path, field.name), of: subject)), an optional field the recording has, is gone from the current code")
        }
        for field in new where field.node.isOptional {
            notes.append("\(Self.name(Self.fieldPath(path, field.name), of: subject)) is a new optional field")
        }
        for field in recorded {
            guard let currentField = current.first(where: { $0.name == field.name }) else { continue }
            compare(field.node, currentField.node, at: Self.fieldPath(path, field.name), of: subject)
        }
    }

    /// The path of a member: `.title`, or `.0` for an unlabeled associated value.
    private static func fieldPath(_ path: String, _ name: String) -> String {
        name.hasPrefix(".") ? path + name : path + "." + name
    }

    /// The path of an enum case's values; an action's own cases are named by its tag already.
    private static func casePath(_ path: String, _ name: String, of subject: Subject) -> String {
        if case .action = subject, path.isEmpty { return path }
        return fieldPath(path, name)
    }

    /// The compared part, for a message: `the state's .projects[].title`, `the action bank.pay's .amount`.
    private static func name(_ path: String, of subject: Subject) -> String {
        switch subject {
        case .state: path.isEmpty ? "the state" : "the state's \(path)"
        case .action(let tag): path.isEmpty ? "the payload of the action \(tag)" : "the action \(tag)'s \(path)"
        }
    }
}
