#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells from a step line's raw bytes, without parsing it, that its patch cannot touch the values
/// under some top-level members: the prefilter of a search that visits every step.
///
/// An operation that changes a location at, above or below `/users/4/age` has a `path` (or `from`)
/// that is `""` or starts with `/users`. A line passes ``mayTouch(_:)`` unless it certainly holds a
/// patch and none of the strings `"/users…` or `""` appears in it. Any line it cannot be sure of is
/// let through for the caller to parse: a keyframe, a damaged line, a line with a backslash (a JSON
/// escape can spell a key differently) and a line in which `"state":` appears (a hand-written line
/// without `kind` may hold a whole state).
///
/// In a line in the writer's layout only the bytes after the action are looked at (see
/// ``StepLineContentFinder``): an action's text is no part of its patch, and skipping it is most of
/// the saving on a journal whose actions are longer than their patches.
///
/// ```swift
/// let filter = PatchLineFilter(topLevelKeys: ["users"])
/// filter.mayTouch(line)    // false for {"step":9,"time":0,"action":{…},"patch":[{"op":"replace","path":"/count","value":3}],…}
/// ```
package struct PatchLineFilter {
    /// `"/key` for each key, as the writer spells a pointer string starting with it; `nil` when every
    /// line must be let through (the whole document, or a key that the writer would escape).
    private let needles: [[UInt8]]?
    private static let stateMember = Array(#""state":"#.utf8)
    private var finder = StepLineContentFinder()
    /// The shape (see ``StepLineContentFinder/shape(of:)``) of the last line whose patch was found
    /// unable to name the keys, while the needles hold no digit: a line whose shape differs from it
    /// only where both have a digit cannot either (see ``mayTouch(_:)``).
    private var lastClear: [UInt8] = []
    private var needlesHoldNoDigit = false
    /// Longer bytes are not kept.
    private static let clearLimit = 4096

    /// A filter for changes under the members `topLevelKeys` of the root; an empty list stands for
    /// the whole document, which every patch touches.
    package init(topLevelKeys: [String]) {
        var needles: [[UInt8]] = []
        for key in topLevelKeys {
            var needle: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "/")]
            for byte in key.utf8 {
                switch byte {
                case UInt8(ascii: "~"): needle += [UInt8(ascii: "~"), UInt8(ascii: "0")]
                case UInt8(ascii: "/"): needle += [UInt8(ascii: "~"), UInt8(ascii: "1")]
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0..<0x20, 0x7F...: needle = []
                default: needle.append(byte)
                }
                if needle.isEmpty { break }
            }
            if needle.isEmpty {
                self.needles = nil
                return
            }
            needles.append(needle)
        }
        self.needles = needles.isEmpty ? nil : needles
        needlesHoldNoDigit = needles.allSatisfy { !$0.contains { $0 >= 0x30 && $0 <= 0x39 } }
    }

    // Safe because the region looked at is a slice of the line's bytes, used during the call.
    /// Whether the line may change a value under the keys: `false` only when it certainly cannot.
    package mutating func mayTouch(_ line: JournalStream.StepLine) -> Bool {
        guard let needles, !line.isKeyframe, !line.isDamaged else { return true }
        // What makes a line one to parse (a backslash, `""`, `"state":`, a needle) is made of bytes
        // that are not digits. So when a line's shape differs from that of a line found clear only
        // where both have a digit, its patch is at the same place and any such thing in it would be in
        // the clear line too: it is clear. A journal's patch lines mostly differ from the one before
        // only in the numbers they hold.
        let shape = needlesHoldNoDigit ? StepLineContentFinder.shape(of: line) : nil
        if let shape, !lastClear.isEmpty, shape.count == lastClear.count,
           lastClear.withUnsafeBytes({ RawJSONSkimmer.differOnlyInDigits(shape, $0) }) {
            return false
        }
        var bytes = line.bytes
        var found = false
        if let content = finder.content(of: line) {
            if content.isState { return true }
            bytes = UnsafeRawBufferPointer(rebasing: bytes[content.range])
            found = true
        }
        if Self.mayName(needles, in: bytes) { return true }
        if found, let shape, shape.count <= Self.clearLimit {
            lastClear.removeAll(keepingCapacity: true)
            lastClear.append(contentsOf: shape)
        }
        return false
    }

    // Safe because every load is within `bytes`: eight bytes while eight remain, then one at a time,
    // and a string's first bytes only after checking that they are there.
    /// Whether `bytes` hold a `\`, an empty string `""`, `"state":` or one of the needles (each
    /// starting `"/`): one pass, eight bytes at a time, that looks closer only at a quote followed by
    /// a quote, `/` or `s`.
    static func mayName(_ needles: [[UInt8]], in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        /// Whether the string that opens with the quote at `quote` makes the line one to parse.
        func suspicious(at quote: Int) -> Bool {
            guard quote + 1 < count else { return false }
            switch base.load(fromByteOffset: quote + 1, as: UInt8.self) {
            case UInt8(ascii: "\""):
                return true
            case UInt8(ascii: "s"):
                return startsWith(Self.stateMember, at: quote)
            case UInt8(ascii: "/"):
                for needle in needles where startsWith(needle, at: quote) { return true }
                return false
            default:
                return false
            }
        }
        func startsWith(_ needle: [UInt8], at position: Int) -> Bool {
            guard count - position >= needle.count else { return false }
            for index in needle.indices where base.load(fromByteOffset: position + index, as: UInt8.self) != needle[index] { return false }
            return true
        }
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        func marks(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
            let t = word ^ pattern
            return ~(((t & low) &+ low) | t | low)
        }
        var position = 0
        // Only a quote followed by a quote, `/` or `s` is looked at closer: in a patch, one per
        // operation (its `"/path`), found for eight bytes at once without a branch per quote.
        var lastWasQuote = false
        while count - position >= 8 {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            if marks(word, 0x5C5C_5C5C_5C5C_5C5C) != 0 { return true }
            let quotes = marks(word, 0x2222_2222_2222_2222)
            let followers = quotes | marks(word, 0x2F2F_2F2F_2F2F_2F2F) | marks(word, 0x7373_7373_7373_7373)
            if lastWasQuote, followers & 0x80 != 0, suspicious(at: position - 1) { return true }
            var candidates = quotes & (followers >> 8)
            while candidates != 0 {
                if suspicious(at: position + candidates.trailingZeroBitCount >> 3) { return true }
                candidates &= candidates &- 1
            }
            lastWasQuote = quotes >> 63 != 0
            position += 8
        }
        if lastWasQuote, suspicious(at: position - 1) { return true }
        while position < count {
            let byte = base.load(fromByteOffset: position, as: UInt8.self)
            if byte == 0x5C { return true }
            if byte == 0x22, suspicious(at: position) { return true }
            position += 1
        }
        return false
    }

    // Safe because every load is within `bytes` (eight bytes while eight remain, then one at a time).
    /// Whether the bytes hold a `\` or two `"` in a row, eight bytes at a time.
    static func hasBackslashOrEmptyString(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var position = 0
        var previousQuote = false
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        func marks(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
            let t = word ^ pattern
            return ~(((t & low) &+ low) | t | low)
        }
        while count - position >= 8 {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            if marks(word, 0x5C5C_5C5C_5C5C_5C5C) != 0 { return true }
            let quotes = marks(word, 0x2222_2222_2222_2222)
            if quotes & (quotes >> 8) != 0 { return true }
            if previousQuote, quotes & 0x80 != 0 { return true }
            previousQuote = quotes & (0x80 << 56) != 0
            position += 8
        }
        while position < count {
            let byte = base.load(fromByteOffset: position, as: UInt8.self)
            if byte == 0x5C { return true }
            if byte == 0x22 {
                if previousQuote { return true }
                previousQuote = true
            } else {
                previousQuote = false
            }
            position += 1
        }
        return false
    }

    // Safe because `memchr` and the comparisons stay within `bytes`.
    /// Whether `needle` (at least two bytes) occurs in `bytes`, found from its second byte.
    static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard let base = bytes.baseAddress, needle.count >= 2, bytes.count >= needle.count else { return false }
        let count = bytes.count
        var from = 1
        while from < count, let found = memchr(base + from, Int32(needle[1]), count - from) {
            let at = base.distance(to: UnsafeRawPointer(found)) - 1
            if at + needle.count <= count {
                var same = true
                for index in needle.indices where base.load(fromByteOffset: at + index, as: UInt8.self) != needle[index] {
                    same = false
                    break
                }
                if same { return true }
            }
            from = at + 2
        }
        return false
    }
}
