import StateJSON
import StateLive

/// How the live channel reads an action a person typed for `app dispatch`: the action type as its
/// whole tag or a unique last part of it, and the payload in the form the action's `Codable`
/// conformance writes or in the shorter forms a person types.
///
/// For the tag `users.addUser`, whose enum case is `addUser(name: String, age: Int)`, these payloads
/// all dispatch the same action:
///
/// ```text
/// {"addUser":{"name":"Ada","age":36}}    the Codable form
/// {"name":"Ada","age":36}                the case's associated values alone
/// ```
///
/// A case without associated values takes no payload (`counter.increase`), and one with unlabelled
/// values takes the value itself (`counter.add 5`) or an array of them. What the app's actions look
/// like comes from the schema in the journal's header.
struct LiveActionInput {
    /// The schema of each action tag the app's header describes.
    let shapes: [String: JSONValue]
    /// The names the app's action types are registered under, for the error when there is no schema.
    let registeredNames: [String]

    /// The tag `given` stands for: itself when the app knows it, or the one tag that ends with
    /// `.given`.
    func tag(for given: String) throws(LiveCommandFailure) -> String {
        if shapes[given] != nil || shapes.isEmpty { return given }
        // `navigate` for `tracker.navigate`, also when the schema only knows `tracker.navigate.item`.
        let wanted = given.split(separator: ".")
        var found: Set<String> = []
        for key in shapes.keys {
            let parts = key.split(separator: ".")
            guard !wanted.isEmpty, parts.count > wanted.count else { continue }
            for end in wanted.count..<parts.count + 1 where Array(parts[(end - wanted.count)..<end]) == wanted {
                if end - wanted.count >= 1 { found.insert(parts[..<end].joined(separator: ".")) }
            }
        }
        if found.contains(given) { return given }
        if found.isEmpty, let first = wanted.first {
            // `navigate.project` for `tracker.navigate.project`, a case the schema's samples did not show.
            let owners = registeredNames.filter { name in
                shapes.keys.contains { $0 == "\(name).\(first)" || $0.hasPrefix("\(name).\(first).") }
            }
            if owners.count == 1 { return "\(owners[0]).\(given)" }
        }
        let matches = found.sorted()
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw LiveCommandFailure("The action type \"\(given)\" is ambiguous: it could be \(Self.list(matches, or: true)); give the whole type.")
        }
        return given
    }

    /// The sentence for a type the app has no actions of.
    func unknownType(_ given: String) -> String {
        let known = shapes.isEmpty ? registeredNames.sorted() : shapes.keys.sorted()
        let list = known.isEmpty ? "it has none registered" : "its action types are \(Self.list(known, or: false))"
        return "The app has no action type \"\(given)\"; \(list)."
    }

    /// Whether the app's schema describes `tag`.
    func knows(_ tag: String) -> Bool { shapes[tag] != nil }

    /// Whether the app's schema describes a tag inside `tag`'s case (`tracker.navigate.item` for
    /// `tracker.navigate`).
    func knowsCases(below tag: String) -> Bool { shapes.keys.contains { $0.hasPrefix(tag + ".") } }

    /// The payloads `payload` may stand for, the most literal first: the Codable form as given, then
    /// the short forms that apply to the tag's shape.
    ///
    /// - Parameter registeredName: The name the tag's action type is registered under: the rest of the
    ///   tag is the chain of enum cases (`navigate.settings` for `.navigate(.settings)`).
    func candidates(tag: String, payload: JSONValue, registeredName: String) -> [JSONValue] {
        var forms: [JSONValue] = []
        func add(_ form: JSONValue) { if !forms.contains(form) { forms.append(form) } }
        let chain = tag.hasPrefix(registeredName + ".") ? tag.dropFirst(registeredName.count + 1).split(separator: ".").map(String.init) : []
        guard let (caseName, fields) = enumCase(of: tag) else {
            for form in Self.chainForms(chain, payload: payload) { add(form) }
            add(payload == .null ? .object([:]) : payload)
            return forms
        }
        if case .object(let object) = payload, object.count == 1, object[caseName] != nil { add(payload) }
        let positional = Self.isPositional(fields)
        switch payload {
        case .null:
            add(.object([caseName: .object([:])]))
        case .object:
            add(.object([caseName: payload]))
        case .array(let elements) where positional && elements.count == fields.count && fields.count > 1:
            add(.object([caseName: .object(JSONObject(elements.enumerated().map { ("_\($0.offset)", $0.element) }))]))
        default:
            break
        }
        if positional, fields.count == 1 { add(.object([caseName: .object(["_0": payload])])) }
        add(payload)
        return forms
    }

    /// The Codable forms of a case chain whose innermost case takes `payload`, for tags the schema does
    /// not describe: each outer case holds the next one as its one unlabelled value.
    private static func chainForms(_ chain: [String], payload: JSONValue) -> [JSONValue] {
        guard let last = chain.last else { return [] }
        var innermost: [JSONValue]
        switch payload {
        case .null:
            innermost = [.object([last: .object([:])])]
        case .object(let object) where object.count == 1 && object[last] != nil:
            innermost = [payload]
        case .object:
            innermost = [.object([last: payload]), .object([last: .object(["_0": payload])])]
        case .array(let elements):
            innermost = [.object([last: .object(["_0": payload])]),
                         .object([last: .object(JSONObject(elements.enumerated().map { ("_\($0.offset)", $0.element) }))])]
        default:
            innermost = [.object([last: .object(["_0": payload])])]
        }
        for outer in chain.dropLast().reversed() {
            innermost = innermost.map { .object([outer: .object(["_0": $0])]) }
        }
        return innermost
    }

    /// The sentence for a payload none of whose forms decode as an action of `tag`.
    func mismatch(tag: String, payload: JSONValue, detail: String) -> String {
        let given = payload == .null ? "no payload" : "the payload \(Self.abbreviated(payload))"
        if shapes[tag] == nil, let (valueType, cases) = casesBelow(tag) {
            let last = tag.split(separator: ".").last.map(String.init) ?? tag
            var why = detail.withoutFinalPeriod
            if why.hasPrefix(last + "._0: ") { why.removeFirst(last.count + 5) }
            return "The \(tag) action takes a \(valueType) (the app's schema shows the case\(cases.count == 1 ? "" : "s") \(Self.list(cases, or: false)), e.g. \(tag).\(cases[0])), but was given \(given): \(why)."
        }
        guard let (caseName, fields) = enumCase(of: tag) ?? structFields(of: tag) else {
            return "The \(tag) action does not decode from \(given): \(detail.withoutFinalPeriod)."
        }
        let takes: String
        if fields.isEmpty {
            takes = "takes no payload"
        } else if Self.isPositional(fields) {
            takes = fields.count == 1
                ? "takes one value (\(fields[0].type))"
                : "takes \(fields.count) values, as an array [\(fields.map(\.type).joined(separator: ", "))]"
        } else {
            let keys = fields.map { "\($0.name) (\($0.type))" }
            takes = "takes an object with the key\(keys.count == 1 ? "" : "s") \(Self.list(keys, or: false))"
        }
        if case .object(let object) = payload, object.count == 1, let key = object.keys.first, key != caseName,
           let other = shapes.keys.sorted().first(where: { enumCase(of: $0)?.caseName == key && $0 != tag }) {
            return "The payload \(Self.abbreviated(payload)) is the Codable form of a \(other) action, not of \(tag), which \(takes); dispatch it as \(other)."
        }
        var problems: [String] = []
        let keyed = payload == .null ? JSONValue.object([:]) : payload
        if case .object(var object) = keyed, !fields.isEmpty, !Self.isPositional(fields) {
            if let caseName, object.count == 1, case .object(let inner)? = object[caseName] { object = inner }
            let expected = Set(fields.map(\.name))
            let unknown = object.keys.filter { !expected.contains($0) }
            let missing = fields.map(\.name).filter { object[$0] == nil && !$0.isEmpty }
            if !unknown.isEmpty {
                problems.append("\(Self.list(unknown, or: false)) \(unknown.count == 1 ? "is not one of them" : "are not among them")")
            }
            if !missing.isEmpty { problems.append("\(Self.list(missing, or: false)) \(missing.count == 1 ? "is" : "are") missing") }
        }
        var why = problems.isEmpty ? detail.withoutFinalPeriod : problems.joined(separator: ", and ")
        // The decoder's path starts at the case the short form was wrapped in.
        if let caseName, why.hasPrefix(caseName + ".") { why.removeFirst(caseName.count + 1) }
        return "The \(tag) action \(takes), but was given \(given): \(why)."
    }

    /// The enum case a tag names and its associated values, when the schema describes one.
    private func enumCase(of tag: String) -> (caseName: String, fields: [(name: String, type: String)])? {
        guard case .object(let shape)? = shapes[tag], case .object(let cases)? = shape["cases"] else { return nil }
        let last = tag.split(separator: ".").last.map(String.init) ?? tag
        let name: String
        if cases[last] != nil {
            name = last
        } else if cases.count == 1, let only = cases.keys.first {
            name = only
        } else {
            return nil
        }
        return (name, Self.fields(of: cases[name]))
    }

    /// For a tag whose case holds another enum (`tracker.navigate` holding a `Route`), that enum's type
    /// and the cases the schema's tags show (`tracker.navigate.item`).
    private func casesBelow(_ tag: String) -> (type: String, cases: [String])? {
        let below = shapes.keys.filter { $0.hasPrefix(tag + ".") }.sorted()
        guard let first = below.first, case .object(let shape)? = shapes[first], case .object(let cases)? = shape["cases"],
              let last = tag.split(separator: ".").last.map(String.init),
              case .object(let node)? = cases[last], let type = node["type"]?.stringValue else { return nil }
        let names = below.map { String($0.dropFirst(tag.count + 1).split(separator: ".").first ?? "") }
        return (type, Array(Set(names)).sorted())
    }

    /// A struct action type's members, when the schema describes them.
    private func structFields(of tag: String) -> (caseName: String?, fields: [(name: String, type: String)])? {
        guard case .object(let shape)? = shapes[tag], shape["fields"] != nil else { return nil }
        return (nil, Self.fields(of: shapes[tag]))
    }

    private static func fields(of node: JSONValue?) -> [(name: String, type: String)] {
        guard case .object(let node)? = node, case .object(let fields)? = node["fields"] else { return [] }
        return fields.members.map { name, field in
            guard case .object(let field) = field, let type = field["type"]?.stringValue else { return (name, "?") }
            return (name, type)
        }
    }

    /// Whether the values are unlabelled (`_0`, `_1`, …), as Codable names those of `case add(Int)`.
    private static func isPositional(_ fields: [(name: String, type: String)]) -> Bool {
        !fields.isEmpty && fields.enumerated().allSatisfy { $0.element.name == "_\($0.offset)" }
    }

    /// `a`, `a and b`, `a, b and c` (or `or`).
    static func list(_ items: [String], or: Bool) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + items[items.count - 1]
    }

    /// The payload as JSON, shortened to about 120 characters.
    private static func abbreviated(_ payload: JSONValue) -> String {
        let text = payload.serializedText()
        return text.count <= 120 ? text : String(text.prefix(117)) + "…"
    }
}
