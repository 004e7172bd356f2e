import StateJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the action and hash of a step line as statedbg writes it, without parsing the state between
/// them: replay needs only those two, and parsing a whole state per step would dominate its cost.
///
/// A line is `{"step":N,"kind":…,"time":T[,"parent":P],"action":{…},"state"|"patch":…,"hash":"16 hex"}`,
/// in version 2 followed by `,"crc":"8 hex"` before the final `}` (the caller has checked the checksum).
/// Anything else (a hand-written line, other member order) gets `nil`, and the caller parses the line
/// normally. Actions are cached by their bytes, so a repeated action costs a hash and a comparison.
struct StepLineScanner {
    private struct Entry {
        var bytes: [UInt8]
        var action: JournalAction
    }

    private static let actionKey = Array(#","action":"#.utf8)
    private static let hashKey = Array(#","hash":""#.utf8)
    private static let cacheLimit = 4096

    private var cache: [UInt64: [Entry]] = [:]
    private var cachedCount = 0
    private let parser = JSONParser()

    // Safe because the bytes are read only during the call, within their count, and never kept.
    /// The action and hash of a step line, or `nil` when the line is not in the writer's layout.
    mutating func scan(_ line: UnsafeRawBufferPointer) -> (action: JournalAction, hash: UInt64)? {
        let bytes = LineChecksum.content(of: line).bindMemory(to: UInt8.self)
        guard let hash = Self.hash(in: bytes), let range = Self.actionRange(in: bytes) else { return nil }
        let actionBytes = UnsafeBufferPointer(rebasing: bytes[range])
        var key: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in actionBytes { key = (key ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        if let bucket = cache[key] {
            for entry in bucket where entry.bytes.count == actionBytes.count {
                let same = entry.bytes.withUnsafeBytes { stored in
                    guard let left = stored.baseAddress, let right = actionBytes.baseAddress else { return true }
                    return memcmp(left, right, actionBytes.count) == 0
                }
                if same { return (entry.action, hash) }
            }
        }
        guard let value = try? parser.parse(UnsafeRawBufferPointer(actionBytes)),
              let action = try? JournalAction(jsonValue: value) else { return nil }
        if cachedCount >= Self.cacheLimit {
            cache.removeAll(keepingCapacity: true)
            cachedCount = 0
        }
        cache[key, default: []].append(Entry(bytes: Array(actionBytes), action: action))
        cachedCount += 1
        return (action, hash)
    }

    private static let statePrefix = Array(#","state":"#.utf8)
    private static let patchPrefix = Array(#","patch":"#.utf8)

    /// The whole state or the patch of a step line, and its hash, located without parsing the action:
    /// a state read needs neither, and parsing it per step would cost as much as the state's change.
    struct Content {
        /// Whether the bytes are a whole state (`"state"`) rather than a patch (`"patch"`).
        var isState: Bool
        /// Where the value is in the line.
        var range: Range<Int>
        var hash: UInt64
    }

    // Safe because the bytes are read only during the call, within their count, and never kept.
    /// The content of a step line in the writer's layout that starts with `{"step":<step>`, or `nil`
    /// for any other line (the caller parses it whole).
    static func content(of line: UnsafeRawBufferPointer, step: Int) -> Content? {
        let bytes = LineChecksum.content(of: line).bindMemory(to: UInt8.self)
        guard startsWithStep(step, bytes), let hash = hash(in: bytes), let action = actionRange(in: bytes) else { return nil }
        let closing = bytes.last == UInt8(ascii: "}") ? 2 : 1
        let end = bytes.count - (hashKey.count + 16 + closing)
        let start = action.upperBound + statePrefix.count
        guard start < end else { return nil }
        let isState: Bool
        if matches(statePrefix, in: bytes, at: action.upperBound) {
            isState = true
        } else if matches(patchPrefix, in: bytes, at: action.upperBound) {
            isState = false
        } else {
            return nil
        }
        return Content(isState: isState, range: start..<end, hash: hash)
    }

    private static func matches(_ literal: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard position + literal.count <= bytes.count else { return false }
        for offset in 0..<literal.count where bytes[position + offset] != literal[offset] { return false }
        return true
    }

    private static let stepKey = Array(#"{"step":"#.utf8)

    /// Whether the line starts with `{"step":` and exactly the digits of `step`.
    private static func startsWithStep(_ step: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard matches(stepKey, in: bytes, at: 0) else { return false }
        var position = stepKey.count
        var value = 0
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39, position - stepKey.count < 18 {
            value = value * 10 + Int(bytes[position] - 0x30)
            position += 1
        }
        let digits = position - stepKey.count
        guard digits > 0, digits == 1 || bytes[stepKey.count] != 0x30 else { return false }
        return value == step && position < bytes.count && bytes[position] == UInt8(ascii: ",")
    }

    // Safe because the bytes are read only during the call, within their count, and never kept.
    /// The 16 hex digits at the end of the line's content: before the closing `"}` of a version 1
    /// line, or before the closing `"` when the checksum member has been cut off.
    private static func hash(in bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        let closing = bytes.last == UInt8(ascii: "}") ? 2 : 1
        let suffixLength = hashKey.count + 16 + closing
        guard bytes.count > suffixLength, bytes[bytes.count - closing] == UInt8(ascii: "\"") else { return nil }
        let keyStart = bytes.count - suffixLength
        for offset in 0..<hashKey.count where bytes[keyStart + offset] != hashKey[offset] { return nil }
        var value: UInt64 = 0
        for position in (keyStart + hashKey.count)..<(bytes.count - closing) {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    // Safe because the bytes are read only during the call, within their count, and never kept.
    /// The bytes of the `action` object: found after the numeric members that precede it, and ended by
    /// matching braces outside strings.
    private static func actionRange(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let key = actionKey
        var start = -1
        var position = 0
        // The members before `action` are numbers and a fixed word, so the first match is the member.
        while position + key.count < bytes.count, position < 128 {
            if bytes[position] == key[0] {
                var matches = true
                for offset in 1..<key.count where bytes[position + offset] != key[offset] {
                    matches = false
                    break
                }
                if matches {
                    start = position + key.count
                    break
                }
            }
            position += 1
        }
        guard start >= 0, bytes[start] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return start..<(index + 1) }
            }
            index += 1
        }
        return nil
    }
}
