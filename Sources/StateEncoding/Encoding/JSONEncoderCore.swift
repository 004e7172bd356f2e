import Foundation
import StateJSON

/// The `Encoder` handed to `encode(to:)`, which collects the value it encodes (a single value, the
/// elements of an array or the members of an object) in a ``JSONValueCollector``.
///
/// Encoders are reused (see ``JSONEncoderOptions/makeEncoder(parent:step:memo:)``) and hand out
/// their keyed container again (see ``JSONCoderHandle``), so encoding an object allocates nothing
/// but its result. The coding path is a parent link plus this value's key, assembled only when someone asks for
/// it (an error, or an `encode(to:)` that reads it). Nested containers and super encoders get an
/// encoder of their own, whose result fills a placeholder in this one's values when it finishes.
final class JSONEncoderCore: Encoder, JSONReusableCore {
    let options: JSONEncoderOptions
    /// Whether the encoder comes from, and goes back to, the options' spares (rather than serving
    /// one nested container or super encoder).
    private let reusable: Bool
    // Safe because an encoder is used by one encode call on one thread, and no access to these properties spans a call
    // that could reach them again.
    // Unchecked exclusivity: every encoder call touches these, the dynamic access checks cost about
    // a sixth of encoding time, and no access to them ever overlaps another.
    @exclusivity(unchecked) private var parent: JSONEncoderCore?
    @exclusivity(unchecked) private var step: JSONPathStep
    /// The memo node of this value when an ``IncrementalJSONEncoder`` is encoding, else `nil`.
    @exclusivity(unchecked) private(set) var memo: JSONMemoNode?
    /// 1 for the top-level value, one more for each level below it (see ``JSONEncodingLimits``).
    @exclusivity(unchecked) private var depth: Int
    /// The value encoded so far.
    @exclusivity(unchecked) private var collector: JSONValueCollector
    /// The route of the child type last encoded, unless it is encoded specially, so that a parent
    /// encoding many values of one type (an array's elements) looks it up once.
    @exclusivity(unchecked) private var childRoute: (type: ObjectIdentifier, route: JSONTypeRoute, isClass: Bool)?
    /// The keyed container last handed out, a `KeyedEncodingContainer` of the key type, kept by a
    /// reusable encoder to hand out again (see ``JSONCoderHandle``).
    @exclusivity(unchecked) private var keptContainer: JSONKeptContainer<JSONEncoderCore>?

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    var codingPath: [any CodingKey] { JSONEncoderCore.path(parent: parent, step: step) }

    init(
        options: JSONEncoderOptions, reusable: Bool, parent: JSONEncoderCore?, step: JSONPathStep, memo: JSONMemoNode?
    ) {
        self.options = options
        self.reusable = reusable
        self.parent = parent
        self.step = step
        self.memo = memo
        depth = (parent?.depth ?? 0) &+ 1
        collector = JSONValueCollector(keyOrders: options.keyOrders)
    }

    func prepare(parent: JSONEncoderCore?, step: JSONPathStep, memo: JSONMemoNode?) {
        self.parent = parent
        self.step = step
        self.memo = memo
        depth = (parent?.depth ?? 0) &+ 1
    }

    /// Empties the encoder for its next value; `false` when it must not be reused: someone kept its
    /// keyed container, or it failed half way.
    func clearForReuse() -> Bool {
        parent = nil
        memo = nil
        collector.clear(keepingCapacity: 4096)
        return !releaseKeptContainerIfShared() && collector.isEmpty
    }

