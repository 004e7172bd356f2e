import Foundation

/// A type ``SchemaProbe`` answers with a fixed value instead of decoding it: the scalars Codable knows,
/// and the Foundation values whose own decoding would reject a placeholder.
protocol ProbePlaceholder {
    /// The value the probe hands out; `hint` is the enum case reflection saw at the place, which a
    /// string-backed enum decodes from.
    static func placeholder(hint: String?) -> Self
}

extension Bool: ProbePlaceholder {
    static func placeholder(hint: String?) -> Bool { false }
}

extension String: ProbePlaceholder {
    static func placeholder(hint: String?) -> String { hint ?? "" }
}

extension Double: ProbePlaceholder {
    static func placeholder(hint: String?) -> Double { 0 }
}

extension Float: ProbePlaceholder {
    static func placeholder(hint: String?) -> Float { 0 }
}

extension Int: ProbePlaceholder {
    static func placeholder(hint: String?) -> Int { 0 }
}

extension Int8: ProbePlaceholder {
    static func placeholder(hint: String?) -> Int8 { 0 }
}

extension Int16: ProbePlaceholder {
    static func placeholder(hint: String?) -> Int16 { 0 }
}

extension Int32: ProbePlaceholder {
    static func placeholder(hint: String?) -> Int32 { 0 }
}

extension Int64: ProbePlaceholder {
    static func placeholder(hint: String?) -> Int64 { 0 }
}

extension UInt: ProbePlaceholder {
    static func placeholder(hint: String?) -> UInt { 0 }
}

extension UInt8: ProbePlaceholder {
    static func placeholder(hint: String?) -> UInt8 { 0 }
}

extension UInt16: ProbePlaceholder {
    static func placeholder(hint: String?) -> UInt16 { 0 }
}

extension UInt32: ProbePlaceholder {
    static func placeholder(hint: String?) -> UInt32 { 0 }
}

extension UInt64: ProbePlaceholder {
    static func placeholder(hint: String?) -> UInt64 { 0 }
}

extension Date: ProbePlaceholder {
    static func placeholder(hint: String?) -> Date { Date(timeIntervalSinceReferenceDate: 0) }
}

extension URL: ProbePlaceholder {
    static func placeholder(hint: String?) -> URL { URL(fileURLWithPath: "/") }
}

extension UUID: ProbePlaceholder {
    static func placeholder(hint: String?) -> UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}

extension Data: ProbePlaceholder {
    static func placeholder(hint: String?) -> Data { Data() }
}

extension Decimal: ProbePlaceholder {
    static func placeholder(hint: String?) -> Decimal { 0 }
}
