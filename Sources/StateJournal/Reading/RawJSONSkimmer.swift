#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

// Safe because every function here reads only inside the buffer it is given: each load is at an offset
// checked against the buffer's count first (eight bytes while eight remain, then one at a time).
/// Finds where JSON values end in raw line bytes without parsing them, eight bytes at a time: what
/// lets a search look at one member of a state without paying for the rest of the line.
///
/// It follows only the framing (strings and their escapes, brackets outside strings); whether the
/// bytes are valid JSON is left to the parser of whatever is read in the end. Every function returns
/// `nil` when the bytes end before the value does.
enum RawJSONSkimmer {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let high: UInt64 = 0x8080_8080_8080_8080
    private static let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The high bit of each byte of `word` equal to `byte`, exactly (no false positives).
    @inline(__always)
    private static func marked(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let difference = word ^ (UInt64(byte) &* ones)
        return ~(((difference & low) &+ low) | difference | low)
    }

    /// The high bit of each byte that may be a bracket: `{`, `}`, `[` and `]` are the bytes whose bits
    /// under 0xD9 read 0x59 (so are `Y`, `_`, `y` and DEL, which the caller passes over).
    @inline(__always)
    private static func possibleBrackets(in word: UInt64) -> UInt64 {
        marked(word & (0xD9 &* ones), equalTo: 0x59)
    }

    /// Whether `byte` is JSON whitespace.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // Safe because the caller promises `count` readable bytes at each pointer.
    /// Whether the `count` bytes at `left` and `right` are the same, compared eight at a time inline:
    /// a call to memcmp for the few dozen bytes of an action or a value cost more than the comparing.
    @inline(__always)
    static func same(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while count - offset >= 8 {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < count {
            if left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }

    // Safe because both buffers are read within `left.count` bytes, which the caller has made `right.count` too.
    /// Whether `left` and `right` (of the same length) differ only at positions where both hold an
    /// ASCII digit: eight bytes at a time, most of them equal.
    static func differOnlyInDigits(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        guard left.count == right.count else { return false }
        guard let a = left.baseAddress, let b = right.baseAddress else { return true }
        let count = left.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let high: UInt64 = 0x8080_8080_8080_8080
        /// The high bit of each byte that is an ASCII digit: at least 0x30 and not above 0x39, below 0x80
        /// (bytes with the high bit cleared plus a constant below 0x80 carry into no neighbour).
        func digits(_ word: UInt64) -> UInt64 {
            let seven = word & low
            return (seven &+ 0x50 &* ones) & ~(seven &+ 0x46 &* ones) & ~word & high
        }
        var position = 0
        /// Whether the words `x` and `y` differ only where both have a digit.
        func agree(_ x: UInt64, _ y: UInt64) -> Bool {
            let difference = x ^ y
            let differing = (((difference & low) &+ low) | difference) & high
            return differing & ~(digits(x) & digits(y)) == 0
        }
        // Mostly equal: 32 bytes at a time, one branch for a run of equal ones.
        while count - position >= 32 {
            var any: UInt64 = 0
            for offset in stride(from: 0, to: 32, by: 8) {
                any |= a.loadUnaligned(fromByteOffset: position + offset, as: UInt64.self)
                    ^ b.loadUnaligned(fromByteOffset: position + offset, as: UInt64.self)
            }
            if any != 0 {
                for offset in stride(from: 0, to: 32, by: 8) {
                    guard agree(a.loadUnaligned(fromByteOffset: position + offset, as: UInt64.self),
                                b.loadUnaligned(fromByteOffset: position + offset, as: UInt64.self)) else { return false }
                }
            }
            position += 32
        }
        while count - position >= 8 {
            let x = a.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            let y = b.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            if x != y, !agree(x, y) { return false }
            position += 8
        }
        while position < count {
            let x = a.load(fromByteOffset: position, as: UInt8.self)
            let y = b.load(fromByteOffset: position, as: UInt8.self)
            if x != y, !(x >= 0x30 && x <= 0x39 && y >= 0x30 && y <= 0x39) { return false }
            position += 1
        }
        return true
    }

    // Safe because the bytes are read at positions below their count, during the call.
    /// The position after the whitespace at `position`.
    @inline(__always)
    static func skipWhitespace(_ bytes: UnsafeRawBufferPointer, from position: Int) -> Int {
        var position = position
        while position < bytes.count, isWhitespace(bytes[position]) { position += 1 }
        return position
    }

    // Safe because the bytes are read at positions below their count, during the call.
    /// The position just after the value that starts at `position`: past the closing quote of a string,
    /// the matching bracket of an object or array, or the last byte of a number or literal (before the
    /// next `,`, `}`, `]` or whitespace).
    static func end(ofValueAt position: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            return end(ofStringAfter: position + 1, in: bytes)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return end(ofContainerAt: position, in: bytes)
        default:
            var end = position
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || isWhitespace(byte) { break }
                end += 1
            }
            return end > position ? end : nil
        }
    }

    // Safe because words are loaded only while eight bytes remain and single bytes below the count.
    /// The position just after the closing quote of the string whose opening quote is just before `position`.
    static func end(ofStringAfter position: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var position = position
        var words = 0
        while position < count {
            if count - position >= 8 {
                // Most strings (keys, short values) end within two words; a longer one goes to memchr.
                if words == 2 { return end(ofLongStringFrom: position, in: bytes) }
                words += 1
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                let marks = marked(word, equalTo: UInt8(ascii: "\"")) | marked(word, equalTo: UInt8(ascii: "\\"))
                if marks == 0 {
                    position += 8
                    continue
                }
                position += marks.trailingZeroBitCount >> 3
            }
            let byte = base.load(fromByteOffset: position, as: UInt8.self)
            if byte == UInt8(ascii: "\"") { return position + 1 }
            position += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return nil
    }

    // Safe because memchr searches only `bytes[from...]`, and the backslashes are counted back no further than `start`.
    /// The position just after the closing quote of a string, from `start`, a position inside it that
    /// no backslash before it escapes: the C library's memchr (many bytes per instruction) finds each
    /// quote, which closes the string when an even number of backslashes comes right before it (each
    /// pair is one escaped backslash).
    private static func end(ofLongStringFrom start: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var from = start
        while from < count, let found = memchr(base + from, 0x22, count - from) {
            let quote = base.distance(to: UnsafeRawPointer(found))
            var before = quote
            while before > start, base.load(fromByteOffset: before - 1, as: UInt8.self) == 0x5C { before -= 1 }
            if (quote - before) & 1 == 0 { return quote + 1 }
            from = quote + 1
        }
        return nil
    }

    // Safe because words are loaded only while eight bytes remain and single bytes below the count.
    /// The position just after the bracket that closes the object or array opened at `position`.
    static func end(ofContainerAt position: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var position = position
        var depth = 0
        while position < count {
            if count - position >= 8 {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                let marks = marked(word, equalTo: UInt8(ascii: "\"")) | possibleBrackets(in: word)
                if marks == 0 {
                    position += 8
                    continue
                }
                position += marks.trailingZeroBitCount >> 3
            }
            let byte = base.load(fromByteOffset: position, as: UInt8.self)
            switch byte {
            case UInt8(ascii: "\""):
                guard let end = end(ofStringAfter: position + 1, in: bytes) else { return nil }
                position = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                position += 1
                if depth == 0 { return position }
            default:
                position += 1
            }
        }
        return nil
    }
}
