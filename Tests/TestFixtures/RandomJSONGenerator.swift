import StateJSON
import StateRecorder

/// Random JSON values that exercise every case, escapes and non-ASCII text included.
public struct RandomJSONGenerator {
    /// The source of randomness.
    public var random: SeededGenerator

    /// A generator whose values are fixed by `seed`.
    public init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// A value of any kind; containers stop nesting below depth 5.
    public mutating func value(depth: Int = 0) -> JSONValue {
        let limit = depth > 4 ? 7 : 9
        switch Int.random(in: 0..<limit, using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .integer(Int64.random(in: Int64.min...Int64.max, using: &random) >> UInt64.random(in: 0..<64, using: &random))
        case 3: return .unsigned(UInt64.random(in: (UInt64(Int64.max) + 1)...UInt64.max, using: &random))
        case 4: return .double(double())
        case 5: return .bigNumber(["123456789012345678901234567890", "-99999999999999999999", "1e400", "-2.5E+999", "1e-400"].randomElement(using: &random) ?? "1e400")
        case 6: return .string(string())
        case 7:
            return .array((0..<Int.random(in: 0..<5, using: &random)).map { _ in value(depth: depth + 1) })
        default:
            let members = (0..<Int.random(in: 0..<5, using: &random)).map { _ in (string(), value(depth: depth + 1)) }
            return .object(JSONObject(members))
        }
    }

    /// A double from one of several ranges, edge cases included.
    public mutating func double() -> Double {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return Double(Int.random(in: -1000...1000, using: &random))
        case 1: return Double.random(in: -1...1, using: &random)
        case 2: return Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &random) & 0x7FEF_FFFF_FFFF_FFFF)
        case 3: return [0.1, 1e-5, 1e16, .leastNonzeroMagnitude, 1.7976931348623157e308, -0.0, 123456.789].randomElement(using: &random) ?? 0
        default: return Double.random(in: -1e12...1e12, using: &random)
        }
    }

    /// A short string of letters, escapes, control characters and non-ASCII text.
    public mutating func string() -> String {
        let alphabet: [String] = ["a", "b", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", "é", "€", "😀", "\u{7F}", "key", "id"]
        return (0..<Int.random(in: 0..<6, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "" }.joined()
    }
}
