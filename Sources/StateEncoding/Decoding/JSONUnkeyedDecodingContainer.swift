import StateJSON

/// Reads an array's elements in order for `init(from:)`.
struct JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: JSONDecoderCore
    private(set) var currentIndex = 0

    init(elements: [JSONValue], decoder: JSONDecoderCore) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentPath: [any CodingKey] { codingPath + [JSONIndexKey(currentIndex)] }

    private func current(_ expected: String) throws -> JSONValue {
        guard currentIndex < elements.count else {
            throw JSONDecodingError(
                code: .valueNotFound, codingPath: currentPath,
                message: "expected \(expected), but the array has only \(elements.count) element\(elements.count == 1 ? "" : "s").")
        }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard try current("null").isNull else { return false }
        currentIndex += 1
        return true
    }

    private mutating func next<T>(_ expected: String, _ body: (JSONValue, @autoclosure () -> [any CodingKey]) throws -> T) throws -> T {
        let value = try current(expected)
        let result = try body(value, currentPath)
        currentIndex += 1
        return result
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try next("Bool") { value, path in try JSONDecoderCore.bool(from: value, codingPath: path()) }
    }
    mutating func decode(_ type: String.Type) throws -> String {
        try next("String") { value, path in try JSONDecoderCore.string(from: value, codingPath: path()) }
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try next("Double") { value, path in try JSONDecoderCore.double(from: value, codingPath: path()) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        try next("Float") { value, path in try JSONDecoderCore.float(from: value, codingPath: path()) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    private mutating func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        try next("an integer") { value, path in try JSONDecoderCore.integer(type, from: value, codingPath: path()) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try current("a value")
        let result = try decoder.decodeChild(type, from: value, at: .index(currentIndex))
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try current("an object")
        let result = try decoder.nestedDecoder(value, at: .index(currentIndex)).container(keyedBy: type)
        currentIndex += 1
        return result
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try current("an array")
        let result = try decoder.nestedDecoder(value, at: .index(currentIndex)).unkeyedContainer()
        currentIndex += 1
        return result
    }

    mutating func superDecoder() throws -> any Decoder {
        let value = try current("a value")
        let result = decoder.nestedDecoder(value, at: .index(currentIndex))
        currentIndex += 1
        return result
    }
}
