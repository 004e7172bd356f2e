#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The start of a step line as statedbg writes it, `{"step":N[,"kind":"keyframe"|"patch"],"time":T[,"parent":P],"action":`,
/// or with `"ms":M` in place of `"time":T` (version 6), read from the raw bytes: what a stream needs to
/// place a line without parsing it.
struct StepLinePrefix {
    var step: Int
    var keyframe: Bool
    /// Where the time's digits start: the time is read only when asked for (see ``time(in:)``), since
    /// most searches never look at it.
    var timeStart: Int
    /// Whether the line gives `ms`, milliseconds since the header's origin, rather than `time`: its
    /// time is the origin plus the number at ``timeStart``.
    var timeIsSinceOrigin: Bool
    var parent: Int?
    /// Where the action's value starts: just after `"action":`.
    var actionStart: Int

    /// Reads the prefix from the first bytes of a line (the scanner keeps up to 96 of each).
    init?(_ bytes: [UInt8]) {
        // Safe because the pointer is used only inside the closure, within the array's count.
        guard let prefix = bytes.withUnsafeBytes({ Self($0) }) else { return nil }
        self = prefix
    }

    // Safe because every read is at a position checked against `bytes.count` first.
    init?(_ bytes: UnsafeRawBufferPointer) {
        // Static functions with the position passed `inout`, not nested functions capturing it: a
        // captured variable is checked for exclusive access at run time on every use, which cost a
        // tenth of opening a journal.
        var position = 0
        guard Self.expect(#"{"step":"#, in: bytes, at: &position), let step = Self.number(in: bytes, at: &position) else { return nil }
        self.step = step
        if Self.expect(#","kind":"keyframe""#, in: bytes, at: &position) {
            keyframe = true
        } else {
            keyframe = false
            _ = Self.expect(#","kind":"patch""#, in: bytes, at: &position)
        }
        if Self.expect(#","ms":"#, in: bytes, at: &position) {
            timeIsSinceOrigin = true
        } else if Self.expect(#","time":"#, in: bytes, at: &position) {
            timeIsSinceOrigin = false
        } else {
            return nil
        }
        timeStart = position
        // A time before the origin is negative: a clock set back, or a recording whose header's
        // creation is later than the times its steps were given.
        if timeIsSinceOrigin, position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard Self.skipNumber(in: bytes, at: &position) else { return nil }
        if Self.expect(#","parent":"#, in: bytes, at: &position) {
            guard let parent = Self.number(in: bytes, at: &position) else { return nil }
            self.parent = parent
        } else {
            parent = nil
        }
        guard Self.expect(#","action":"#, in: bytes, at: &position) else { return nil }
        actionStart = position
        // A line without `kind` that holds a whole state is a keyframe; only a scan of the line tells,
        // and statedbg never writes one, so such a line is parsed by whoever needs its content.
    }

    /// The number the line gives as its time (`time`, or `ms` since the origin), from the line whose prefix this is.
    func time(in bytes: [UInt8]) -> Int64 {
        // Safe because the pointer is used only inside the closure, within the array's count.
        bytes.withUnsafeBytes { Self.time(in: $0, at: timeStart) }
    }

    // Safe because the line is read only during the call, at positions checked against its count.
    /// The time whose digits (after a minus sign, for `ms`) start at `start` in a line that a prefix was read from.
    static func time(in bytes: UnsafeRawBufferPointer, at start: Int) -> Int64 {
        var position = start
        guard position < bytes.count, bytes[position] == UInt8(ascii: "-") else {
            return number(in: bytes, at: &position, as: Int64.self) ?? 0
        }
        position += 1
        return -(number(in: bytes, at: &position, as: Int64.self) ?? 0)
    }

    /// Whether `literal` is next in `bytes` at `position`; if so, moves past it.
    // Safe because the comparison reads `count` bytes from `position`, which the guard keeps inside `bytes`,
    // and `count` bytes of the literal.
    @inline(__always)
    private static func expect(_ literal: StaticString, in bytes: UnsafeRawBufferPointer, at position: inout Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count, let base = bytes.baseAddress else { return false }
        // Eight bytes at a time, inlined: the literals are constants, so this unrolls into a few
        // comparisons of words, where a call to memcmp per literal cost a tenth of a search.
        let text = UnsafeRawPointer(literal.utf8Start)
        let at = base + position
        var offset = 0
        while count - offset >= 8 {
            guard at.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == text.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        while offset < count {
            guard at.load(fromByteOffset: offset, as: UInt8.self) == text.load(fromByteOffset: offset, as: UInt8.self) else { return false }
            offset += 1
        }
        position += count
        return true
    }

    // Safe because it only hands the buffer to number(in:at:as:), which checks every read against its count.
    /// The canonical non-negative integer at `position`, as an `Int`; see ``number(in:at:as:)``.
    @inline(__always)
    static func number(in bytes: UnsafeRawBufferPointer, at position: inout Int) -> Int? {
        number(in: bytes, at: &position, as: Int.self)
    }

    // Safe because words are loaded only where eight bytes remain (checked first) and single bytes below the count.
    /// The canonical non-negative integer at `position` (no leading zero, up to 18 digits), followed
    /// by ',' or '}'; moves past its digits. `nil` when it is none, or more than `Value` holds.
    ///
    /// The digits add up in 64 bits whatever `Value` is: 18 digits always fit there, while an `Int` of
    /// 32 bits (watchOS on arm64_32 and armv7k) would wrap a time in milliseconds into a wrong value.
    @inline(__always)
    static func number<Value: FixedWidthInteger>(
        in bytes: UnsafeRawBufferPointer, at position: inout Int, as _: Value.Type
    ) -> Value? {
        guard let base = bytes.baseAddress else { return nil }
        var value: UInt64 = 0
        let begin = position
        // Eight bytes at a time, told apart into digits and what follows and turned into a value with
        // a few operations on the whole word: a digit at a time, each waiting for the multiplication
        // before, cost a tenth of a search.
        while bytes.count - position >= 8, position - begin < 16 {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let digits = digitCount(word)
            if digits > 0 { value = value &* powerOfTen(digits) &+ valueOf(digits, digitsIn: word) }
            position += digits
            if digits < 8 { break }
        }
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39, position - begin < 18 {
            value = value &* 10 &+ UInt64(bytes[position] - 0x30)
            position += 1
        }
        guard position > begin, position < bytes.count, bytes[position] == UInt8(ascii: ",") || bytes[position] == UInt8(ascii: "}") else { return nil }
        if position - begin > 1, bytes[begin] == 0x30 { return nil }
        return Value(exactly: value)
    }

    // Safe because words are loaded only where eight bytes remain (checked first) and single bytes below the count.
    /// Moves past what ``number(in:at:)`` reads, checking it the same way without computing its value.
    @inline(__always)
    private static func skipNumber(in bytes: UnsafeRawBufferPointer, at position: inout Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let begin = position
        while bytes.count - position >= 8, position - begin < 16 {
            let digits = digitCount(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
            position += digits
            if digits < 8 { break }
        }
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39, position - begin < 18 { position += 1 }
        guard position > begin, position < bytes.count, bytes[position] == UInt8(ascii: ",") || bytes[position] == UInt8(ascii: "}") else { return false }
        return position - begin == 1 || bytes[begin] != 0x30
    }

    /// How many of the bytes of `word` (the first in the low byte) are ASCII digits before the first
    /// that is not.
    @inline(__always)
    static func digitCount(_ word: UInt64) -> Int {
        // Below the first byte that is not a digit nothing carries or borrows between bytes: a digit
        // plus 0x46 stays below 0x80 and minus 0x30 stays at or above 0. That byte gets its high bit
        // from one of the two (below 0x30 from the subtraction, 0x3A to 0xB9 from the addition, above
        // from the subtraction); what happens above it does not matter.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let marks = ((word &+ 0x46 &* ones) | (word &- 0x30 &* ones)) & (0x80 &* ones)
        return marks == 0 ? 8 : marks.trailingZeroBitCount >> 3
    }

    /// The value of the first `count` bytes of `word` (1...8, all digits, the first in the low byte).
    @inline(__always)
    static func valueOf(_ count: Int, digitsIn word: UInt64) -> UInt64 {
        // The digits moved to the top, so that the bytes below them read as leading zeros; then pairs,
        // fours and the eight are joined, each step multiplying every part by its weight at once.
        var value = (word &- 0x3030_3030_3030_3030) << UInt64(8 * (8 - count))
        value = ((value & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        return value
    }

    /// 10 to the power `exponent`, for 0...8.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }
}
