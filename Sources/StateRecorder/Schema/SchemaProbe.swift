/// A `Decoder` with no data: it answers every request with a placeholder and writes down what was
/// asked, so that a `Decodable` type's shape is known without a value of it, down to the element
/// fields of arrays that are empty today.
///
/// Every key asked for becomes a field and every type asked for its node. Arrays, sets, dictionaries
/// and optionals are not decoded at all: their element (value, wrapped) type is probed on its own and
/// an empty collection (`nil`) returned, so a type that cannot be probed stops only its own part.
/// Scalars get `0`, `false` or `""`, `Date`, `URL`, `UUID`, `Data` and `Decimal` a fixed value, and a
/// `CaseIterable` type whose decoding rejects the placeholder its first case. An enum with
/// associated values needs the name of a case (its Codable form is an object keyed by it), which only
/// the case names reflection saw can give (``Context/hints``); without one its decoding fails, and so
/// does the type holding it, keeping the fields found before.
///
/// The probe never traps on its own: errors thrown by the probed types' `init(from:)`, a depth limit
/// and a guard against recursive types end a part's probing, not the process. (A type whose
/// `init(from:)` traps on a placeholder, say by force-unwrapping `URL(string: "")`, still traps.)
final class SchemaProbe: Decoder {
    /// Why the probe gave up on a part.
    enum Failure: Error {
        case tooDeep
        case recursive(String)
        case noPlaceholder(String)
    }

    /// What the probes of one type share.
    final class Context {
        /// Case names by place, from reflection (``SchemaReflector/hints``).
        let hints: [String: String]
        /// The types being probed, outermost first: a type met again inside itself is not probed again.
        var inProgress: [ObjectIdentifier] = []

        init(hints: [String: String]) {
            self.hints = hints
        }
    }

    /// How deep the probe goes.
    static let maximumDepth = SchemaReflector.maximumDepth

    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    /// The node of the value being decoded.
    let node: SchemaNode
    /// The place of the value, as ``place(_:)`` reads it.
    let path: [String]
    let depth: Int
    let context: Context

    init(node: SchemaNode, path: [String], codingPath: [any CodingKey], depth: Int, context: Context) {
        self.node = node
        self.path = path
        self.codingPath = codingPath
        self.depth = depth
        self.context = context
    }

    /// The shape of `type`, as far as probing finds it.
    ///
    /// - Parameter hints: Case names by place, for the enums in the type (``SchemaReflector/hints``).
    static func shape<T: Decodable>(of type: T.Type, hints: [String: String]) -> SchemaNode {
        let node = SchemaNode()
        let root = SchemaProbe(node: node, path: [], codingPath: [], depth: 0, context: Context(hints: hints))
        root.probe(type, into: node, path: [], codingPath: [])
        tidyCases(of: node)
        return node
    }

    /// Gives the cases the probe found the form reflection gives them: a case without associated values
    /// is left out (there is nothing to compare), and a single unlabeled value is the payload itself.
    private static func tidyCases(of node: SchemaNode) {
        if let cases = node.cases {
            let tidied = cases.compactMap { item -> (name: String, node: SchemaNode)? in
                guard item.node.type == "tuple" else { return item }
                let fields = item.node.fields ?? []
                if fields.isEmpty { return nil }
                if fields.count == 1, fields[0].name == ".0" { return (item.name, fields[0].node) }
                return item
            }
            node.cases = tidied.isEmpty ? nil : tidied
        }
        for child in (node.fields ?? []).map(\.node) + (node.cases ?? []).map(\.node) + [node.element, node.value, node.wrapped].compactMap({ $0 }) {
            tidyCases(of: child)
        }
    }

    /// The key of a place in ``SchemaReflector/hints``: the field names, case names, `.0`-style
    /// positions of associated values and `[]` for collection elements on the way to it.
    static func place(_ path: [String]) -> String {
        path.joined(separator: "\u{1F}")
    }

    /// Decodes a placeholder `T` one level below this decoder, writing its shape into `node`.
    func decode<T: Decodable>(_ type: T.Type, into node: SchemaNode, path: [String], codingPath: [any CodingKey]) throws -> T {
        node.type = String(describing: type)
        if let leaf = type as? any ProbePlaceholder.Type {
            return try Self.cast(leaf.placeholder(hint: context.hints[Self.place(path)]), to: type)
        }
        guard depth < Self.maximumDepth else { throw Failure.tooDeep }
        if let container = type as? any ProbedContainer.Type {
            return try Self.cast(container.probed(into: node, by: self, path: path, codingPath: codingPath), to: type)
        }
        let identifier = ObjectIdentifier(type)
        guard !context.inProgress.contains(identifier) else { throw Failure.recursive(node.type) }
        context.inProgress.append(identifier)
        defer { context.inProgress.removeLast() }
        let decoder = SchemaProbe(node: node, path: path, codingPath: codingPath, depth: depth + 1, context: context)
        do {
            return try T(from: decoder)
        } catch {
            if let iterable = type as? any CaseIterable.Type, let first = Self.firstCase(of: iterable) {
                return try Self.cast(first, to: type)
            }
            throw error
        }
    }

    /// Probes `type` into `node` for its shape alone, whatever becomes of the decoding.
    func probe<T: Decodable>(_ type: T.Type, into node: SchemaNode, path: [String], codingPath: [any CodingKey]) {
        _ = try? decode(type, into: node, path: path, codingPath: codingPath)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self, node: node, path: path, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ProbeUnkeyedContainer(decoder: self, node: node, path: path, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleValueContainer(decoder: self)
    }

    private static func firstCase<C: CaseIterable>(of type: C.Type) -> C? {
        type.allCases.first
    }

    private static func cast<T>(_ value: Any, to type: T.Type) throws -> T {
        guard let typed = value as? T else { throw Failure.noPlaceholder(String(describing: type)) }
        return typed
    }
}
