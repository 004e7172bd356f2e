import Foundation
import StateJSON

extension ActionLabel {
    /// The JSON payloads this label may stand for, the likeliest first, read with the help of the
    /// action shapes of an app's schema (a journal header's `schema.actions`, or ``AppSchema/actions``).
    ///
    /// The schema says whether a tag names an enum case or a struct, and where a value is an enum
    /// whose cases have associated values. What it cannot say — whether a bare word such as `jenny`
    /// is a `String`-backed enum (`"jenny"`) or a case without associated values (`{"jenny":{}}`) — gives
    /// one candidate each; decoding them tells which is meant. A date, which a label writes in ISO 8601,
    /// becomes the number of seconds since 2001-01-01 that `Date`'s `Codable` conformance writes.
    ///
    /// - Parameter shapes: The schema of each action tag; may be empty, in which case the label's own
    ///   shape is the guide.
    package func payloadCandidates(shapes: [String: JSONValue]) -> [JSONValue] {
        let parts = tag.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let shape = shapes[tag].map(SchemaNode.init(jsonValue:)), shape.cases == nil, shape.fields != nil {
            // A struct action, tagged with its type's name alone: its fields are the arguments.
            return Self.limited(Self.object(arguments ?? [], fields: shape))
        }
        if let (root, caseIndex) = Self.enumRoot(of: parts, in: shapes) {
            return Self.limited(Self.enumPayload(root, chain: Array(parts[caseIndex...]), arguments: arguments))
        }
        // Nothing in the schema: a struct whose labelled fields are the arguments, or the case that
        // ends the tag.
        var candidates: [JSONValue] = []
        if let arguments, arguments.allSatisfy({ $0.label != nil }) { candidates += Self.object(arguments, fields: nil) }
        if let last = parts.last, !last.isEmpty {
            candidates += Self.caseObject(last, arguments: arguments, node: nil)
        }
        if arguments == nil { candidates.append(.object([:])) }
        return Self.limited(candidates)
    }

    /// At most this many candidates: each ambiguous bare word doubles them.
    static let candidateLimit = 16

    private static func limited(_ candidates: [JSONValue]) -> [JSONValue] {
        var unique: [JSONValue] = []
        for candidate in candidates where !unique.contains(candidate) {
            unique.append(candidate)
            if unique.count == candidateLimit { break }
        }
        return unique
    }

    /// The enum shape whose case chain the tag ends with, and the index of the tag's first case name:
    /// `tracker.navigate.item` has the shape `{"cases": {"navigate": …}}` and starts its cases at 1.
    /// A tag the schema does not list (a case no sample showed) is found through another tag with the
    /// same prefix.
    private static func enumRoot(of parts: [String], in shapes: [String: JSONValue]) -> (SchemaNode, Int)? {
        var best: (node: SchemaNode, index: Int, shared: Int)?
        for (key, value) in shapes {
            let node = SchemaNode(jsonValue: value)
            guard let cases = node.cases else { continue }
            let keyParts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let shared = zip(keyParts, parts).prefix { $0 == $1 }.count
            // The registered name is the parts before the first case; the case must be one of the shape's.
            for index in 1..<parts.count where index <= shared && cases.contains(where: { $0.name == parts[index] }) {
                if shared > best?.shared ?? -1 { best = (node, index, shared) }
            }
        }
        return best.map { ($0.node, $0.index) }
    }

    /// The Codable forms of the case chain `chain` of the enum `node`, the last case taking `arguments`.
    private static func enumPayload(_ node: SchemaNode?, chain: [String], arguments: [Argument]?) -> [JSONValue] {
        guard let name = chain.first else { return [] }
        let caseNode = node?.existingCase(name)
        guard chain.count > 1 else { return caseObject(name, arguments: arguments, node: caseNode) }
        // The case holds another enum as its one value: `navigate(.item(…))`, or `filterChanged(.done)`.
        var inner: [JSONValue] = []
        if caseNode?.cases != nil || caseNode == nil || arguments != nil || chain.count > 2 {
            inner += enumPayload(caseNode, chain: Array(chain.dropFirst()), arguments: arguments)
        }
        if chain.count == 2, arguments == nil, caseNode?.cases == nil {
            // An enum with a raw value, or a case without associated values.
            inner = [.string(chain[1])] + inner + [.object([chain[1]: .object([:])])]
        }
        return inner.map { .object([name: .object(["_0": $0])]) }
    }