    /// Hands the kept container over to its handle when someone else holds it too, so that it stays
    /// usable; returns whether it did.
    @discardableResult
    func releaseKeptContainerIfShared() -> Bool {
        JSONKeptContainer.releaseIfShared(&keptContainer, of: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let keyType = ObjectIdentifier(Key.self)
        collector.beginObject(keyType: keyType)
        // Kept as a plain reference: a `KeyedEncodingContainer` is one reference to its box. The
        // size check keeps that assumption from ever reading a value of another layout.
        guard reusable, MemoryLayout<KeyedEncodingContainer<Key>>.size == MemoryLayout<AnyObject>.size else {
            let handle = JSONCoderHandle(core: self, owned: true)
            return KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(handle: handle))
        }
        // Safe because the guard above proves KeyedEncodingContainer<Key> is one reference, and the kept box was made
        // for this Key (keyType), so both casts only retype that reference.
        let container = JSONKeptContainer.reuse(&keptContainer, keyType: keyType, core: self) { handle in
            unsafeBitCast(KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(handle: handle)), to: AnyObject.self)
        }
        return unsafeBitCast(container, to: KeyedEncodingContainer<Key>.self)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        collector.beginArray()
        return JSONUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueEncodingContainer(encoder: self)
    }

    // MARK: - Collecting

    /// The number of elements or members so far.
    var count: Int { collector.count }

    /// Adds an object member.
    func put(_ value: consuming JSONValue, forKey key: String) {
        collector.put(value, forKey: key)
    }

    /// Adds an array element.
    func append(_ value: consuming JSONValue) {
        collector.append(value)
    }

    func putSingle(_ value: consuming JSONValue) {
        collector.putSingle(value)
    }

    /// An encoder for a nested container or super encoder at `step`, whose result goes where the
    /// member (named `name`) or element is added now.
    func nestedEncoder(at step: JSONPathStep, name: String?, memo: JSONMemoNode?) -> JSONEncoderCore {
        let encoder = JSONEncoderCore(options: options, reusable: false, parent: self, step: step, memo: memo)
        collector.addNested(encoder, name: name)
        return encoder
    }

    /// The encoded value, leaving the encoder empty.
    func finish() -> JSONValue {
        collector.finish()
    }

    // MARK: - Values

    /// Encodes `value`, found at `step` under `parent`, using the memo when one is given.
    static func encodeValue<T: Encodable>(
        _ value: T, options: JSONEncoderOptions, parent: JSONEncoderCore?, step: JSONPathStep, memo: JSONMemoNode?
    ) throws -> JSONValue {
        let type = ObjectIdentifier(T.self)
        let route: JSONTypeRoute
        let isClass: Bool
        if let parent, let known = parent.childRoute, known.type == type {
            route = known.route
            isClass = known.isClass
        } else {
            if let special = try specialValue(value, options: options, path: { path(parent: parent, step: step) }) {
                return special
            }
            (route, isClass) = options.route(for: T.self)
            parent?.childRoute = (type, route, isClass)
        }
        // Unlimited unless a JSONReflectingEncoder set limits; then a graph of objects that leads
        // back to itself fails here rather than recursing until the stack runs out.
        options.limits.values &-= 1
        if options.limits.values < 0 || (parent?.depth ?? 0) >= options.limits.depth {
            throw JSONEncodingError(
                codingPath: path(parent: parent, step: step),
                message: "the value is nested deeper than \(options.limits.depth) levels, or comes after the most values this encoding may write.")
        }
        // Counted with or without a memo: values under a super encoder have none, but their
        // ancestors do.
        let classInstancesBefore = options.classInstancesMet
        if isClass { options.classInstancesMet &+= 1 }
        // Without a memo, a value that builds its own JSON needs no encoder.
        if memo == nil, let built = try builtValue(value, route: route, parent: parent, step: step) { return built }
        var encoder = options.makeEncoder(parent: parent, step: step, memo: memo)
        if let memo, let reused = try memo.reusedEncoding(of: value, encoder: encoder) {
            options.recycle(&encoder)
            // An array's memo encodes its changed elements, which may be the first objects it holds.
            if options.classInstancesMet != classInstancesBefore { memo.markReachingClassInstances() }
            return reused
        }
        var result: JSONValue
        if let built = try builtValue(value, route: route, parent: parent, step: step) {
            result = built
        } else if case .scalarArray = route {
            result = .array(try scalarElements(of: value, at: encoder))
        } else {
            do {
                try value.encode(to: encoder)
            } catch {
                encoder.releaseKeptContainerIfShared()
                throw error
            }
            result = encoder.finish()
        }
        options.recycle(&encoder)
        if case .unorderedCollection(let unordered) = route {
            result = unordered.canonicalOrder(result)
        }
        guard let memo else { return result }
        if options.classInstancesMet != classInstancesBefore {
            // An object keeps its address when mutated in place: the same bits no longer mean the same JSON.
            memo.markReachingClassInstances()
            return result
        }
        // Scalars cost less to encode again than to remember and compare.
        switch result {
        case .array, .object: memo.remember(value, encoded: result)
        default: break
        }
        return result
    }

    /// The JSON of a value whose route says it builds its own (``JSONValueEncodable``, or an array of
    /// such values), else `nil`.
    private static func builtValue<T>(
        _ value: T, route: JSONTypeRoute, parent: JSONEncoderCore?, step: JSONPathStep
    ) throws -> JSONValue? {
        switch route {
        case .valueEncodable(let encodable): try jsonValue(of: value, as: encodable, parent: parent, step: step)
        case .valueEncodableArray(let array): try jsonElements(of: value, as: array, parent: parent, step: step)
        case .codable, .scalarArray, .unorderedCollection: nil
        }
    }

    /// `value.jsonValue()`, `T` being `E`: opening the route's type once costs less than casting
    /// every value.
    private static func jsonValue<T, E: JSONValueEncodable>(
        of value: T, as type: E.Type, parent: JSONEncoderCore?, step: JSONPathStep
    ) throws -> JSONValue {
        // Safe because the route names E only when T is E (asserted here), so the pointer below is rebound to the type
        // it already has.
        assert(T.self == E.self, "JSONEncoderCore: the route of \(T.self) names \(E.self)")
        do {
            return try withUnsafePointer(to: value) { pointer in
                try UnsafeRawPointer(pointer).assumingMemoryBound(to: E.self).pointee.jsonValue()
            }
        } catch {
            throw JSONEncodingError.fromJSONValue(error, at: path(parent: parent, step: step))
        }
    }

    /// The elements of `value`, an array of ``JSONValueEncodable`` values (`T` being `A`).
    private static func jsonElements<T, A: JSONValueEncodableArray>(
        of value: T, as type: A.Type, parent: JSONEncoderCore?, step: JSONPathStep
    ) throws -> JSONValue {
        // Safe because the route names A only when T is A (asserted here), so the pointer below is rebound to the type
        // it already has.
        assert(T.self == A.self, "JSONEncoderCore: the route of \(T.self) names \(A.self)")
        return try withUnsafePointer(to: value) { pointer in
            .array(try UnsafeRawPointer(pointer).assumingMemoryBound(to: A.self).pointee.jsonElements(at: {
                path(parent: parent, step: step)
            }))
        }
    }

    private static func path(parent: JSONEncoderCore?, step: JSONPathStep) -> [any CodingKey] {
        step.appended(to: parent?.codingPath ?? [])
    }

    /// Encodes a member.
    func encodeMember<T: Encodable>(_ value: T, key: any CodingKey, name: String) throws -> JSONValue {
        try JSONEncoderCore.encodeValue(
            value, options: options, parent: self, step: .key(key), memo: memo.map { $0.child(.key(name)) })
    }

    /// Encodes an array element.
    func encodeElement<T: Encodable>(_ value: T, index: Int) throws -> JSONValue {
        try JSONEncoderCore.encodeValue(
            value, options: options, parent: self, step: .index(index), memo: memo.map { $0.child(.index(index)) })
    }

    /// Encodes the one value of a single-value container, at this encoder's own path.
    func encodeWrapped<T: Encodable>(_ value: T) throws -> JSONValue {
        try JSONEncoderCore.encodeValue(value, options: options, parent: self, step: .noKey, memo: memo?.child(.single))
    }

    /// The elements of an array of `Int`, `String`, `Bool` or `Double` (see
    /// ``JSONTypeRoute/scalarArray``), made in one loop instead of one encoder call each.
    private static func scalarElements<T: Encodable>(of value: T, at encoder: JSONEncoderCore) throws -> [JSONValue] {
        // Safe because each cast is guarded by a check that T is exactly that array type (the last by a precondition).
        // The type checks make the casts no-ops.
        if T.self == [Int].self { return unsafeBitCast(value, to: [Int].self).map { .integer(Int64($0)) } }
        if T.self == [String].self { return unsafeBitCast(value, to: [String].self).map { .string($0) } }
        if T.self == [Double].self {
            return try unsafeBitCast(value, to: [Double].self).enumerated().map { index, element in
                try double(element, path: { encoder.codingPath + [JSONIndexKey(index)] })
            }
        }
        precondition(T.self == [Bool].self, "JSONEncoderCore: \(T.self) is not an array of scalars")
        return unsafeBitCast(value, to: [Bool].self).map { .bool($0) }
    }

    /// The JSON for types that JSON encodes specially, or `nil` for everything else.
    private static func specialValue<T: Encodable>(
        _ value: T, options: JSONEncoderOptions, path: () -> [any CodingKey]
    ) throws -> JSONValue? {
        if T.self == Date.self, let date = value as? Date {
            switch options.dateStrategy {
            case .secondsSinceReferenceDate: return try double(date.timeIntervalSinceReferenceDate, path: path)
            case .iso8601: return .string(ISO8601Timestamp.format(date))
            case .secondsSince1970: return try double(date.timeIntervalSince1970, path: path)
            case .millisecondsSince1970:
                let milliseconds = date.timeIntervalSince1970 * 1000
                if let whole = Int64(exactly: milliseconds) { return .integer(whole) }
                return try double(milliseconds, path: path)
            }
        }
        if T.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if T.self == UUID.self, let uuid = value as? UUID { return .string(uuid.uuidString) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return try decimalValue(decimal, path: path) }
        return nil
    }

    static func decimalValue(_ decimal: Decimal, path: () -> [any CodingKey]) throws -> JSONValue {
        guard !decimal.isNaN else {
            throw JSONEncodingError(codingPath: path(), message: "a NaN Decimal cannot be encoded as JSON.")
        }
        let text = decimal.description
        if let integer = Int64(text) { return .integer(integer) }
        // The value the parser makes of the same text (19.99 is a Double, 30 digits stay text), so a
        // journal's reader rebuilds, and hashes, exactly what the recorder encoded.
        return (try? JSONValue(parsing: text)) ?? .bigNumber(text)
    }

    static func double(_ value: Double, path: () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw JSONEncodingError(
                codingPath: path(), message: "\(value) cannot be encoded because JSON has no NaN or infinity.")
        }
        return .double(value)
    }

    static func float(_ value: Float, path: () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw JSONEncodingError(
                codingPath: path(), message: "\(value) cannot be encoded because JSON has no NaN or infinity.")
        }
        // The shortest Float text read as a Double keeps `0.1` from turning into 0.10000000149011612.
        return .double(Double(value.description) ?? Double(value))
    }

    static func unsigned(_ value: UInt64) -> JSONValue {
        value > UInt64(Int64.max) ? .unsigned(value) : .integer(Int64(value))
    }
}
