import StateJSON

/// Reads a JSON string literal (quotes and escapes) from UTF-8 bytes, for the path and predicate
/// parsers, which accept keys and strings written exactly as JSON writes them.
enum JSONStringLiteral {
    /// Why a literal could not be read, and the byte offset where it went wrong.
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    /// The string starting with the `"` at `start`, and the offset just past its closing quote.
    static func scan(_ bytes: [UInt8], at start: Int) throws(Failure) -> (value: String, end: Int) {
        var index = start + 1
        var scalars: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                return (String(decoding: scalars, as: UTF8.self), index + 1)
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { break }
                let escape = bytes[index + 1]
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex(bytes, at: index + 2)
                    var consumed = 6
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                              bytes[index + 7] == UInt8(ascii: "u") else {
                            throw Failure(offset: index, message: "a high surrogate must be followed by a low one")
                        }
                        let low = try hex(bytes, at: index + 8)
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw Failure(offset: index + 6, message: "expected a low surrogate")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        consumed = 12
                    }
                    guard let scalar = Unicode.Scalar(code) else {
                        throw Failure(offset: index, message: "\\u escape is not a Unicode scalar")
                    }
                    scalars.append(contentsOf: String(scalar).utf8)
                    index += consumed
                    continue
                default:
                    throw Failure(offset: index, message: "unknown escape '\\\(String(UnicodeScalar(escape)))'")
                }
                index += 2
                continue
            default:
                guard byte >= 0x20 else {
                    throw Failure(offset: index, message: "control characters must be escaped in a string")
                }
                scalars.append(byte)
            }
            index += 1
        }
        throw Failure(offset: start, message: "unterminated string")
    }

    private static func hex(_ bytes: [UInt8], at start: Int) throws(Failure) -> UInt32 {
        guard start + 4 <= bytes.count else { throw Failure(offset: start - 2, message: "\\u needs four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[start..<(start + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Failure(offset: start - 2, message: "\\u needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The 1-based column, in characters, of byte `offset`.
    static func column(of offset: Int, in bytes: [UInt8]) -> Int {
        String(decoding: bytes[..<min(offset, bytes.count)], as: UTF8.self).count + 1
    }
}
