/// Turns the bytes a terminal sends into ``Key`` events.
///
/// Keeps incomplete sequences (half an escape sequence, half a UTF-8 character) until the next bytes
/// arrive, so input may be split anywhere.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B])        // [] — waiting for the rest
/// decoder.decode([0x33, 0x7E, 0x01])  // [.delete, .control("a")]
/// decoder.decode(Array("é".utf8))     // [.character("é")]
/// ```
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder with nothing pending.
    package init() {}

    /// Whether bytes of an unfinished sequence are waiting.
    package var hasPending: Bool { !pending.isEmpty }

    /// Whether the only pending byte is ESC, which is either the Escape key or the start of a sequence
    /// such as an arrow key; only the time until the next byte tells them apart.
    package var isWaitingAfterEscape: Bool { pending == [0x1B] }

    /// Takes a pending lone ESC as the Escape key, once the caller has waited long enough for a sequence
    /// to follow; `nil` when something else is pending.
    package mutating func finishEscape() -> Key? {
        guard isWaitingAfterEscape else { return nil }
        pending.removeAll(keepingCapacity: true)
        return .escape
    }

    /// Decodes as many keys as `bytes` (after whatever was pending) complete.
    package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        var keys: [Key] = []
        for byte in bytes {
            if let key = feed(byte) { keys.append(key) }
        }
        return keys
    }

    /// Adds one byte; returns the key it completes, if any.
    package mutating func feed(_ byte: UInt8) -> Key? {
        pending.append(byte)
        switch Self.parse(pending) {
        case .incomplete:
            return nil
        case .key(let key):
            pending.removeAll(keepingCapacity: true)
            return key
        }
    }

    private enum Parse {
        case incomplete
        case key(Key)
    }

    private static func parse(_ bytes: [UInt8]) -> Parse {
        guard let first = bytes.first else { return .incomplete }
        switch first {
        case 0x1B:
            return parseEscape(bytes)
        case 0x0D, 0x0A:
            return .key(.enter)
        case 0x09:
            return .key(.tab)
        case 0x7F, 0x08:
            return .key(.backspace)
        case 0x01...0x1A:
            return .key(.control(Character(Unicode.Scalar(first + 0x60))))
        case 0x00, 0x1C...0x1F:
            return .key(.unknown(bytes))
        case 0x20...0x7E:
            return .key(.character(Character(Unicode.Scalar(first))))
        default:
            return parseUTF8(bytes)
        }
    }

    private static func parseUTF8(_ bytes: [UInt8]) -> Parse {
        let first = bytes[0]
        let expected = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        if bytes.count > 1, bytes.last.map({ $0 & 0xC0 != 0x80 }) ?? false {
            return .key(.unknown(bytes))
        }
        guard bytes.count >= expected else { return .incomplete }
        var iterator = bytes.makeIterator()
        var utf8 = UTF8()
        if case .scalarValue(let scalar) = utf8.decode(&iterator) {
            return .key(.character(Character(scalar)))
        }
        return .key(.unknown(bytes))
    }

    private static func parseEscape(_ bytes: [UInt8]) -> Parse {
        guard bytes.count >= 2 else { return .incomplete }
        switch bytes[1] {
        case UInt8(ascii: "["):
            return parseControlSequence(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return .incomplete }
            switch bytes[2] {
            case UInt8(ascii: "H"): return .key(.home)
            case UInt8(ascii: "F"): return .key(.end)
            case UInt8(ascii: "A"): return .key(.up)
            case UInt8(ascii: "B"): return .key(.down)
            case UInt8(ascii: "C"): return .key(.right)
            case UInt8(ascii: "D"): return .key(.left)
            default: return .key(.unknown(bytes))
            }
        case UInt8(ascii: "b"):
            return .key(.wordLeft)
        case UInt8(ascii: "f"):
            return .key(.wordRight)
        default:
            return .key(.unknown(bytes))
        }
    }

    /// `ESC [ parameters final`, where parameters are digits and semicolons.
    private static func parseControlSequence(_ bytes: [UInt8]) -> Parse {
        guard bytes.count >= 3, let final = bytes.last, (0x40...0x7E).contains(final) else {
            // Bound the wait so a garbled sequence cannot swallow input forever.
            return bytes.count > 16 ? .key(.unknown(bytes)) : .incomplete
        }
        let parameters = String(decoding: bytes[2..<(bytes.count - 1)], as: UTF8.self)
            .split(separator: ";").map { Int($0) ?? 0 }
        let modified = parameters.count > 1 && parameters[1] != 1
        switch final {
        case UInt8(ascii: "A"): return .key(.up)
        case UInt8(ascii: "B"): return .key(.down)
        case UInt8(ascii: "C"): return .key(modified ? .wordRight : .right)
        case UInt8(ascii: "D"): return .key(modified ? .wordLeft : .left)
        case UInt8(ascii: "H"): return .key(.home)
        case UInt8(ascii: "F"): return .key(.end)
        case UInt8(ascii: "~"):
            switch parameters.first {
            case 1, 7: return .key(.home)
            case 4, 8: return .key(.end)
            case 3: return .key(.delete)
            default: return .key(.unknown(bytes))
            }
        default:
            return .key(.unknown(bytes))
        }
    }
}
