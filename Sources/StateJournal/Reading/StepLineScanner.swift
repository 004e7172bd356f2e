import StateJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the action and hash of a step line as statedbg writes it, without parsing the state between
/// them: replay needs only those two, and parsing a whole state per step would dominate its cost.
///
/// A line is `{"step":N,"kind":…,"time":T[,"parent":P],"action":{…}|"…","state"|"patch":…,"hash":"16 hex"}`
/// (`"ms":M` in place of `"time":T` from version 6),
/// from version 2 on followed by `,"crc":"8 hex"` before the final `}` (the caller has checked the checksum).
/// Anything else (a hand-written line, other member order) gets `nil`, and the caller parses the line
/// normally. Actions are cached by their bytes, so a repeated action costs a hash and a comparison.
struct StepLineScanner {
    private struct Entry {
        var bytes: [UInt8]
        var action: JournalAction
    }

    private static let cacheLimit = 4096

    private var cache: [UInt64: [Entry]] = [:]
    private var cachedCount = 0
    /// The action is a member of its line, so it may nest one level less deep than the line.
    private let parser = JournalLimits.memberParser(of: JournalLimits.parser)

    // Safe because the bytes are read only during the call, within their count, and never kept.
    /// The action and hash of a step line, or `nil` when the line is not in the writer's layout.
    mutating func scan(_ line: UnsafeRawBufferPointer) -> (action: JournalAction, hash: UInt64)? {
        let content = LineChecksum.content(of: line)
        let bytes = content.bindMemory(to: UInt8.self)
        guard let layout = Self.layout(of: bytes, sealed: content.count < line.count),
              let action = action(UnsafeBufferPointer(rebasing: bytes[layout.action])) else { return nil }
        return (action, layout.hash)
    }

