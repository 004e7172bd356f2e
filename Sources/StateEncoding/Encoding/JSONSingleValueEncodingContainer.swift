import StateJSON

/// Writes a single value as its encoder's whole result.
struct JSONSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: JSONEncoderCore

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ value: JSONValue) { encoder.putSingle(value) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try JSONEncoderCore.double(value, path: { codingPath })) }
    mutating func encode(_ value: Float) throws { put(try JSONEncoderCore.float(value, path: { codingPath })) }
    mutating func encode(_ value: Int) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { put(.integer(value)) }
    mutating func encode(_ value: UInt) throws { put(JSONEncoderCore.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { put(JSONEncoderCore.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // A single-value wrapper has exactly one child value, remembered under the memo's `.single` node.
        put(try encoder.encodeWrapped(value))
    }
}
