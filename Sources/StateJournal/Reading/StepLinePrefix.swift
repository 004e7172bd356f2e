#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The start of a step line as statedbg writes it, `{"step":N[,"kind":"keyframe"|"patch"],"time":T[,"parent":P],"action":`,
/// read from the raw bytes: what a stream needs to place a line without parsing it.
struct StepLinePrefix {
    var step: Int
    var keyframe: Bool
    var time: Int64
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
        if Self.expect(#","kind":"keyframe","time":"#, in: bytes, at: &position) {
            keyframe = true
        } else if Self.expect(#","kind":"patch","time":"#, in: bytes, at: &position) || Self.expect(#","time":"#, in: bytes, at: &position) {
            keyframe = false
        } else {
            return nil
        }
        guard let time = Self.number(in: bytes, at: &position) else { return nil }
        self.time = Int64(time)
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

    /// Whether `literal` is next in `bytes` at `position`; if so, moves past it.
    // Safe because the comparison reads `count` bytes from `position`, which the guard keeps inside `bytes`.
    private static func expect(_ literal: StaticString, in bytes: UnsafeRawBufferPointer, at position: inout Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count, let base = bytes.baseAddress else { return false }
        let matches = memcmp(base + position, literal.utf8Start, count) == 0
        if matches { position += count }
        return matches
    }

    // Safe because every read is at a position checked against `bytes.count` first.
    /// The canonical non-negative integer at `position` (no leading zero, up to 18 digits), followed
    /// by ',' or '}'; moves past its digits.
    private static func number(in bytes: UnsafeRawBufferPointer, at position: inout Int) -> Int? {
        var value = 0
        let begin = position
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39, position - begin < 18 {
            value = value * 10 + Int(bytes[position] - 0x30)
            position += 1
        }
        guard position > begin, position < bytes.count, bytes[position] == UInt8(ascii: ",") || bytes[position] == UInt8(ascii: "}") else { return nil }
        if position - begin > 1, bytes[begin] == 0x30 { return nil }
        return value
    }
}
