import StateJSON

/// Labels for actions the recorder has not seen before, made from their encoded payload instead of by
/// reflection: a `Mirror` walk costs microseconds, and an app whose actions carry ids or amounts rarely
/// dispatches the same action twice.
///
/// The first actions of each case are described by ``ActionDescriber`` as usual, and the case's template
/// (its tag and argument names in declaration order) is kept only while rendering their payloads
/// through it gives the same labels (``checks`` of them). Later actions of the case use the template when their payload holds
/// only strings, numbers and booleans, under the same names; anything else is described by reflection.
/// Used by one thread (the recorder's writer).
final class ActionLabelTemplates {
    private struct Template {
        var type: String
        /// The payload member of each argument, and the label shown before its value.
        var arguments: [(key: String, label: String?)]
    }

    private let describer: ActionDescriber
    /// Per case name: its template, or nil once the case proved to need reflection.
    private var templates: [String: Template?] = [:]

    init(describer: ActionDescriber) {
        self.describer = describer
    }

    /// The cases whose labels come from a template, sorted (for tests).
    var templatedCases: [String] { templates.compactMap { $0.value == nil ? nil : $0.key }.sorted() }

    /// The tag and label of `action`, whose synthesized `Codable` payload is `payload`.
    func describe(_ action: Any, payload: JSONValue) -> (type: String, label: String) {
        guard !(action is DescribedAction), let (name, members) = Self.caseAndMembers(payload) else {
            return describer.describe(action)
        }
        if let known = templates[name] {
            guard let template = known, let label = render(template, members) else { return describer.describe(action) }
            guard checked[name, default: 0] < Self.checks else { return (template.type, label) }
            // The first few labels of a case are made both ways: a hand-written `encode(to:)` could
            // happen to agree with reflection once and not after.
            let described = describer.describe(action)
            checked[name, default: 0] += 1
            if described.label != label { templates[name] = .some(nil) }
            return described
        }
        let described = describer.describe(action)
        templates[name] = learn(action, name: name, members: members, described: described)
        checked[name] = 1
        return described
    }

    /// How many actions of a case are described both ways before its template is trusted alone.
    static let checks = 4
    private var checked: [String: Int] = [:]

    private func learn(_ action: Any, name: String, members: JSONObject, described: (type: String, label: String))
        -> Template?
    {
        guard described.type == (describer.prefix.isEmpty ? name : describer.prefix + "." + name),
              let labels = describer.argumentLabels(of: action), labels.count == members.count
        else { return nil }
        let arguments = labels.enumerated().map { index, label in (key: label ?? "_\(index)", label: label) }
        let template = Template(type: described.type, arguments: arguments)
        return render(template, members) == described.label ? template : nil
    }

    private func render(_ template: Template, _ members: JSONObject) -> String? {
        guard members.count == template.arguments.count else { return nil }
        if template.arguments.isEmpty { return describer.cut(template.type) }
        var label = template.type + "("
        for (index, argument) in template.arguments.enumerated() {
            guard let value = members[argument.key] else { return nil }
            if index > 0 { label += ", " }
            if let name = argument.label { label += name + ": " }
            switch value {
            case .string(let text): label += describer.quoted(text)
            case .integer(let number): label += String(number)
            case .unsigned(let number): label += String(number)
            case .bool(let flag): label += flag ? "true" : "false"
            case .double(let number): label += String(describing: number)
            default: return nil
            }
        }
        return describer.cut(label + ")")
    }

    /// The case name and argument members of a synthesized enum payload: `{"case":{…}}`.
    private static func caseAndMembers(_ payload: JSONValue) -> (String, JSONObject)? {
        guard case .object(let outer) = payload, outer.count == 1,
              case .object(let members) = outer.values[0]
        else { return nil }
        return (outer.keys[0], members)
    }
}