    /// `{"name": {…arguments…}}`: an enum case and its associated values (`_0`, `_1`, … when unlabelled).
    private static func caseObject(_ name: String, arguments: [Argument]?, node: SchemaNode?) -> [JSONValue] {
        guard let arguments, !arguments.isEmpty else { return [.object([name: .object([:])])] }
        // One unlabelled value: the case's node is that value's.
        if arguments.count == 1, arguments[0].label == nil {
            return values(arguments[0].value, node: node).map { .object([name: .object(["_0": $0])]) }
        }
        return object(arguments, fields: node).map { .object([name: $0]) }
    }

    /// The arguments as one object, each under its label (`_N` when unlabelled), with every combination
    /// of their candidates.
    private static func object(_ arguments: [Argument], fields: SchemaNode?) -> [JSONValue] {
        var objects: [[(String, JSONValue)]] = [[]]
        for (index, argument) in arguments.enumerated() {
            let key = argument.label ?? "_\(index)"
            let options = values(argument.value, node: fields?.existingField(key))
            objects = combine(objects, options) { $0 + [(key, $1)] }
        }
        return objects.map { .object(JSONObject($0)) }
    }

    /// Every combination of `prefixes` with `options`, at most ``candidateLimit``.
    private static func combine<T>(_ prefixes: [T], _ options: [JSONValue], _ join: (T, JSONValue) -> T) -> [T] {
        var result: [T] = []
        for prefix in prefixes {
            for option in options {
                result.append(join(prefix, option))
                if result.count == candidateLimit { return result }
            }
        }
        return result
    }

    /// The JSON a value may stand for, given its schema node when known.
    private static func values(_ value: Value, node: SchemaNode?) -> [JSONValue] {
        let node = node.map { $0.isOptional ? ($0.wrapped ?? $0) : $0 }
        switch value {
        case .string(let text):
            return [.string(text)]
        case .word(let word):
            return words(word, node: node)
        case .call(let name, let arguments):
            if let node, node.cases != nil { return caseObject(name, arguments: arguments, node: node.existingCase(name)) }
            if node?.fields != nil || arguments.allSatisfy({ $0.label != nil }) {
                return object(arguments, fields: node) + (node == nil ? caseObject(name, arguments: arguments, node: nil) : [])
            }
            return caseObject(name, arguments: arguments, node: node?.existingCase(name))
        case .array(let elements):
            var arrays: [[JSONValue]] = [[]]
            for element in elements {
                arrays = combine(arrays, values(element, node: node?.element)) { $0 + [$1] }
            }
            return arrays.map { .array($0) }
        case .dictionary(let entries):
            var objects: [[(String, JSONValue)]] = [[]]
            var pairs: [[JSONValue]] = [[]]
            var stringKeys = true
            for entry in entries {
                let keys = values(entry.key, node: nil)
                let options = values(entry.value, node: node?.value)
                if case .string(let key)? = keys.first {
                    objects = combine(objects, options) { $0 + [(key, $1)] }
                } else {
                    stringKeys = false
                }
                pairs = combine(pairs, options) { $0 + [keys.first ?? .null, $1] }
            }
            // Codable writes a dictionary with String keys as an object, any other as [key, value, …].
            return stringKeys ? objects.map { .object(JSONObject($0)) } : pairs.map { .array($0) }
        }
    }

    /// What a word written without quotes stands for: a number, a Boolean, `nil`, a date (as the
    /// seconds since 2001-01-01 of its ISO 8601 text), or a name (an enum's raw value, or a case without
    /// associated values, or an unquoted `UUID`).
    private static func words(_ word: String, node: SchemaNode?) -> [JSONValue] {
        switch word {
        case "nil": return [.null]
        case "true": return [.bool(true)]
        case "false": return [.bool(false)]
        default: break
        }
        if let number = number(word) { return [number] }
        // A `Date` as its `Codable` conformance writes it: seconds since 2001-01-01.
        if let date = ISO8601Timestamp.parse(word) { return [.double(date.timeIntervalSinceReferenceDate)] }
        if let node, node.cases != nil { return [.object([word: .object([:])])] }
        if node?.type == "String" || node?.type == "UUID" || node?.type == "URL" { return [.string(word)] }
        return [.string(word), .object([word: .object([:])])]
    }

    /// `-5`, `19.5`, `1e-05`, `inf`: a number as Swift's `description` writes it.
    private static func number(_ word: String) -> JSONValue? {
        if let integer = Int64(word) { return .integer(integer) }
        if let unsigned = UInt64(word) { return .unsigned(unsigned) }
        guard let first = word.first, first.isNumber || first == "-" || first == "+" || first == "." else { return nil }
        return Double(word).map { .double($0) }
    }
}
