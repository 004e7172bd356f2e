import StateJSON

/// One type in a schema, as ``SchemaReflector`` and ``SchemaProbe`` build it and ``SchemaComparison``
/// reads it: its Swift name, and what is known of its parts.
///
/// A reference type, so that the decoding containers of a probe can fill the node of the value they
/// decode while their decoder's caller still holds it.
///
/// As JSON (in journal headers) a node is an object with `type` and, when known, `fields` (a struct's or
/// tuple's members), `element` (an array's or set's), `value` (a dictionary's), `wrapped` (an
/// optional's) and `cases` (an enum's cases with associated values, by name). Schemas written before
/// the probe existed have `payload`, one enum case's associated values without the case's name. A
/// recorded schema read through migrations marks what a migration's closure made `opaque`; journals
/// never hold such a node.
final class SchemaNode {
    /// The Swift type's name, as `String(describing:)` writes it: `Array<Item>`, or `tuple`.
    var type: String
    /// The members, in the order they were found; `nil` when unknown.
    var fields: [(name: String, node: SchemaNode)]?
    /// The element of an array or set.
    var element: SchemaNode?
    /// The value of a dictionary.
    var value: SchemaNode?
    /// The wrapped type of an optional.
    var wrapped: SchemaNode?
    /// Enum cases with associated values, by name, each with its associated values' node.
    var cases: [(name: String, node: SchemaNode)]?
    /// One case's associated values, in schemas written before cases were named.
    var payload: SchemaNode?
    /// Whether the node stands for whatever a migration's closure made of a value: the comparison
    /// takes it on trust. Only a recorded schema read through migrations has such nodes.
    var isOpaque = false

    init(type: String = "") {
        self.type = type
    }

    /// The member `name`, added (with no type yet) when it is not there.
    func field(_ name: String) -> SchemaNode {
        if let existing = fields?.first(where: { $0.name == name }) { return existing.node }
        let node = SchemaNode()
        fields = (fields ?? []) + [(name, node)]
        return node
    }

    /// The member `name`, if known.
    func existingField(_ name: String) -> SchemaNode? {
        fields?.first { $0.name == name }?.node
    }

    /// The case `name`, if known.
    func existingCase(_ name: String) -> SchemaNode? {
        cases?.first { $0.name == name }?.node
    }

    /// Whether the type is `Optional<…>`.
    var isOptional: Bool {
        type.hasPrefix("Optional<")
    }

    /// `reflected`, with what `probed` knows and it does not: the parts of empty collections, absent
    /// optionals and enum cases the value did not hold. Where both know a type's members, the reflected
    /// ones stay (they are what the recording's own reflection wrote), each completed from the probed
    /// member of the same name.
    static func merging(_ reflected: SchemaNode?, _ probed: SchemaNode?) -> SchemaNode? {
        guard let reflected else { return probed }
        guard let probed, probed.type == reflected.type else { return reflected }
        let merged = SchemaNode(type: reflected.type)
        merged.fields = reflected.fields.map { fields in
            fields.map { field in (field.name, merging(field.node, probed.existingField(field.name)) ?? field.node) }
        } ?? probed.fields
        merged.element = merging(reflected.element, probed.element)
        merged.value = merging(reflected.value, probed.value)
        merged.wrapped = merging(reflected.wrapped, probed.wrapped)
        merged.payload = reflected.payload
        if reflected.cases != nil || probed.cases != nil {
            var cases = (reflected.cases ?? []).map { item in
                (item.name, merging(item.node, probed.existingCase(item.name)) ?? item.node)
            }
            for item in probed.cases ?? [] where reflected.existingCase(item.name) == nil { cases.append(item) }
            merged.cases = cases
        }
        return merged
    }

    /// The node as stored in a journal header.
    var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(type))]
        if let fields { members.append(("fields", .object(JSONObject(fields.map { ($0.name, $0.node.jsonValue) })))) }
        if let element { members.append(("element", element.jsonValue)) }
        if let value { members.append(("value", value.jsonValue)) }
        if let wrapped { members.append(("wrapped", wrapped.jsonValue)) }
        if let cases { members.append(("cases", .object(JSONObject(cases.map { ($0.name, $0.node.jsonValue) })))) }
        if let payload { members.append(("payload", payload.jsonValue)) }
        if isOpaque { members.append(("opaque", true)) }
        return .object(JSONObject(members))
    }

    /// Reads a node stored in a journal header; parts that are not nodes are left out, and a value that
    /// is not an object is a node without a type.
    convenience init(jsonValue: JSONValue) {
        guard case .object(let object) = jsonValue else {
            self.init()
            return
        }
        if case .string(let type)? = object["type"] { self.init(type: type) } else { self.init() }
        func members(_ key: String) -> [(name: String, node: SchemaNode)]? {
            guard case .object(let members)? = object[key] else { return nil }
            return members.members.map { ($0.0, SchemaNode(jsonValue: $0.1)) }
        }
        fields = members("fields")
        cases = members("cases")
        element = object["element"].map(SchemaNode.init(jsonValue:))
        value = object["value"].map(SchemaNode.init(jsonValue:))
        wrapped = object["wrapped"].map(SchemaNode.init(jsonValue:))
        payload = object["payload"].map(SchemaNode.init(jsonValue:))
        isOpaque = object["opaque"] == .bool(true)
    }
}