    // Safe because the bytes are read only during the call, within their count, and copied when kept.
    /// The action whose text is `actionBytes`, parsed once per distinct text; `nil` when it is not an action.
    mutating func action(_ actionBytes: UnsafeBufferPointer<UInt8>) -> JournalAction? {
        var key: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in actionBytes { key = (key ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        if let bucket = cache[key] {
            for entry in bucket where entry.bytes.count == actionBytes.count {
                let same = entry.bytes.withUnsafeBytes { stored in
                    guard let left = stored.baseAddress, let right = actionBytes.baseAddress else { return true }
                    return memcmp(left, right, actionBytes.count) == 0
                }
                if same { return entry.action }
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
        return action
    }

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
    /// The content of a step line in the writer's layout whose step is `step`, or `nil` for any other
    /// line (the caller parses it whole).
    static func content(of line: UnsafeRawBufferPointer, step: Int) -> Content? {
        let content = LineChecksum.content(of: line)
        let bytes = content.bindMemory(to: UInt8.self)
        guard let layout = layout(of: bytes, sealed: content.count < line.count), layout.step == step else { return nil }
        return Content(isState: layout.isState, range: layout.content, hash: layout.hash)
    }

    /// Where the members of a step line in the writer's layout are.
    struct Layout {
        var step: Int
        var parent: Int?
        var action: Range<Int>
        var isState: Bool
        var content: Range<Int>
        var hash: UInt64
    }

    /// The members of `bytes` when it is exactly
    /// `{"step":N[,"kind":"keyframe"|"patch"],"time":T|"ms":M[,"parent":P],"action":{…},"state"|"patch":V,"hash":"16 hex"}`:
    /// each member once, in that order, with nothing between them. Only then are the scanned members the
    /// ones a parser finds (a repeated member, which a parser resolves to its last occurrence, or an
    /// `action` key nested in another member would otherwise be taken for the step's own). A `sealed`
    /// line's bytes are its ``LineChecksum/content(of:)``: they end at the hash's closing quote.
    // Safe because the bytes are read only during the call, through a cursor that checks every position against their count.
    static func layout(of bytes: UnsafeBufferPointer<UInt8>, sealed: Bool) -> Layout? {
        var cursor = LayoutCursor(bytes: bytes)
        guard cursor.skip(#"{"step":"#), let step = cursor.stepNumber() else { return nil }
        // A `kind` names the content that follows; a line whose kind and content disagree is invalid,
        // and the parser says so.
        var kindIsState: Bool?
        if cursor.skip(#","kind":"keyframe""#) {
            kindIsState = true
        } else if cursor.skip(#","kind":"patch""#) {
            kindIsState = false
        }
        // The time is absolute (`time`) or since the header's origin (`ms`, version 6); the stream or index
        // that placed the line refused `ms` under a header without an origin.
        guard cursor.skip(#","ms":"#) || cursor.skip(#","time":"#), cursor.skipDigits(allowingMinus: true) else { return nil }
        var parent: Int?
        if cursor.skip(#","parent":"#) {
            guard let number = cursor.stepNumber() else { return nil }
            parent = number
        }
        // An action is an object, or from version 6 on a call alone, a string (the reader checks the version).
        guard cursor.skip(#","action":"#), cursor.peek == UInt8(ascii: "{") || cursor.peek == UInt8(ascii: "\"") else { return nil }
        let actionStart = cursor.position
        guard cursor.skipValue() else { return nil }
        let action = actionStart..<cursor.position
        let isState: Bool
        if cursor.skip(#","state":"#) {
            isState = true
        } else if cursor.skip(#","patch":"#) {
            isState = false
        } else {
            return nil
        }
        if let kindIsState, kindIsState != isState { return nil }
        let contentStart = cursor.position
        guard cursor.skipValue(), cursor.position > contentStart else { return nil }
        let content = contentStart..<cursor.position
        guard cursor.skip(#","hash":""#), let hash = cursor.hexDigits(16),
              sealed ? cursor.skip("\"") : cursor.skip("\"}"), cursor.atEnd else { return nil }
        return Layout(step: step, parent: parent, action: action, isState: isState, content: content, hash: hash)
    }
}

// Safe because a cursor lives only during a call that borrows the line, and every read is at a position checked against the count first.
/// A position in a line being matched against the writer's layout.
private struct LayoutCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    // Safe because the cursor keeps the bytes only for the call that borrowed them.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var atEnd: Bool { position == bytes.count }

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Moves past `literal` when the bytes here are exactly it.
    mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[position + offset] != pointer[offset] { return false }
        position += count
        return true
    }

    /// Moves past one or more decimal digits (after a `-` when allowed).
    mutating func skipDigits(allowingMinus: Bool) -> Bool {
        if allowingMinus, peek == UInt8(ascii: "-") { position += 1 }
        let start = position
        while let byte = peek, byte >= 0x30, byte <= 0x39 { position += 1 }
        return position > start
    }

    /// Reads a step number: decimal digits without a leading zero, at most 18 of them.
    mutating func stepNumber() -> Int? {
        let start = position
        var value = 0
        while let byte = peek, byte >= 0x30, byte <= 0x39 {
            guard position - start < 18 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            position += 1
        }
        let digits = position - start
        guard digits > 0, digits == 1 || bytes[start] != 0x30 else { return nil }
        return value
    }


    /// Reads exactly `count` lowercase hexadecimal digits.
    mutating func hexDigits(_ count: Int) -> UInt64? {
        guard bytes.count - position >= count else { return nil }
        var value: UInt64 = 0
        for _ in 0..<count {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
            position += 1
        }
        return value
    }

    /// Moves past one JSON value as far as its framing goes: an object or array to its matching
    /// bracket (outside strings), a string to its closing quote, anything else to the next `,` or `}`.
    /// What is inside is checked by the parser that reads it later (or not at all, for the state),
    /// except its nesting: a value nested deeper than a line holds a member (``JournalLimits``) is no
    /// line in the writer's layout, so that a reader that passes over the state (`statedbg log`) parses
    /// the line whole and says what is wrong with it.
    mutating func skipValue() -> Bool {
        guard let first = peek else { return false }
        if first == UInt8(ascii: "\"") {
            position += 1
            return skipStringRest()
        }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            while let byte = peek, byte != UInt8(ascii: ","), byte != UInt8(ascii: "}") { position += 1 }
            return true
        }
        var depth = 0
        while let byte = peek {
            position += 1
            if byte == UInt8(ascii: "\"") {
                guard skipStringRest() else { return false }
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
                if depth > JournalLimits.maxValueDepth { return false }
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return true }
            }
        }
        return false
    }

    /// Moves past the rest of a string whose opening quote has been passed.
    private mutating func skipStringRest() -> Bool {
        while let byte = peek {
            position += 1
            if byte == UInt8(ascii: "\\") {
                guard peek != nil else { return false }
                position += 1
            } else if byte == UInt8(ascii: "\"") {
                return true
            }
        }
        return false
    }
}
