import Foundation
import StateJSON

/// One walk of ``JSONReflectingEncoder`` over a value: the rules it documents, the objects on the
/// current path (for cycles), and the values it may still write.
struct JSONReflection {
    private let encoder: JSONValueEncoder
    private let maxDepth: Int
    private var valuesLeft: Int
    /// The class instances from the top-level value down to the value being written.
    private var path: [ObjectIdentifier] = []

    init(encoder: JSONValueEncoder, maxDepth: Int, maxValues: Int) {
        self.encoder = encoder
        self.maxDepth = maxDepth
        valuesLeft = maxValues
    }

    /// What stands for a value deeper than `maxDepth`, or past the last value allowed.
    static let elided: JSONValue = .string("<…>")

    /// The JSON of `value`, found inside `depth` arrays and objects.
    mutating func reflect(_ value: Any, depth: Int) -> JSONValue {
        guard depth <= maxDepth, valuesLeft > 0 else { return Self.elided }
        valuesLeft -= 1
        // Unwrapped in a loop rather than by recursion: every frame on the way down counts on a
        // small stack.
        var value = value
        while let optional = value as? any JSONReflectedOptional {
            guard let wrapped = optional.reflectedWrapped else { return .null }
            value = wrapped
        }
        if let scalar = Self.scalar(value) { return scalar }
        if let encoded = encodedIfEncodable(value, depth: depth) { return encoded }
        if let error = value as? any Error { return Self.error(error) }
        return reflectMirror(value, depth: depth)
    }

    private static func error(_ error: any Error) -> JSONValue {
        .object(["error": .string(String(reflecting: error))])
    }

