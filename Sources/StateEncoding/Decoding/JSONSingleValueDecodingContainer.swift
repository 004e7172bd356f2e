import StateJSON

/// Reads its decoder's whole value as one Swift value.
struct JSONSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: JSONDecoderCore

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var value: JSONValue { decoder.value }

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try JSONDecoderCore.bool(from: value, codingPath: codingPath) }
    func decode(_ type: String.Type) throws -> String { try JSONDecoderCore.string(from: value, codingPath: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try JSONDecoderCore.double(from: value, codingPath: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try JSONDecoderCore.float(from: value, codingPath: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decodeChild(type, from: value, at: .noKey)
    }
}