    /// The JSON of a value that only a `Mirror` can see into. Each shape has a function of its own,
    /// so that the frames on the way down stay small.
    private mutating func reflectMirror(_ value: Any, depth: Int) -> JSONValue {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .tuple?:
            return .object(members(mirror.children, depth: depth))
        case .class?:
            return object(value, mirror: mirror, depth: depth)
        case .enum?:
            return enumCase(value, mirror: mirror, depth: depth)
        case .optional?:
            // A custom mirror that calls itself optional (a real `Optional` was unwrapped above).
            guard let wrapped = mirror.children.first else { return .null }
            return reflect(wrapped.value, depth: depth + 1)
        case .collection?:
            return .array(elements(mirror.children, depth: depth))
        case .set?:
            return .array(JSONValue.canonicallyOrdered(elements(mirror.children, depth: depth)))
        case .dictionary?:
            return dictionary(value, mirror: mirror, depth: depth)
        default:
            // Closures (which a Mirror shows as nothing at all), metatypes, C++ references.
            return Self.described(value)
        }
    }

    private static func described(_ value: Any) -> JSONValue {
        let description = String(describing: value)
        return .string(description == "(Function)" ? "<function>" : description)
    }

    private mutating func elements(_ children: Mirror.Children, depth: Int) -> [JSONValue] {
        var elements: [JSONValue] = []
        for child in children {
            elements.append(reflect(child.value, depth: depth + 1))
        }
        return elements
    }

    /// Numbers, Booleans and text, written without a `Mirror` or an encoder. Finite numbers come
    /// out as ``JSONValueEncoder`` writes them; the others as the strings `nan`, `inf`, `-inf`.
    private static func scalar(_ value: Any) -> JSONValue? {
        switch value {
        case let string as String: return .string(string)
        case let integer as Int: return .integer(Int64(integer))
        case let bool as Bool: return .bool(bool)
        case let double as Double: return double.isFinite ? .double(double) : nonFinite(double)
        case let substring as Substring: return .string(String(substring))
        case let character as Character: return .string(String(character))
        case let scalar as Unicode.Scalar: return .string(String(scalar))
        case let float as Float:
            guard float.isFinite else { return nonFinite(Double(float)) }
            return try? JSONEncoderCore.float(float, path: { [] })
        case let integer as Int8: return .integer(Int64(integer))
        case let integer as Int16: return .integer(Int64(integer))
        case let integer as Int32: return .integer(Int64(integer))
        case let integer as Int64: return .integer(integer)
        case let integer as UInt: return JSONEncoderCore.unsigned(UInt64(integer))
        case let integer as UInt8: return .integer(Int64(integer))
        case let integer as UInt16: return .integer(Int64(integer))
        case let integer as UInt32: return .integer(Int64(integer))
        case let integer as UInt64: return JSONEncoderCore.unsigned(integer)
        default: return nil
        }
    }

    private static func nonFinite(_ value: Double) -> JSONValue {
        .string(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
    }

    /// The JSON ``JSONValueEncoder`` writes for `value`, cut to the depth left, or `nil` when it
    /// throws (a non-finite number, an `encode(to:)` that fails, or a graph of objects that nests
    /// deeper than the depth left, as one that refers to itself does).
    private mutating func encodedIfEncodable(_ value: Any, depth: Int) -> JSONValue? {
        guard let encodable = value as? any Encodable else { return nil }
        return encoded(encodable, depth: depth)
    }

    private mutating func encoded(_ value: some Encodable, depth: Int) -> JSONValue? {
        var limits = JSONEncodingLimits(depth: maxDepth - depth + 1, values: valuesLeft)
        let result = try? encoder.encodeForReflection(value, within: &limits)
        valuesLeft = limits.values
        return result.map { Self.truncated($0, depth: depth, maxDepth: maxDepth) }
    }

    /// `value`, found inside `depth` arrays and objects, with what lies deeper than `maxDepth`
    /// replaced by ``elided``: an `encode(to:)` can write levels of JSON that no value of its own
    /// stands for (nested containers, a ``JSONValue`` member), which the encoder's limits miss.
    private static func truncated(_ value: JSONValue, depth: Int, maxDepth: Int) -> JSONValue {
        guard depth <= maxDepth else { return Self.elided }
        switch value {
        case .array(let elements):
            guard !fits(value, depth: depth, maxDepth: maxDepth) else { return value }
            return .array(elements.map { truncated($0, depth: depth + 1, maxDepth: maxDepth) })
        case .object(let object):
            guard !fits(value, depth: depth, maxDepth: maxDepth) else { return value }
            return .object(JSONObject(uncheckedSortedKeys: object.keys,
                                      values: object.values.map { truncated($0, depth: depth + 1, maxDepth: maxDepth) }))
        default:
            return value
        }
    }

    /// Whether nothing in `value` lies deeper than `maxDepth`; checked before anything is copied.
    private static func fits(_ value: JSONValue, depth: Int, maxDepth: Int) -> Bool {
        switch value {
        case .array(let elements):
            guard !elements.isEmpty else { return true }
            return depth < maxDepth && elements.allSatisfy { fits($0, depth: depth + 1, maxDepth: maxDepth) }
        case .object(let object):
            guard object.count > 0 else { return true }
            return depth < maxDepth && object.values.allSatisfy { fits($0, depth: depth + 1, maxDepth: maxDepth) }
        default:
            return true
        }
    }

    /// The stored properties of `children` by label; an unlabelled one (a tuple's) as `_0`, `_1`, ….
    private mutating func members(_ children: Mirror.Children, depth: Int) -> JSONObject {
        var members: [(String, JSONValue)] = []
        for (index, child) in children.enumerated() {
            members.append((Self.label(child.label, index: index), reflect(child.value, depth: depth + 1)))
        }
        return JSONObject(members)
    }

    /// A tuple's `.0` becomes `_0`, as synthesized `Codable` names unlabelled associated values.
    private static func label(_ label: String?, index: Int) -> String {
        guard let label, !label.hasPrefix(".") else { return "_\(index)" }
        return label
    }

    /// A class instance: its stored properties and those of its superclasses, or `<cycle Type>`
    /// when it is already on the path from the top-level value.
    private mutating func object(_ value: Any, mirror: Mirror, depth: Int) -> JSONValue {
        let identity = ObjectIdentifier(value as AnyObject)
        guard !path.contains(identity) else { return .string("<cycle \(type(of: value))>") }
        path.append(identity)
        defer { path.removeLast() }
        var members: [(String, JSONValue)] = []
        var level: Mirror? = mirror
        while let current = level {
            for (index, child) in current.children.enumerated() {
                members.append((Self.label(child.label, index: index), reflect(child.value, depth: depth + 1)))
            }
            level = current.superclassMirror
        }
        return .object(JSONObject(members))
    }

    /// A case without associated values as its name; one with them as `{"case": {"label": value}}`,
    /// an unlabelled value under `_0`, `_1`, …, as synthesized `Codable` writes it.
    private mutating func enumCase(_ value: Any, mirror: Mirror, depth: Int) -> JSONValue {
        guard let payload = mirror.children.first else { return .string(Self.caseName(value)) }
        let name = payload.label ?? Self.caseName(value)
        let fields = Mirror(reflecting: payload.value)
        let values: JSONValue
        if depth + 1 > maxDepth {
            values = Self.elided
        } else if fields.displayStyle == .tuple {
            values = .object(members(fields.children, depth: depth + 1))
        } else {
            values = .object(["_0": reflect(payload.value, depth: depth + 2)])
        }
        return .object(JSONObject([(name, values)]))
    }

    /// The case's name even when the enum describes itself otherwise (`CustomStringConvertible`),
    /// from the runtime that `String(describing:)` asks; its description when the runtime has none.
    private static func caseName(_ value: Any) -> String {
        guard let name = _enumCaseName(value) else { return String(describing: value) }
        return String(cString: name)
    }

    /// String keys as an object; any other keys as `[key, value]` pairs in the order of their
    /// canonical text, since a dictionary's own order changes from run to run.
    private mutating func dictionary(_ value: Any, mirror: Mirror, depth: Int) -> JSONValue {
        var entries: [(key: Any, value: Any)] = []
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            entries.append((pair[0].value, pair[1].value))
        }
        if value is any JSONStringKeyedDictionary || (!entries.isEmpty && entries.allSatisfy { $0.key is String }) {
            var members: [(String, JSONValue)] = []
            for entry in entries {
                members.append((entry.key as? String ?? "", reflect(entry.value, depth: depth + 1)))
            }
            return .object(JSONObject(members))
        }
        var pairs: [JSONValue] = []
        for entry in entries {
            guard depth + 1 <= maxDepth else {
                pairs.append(Self.elided)
                continue
            }
            pairs.append(.array([reflect(entry.key, depth: depth + 2), reflect(entry.value, depth: depth + 2)]))
        }
        return .array(JSONValue.canonicallyOrdered(pairs))
    }
}

// Safe because the runtime returns a pointer to a name in the type's metadata, which lives as long as the process, or
// nil; it is only read.
/// The name of the enum case `value` holds, from the Swift runtime (it is what
/// `String(describing:)` prints for an enum that does not describe itself), or `nil` when the type
/// keeps no reflection metadata. The runtime looks through the `Any` box to the value's own type.
@_silgen_name("swift_EnumCaseName")
private func _enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
