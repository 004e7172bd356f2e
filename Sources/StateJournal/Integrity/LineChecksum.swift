internal import CCRC32C

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-line checksum of journal format versions 2 and later: how it is written and how a line is checked.
///
/// Every line a writer of version 2 or later produces ends with the member `"crc":"hhhhhhhh"`: the ``CRC32C`` of
/// the line as it reads without that member, written as 8 lowercase hexadecimal digits. So a line ends
/// with exactly these 18 bytes before its line feed:
///
/// ```text
/// {"step":3,"time":0,"action":{…},"patch":[…],"hash":"6d2f1c0a9b8e7d65","crc":"1c2b3a49"}
///                                                                       ╰──── 18 bytes ────╯
/// ```
///
/// and the checksum covers every byte from the opening `{` to the byte before `,"crc":"`, followed by
/// the closing `}` (the line with its `crc` member cut out). The line feed is not covered: it is the
/// line's end, and a line without one is reported as torn.
package enum LineChecksum {
    /// The length of `,"crc":"hhhhhhhh"}`.
    package static let suffixLength = 18

    private static let suffixStart = Array(#","crc":""#.utf8)

    /// The 8 bytes of `,"crc":"` (2C 22 63 72 63 22 3A 22) read as one little-endian word, so a line's
    /// suffix is matched with one comparison: this runs on every line when a journal is opened.
    static let suffixStartWord: UInt64 = 0x223A_2263_7263_222C

    /// What a line's checksum says about it.
    package enum Verdict: Sendable, Equatable {
        /// The line ends with a checksum and its bytes match it.
        case intact
        /// The line does not end with a `crc` member (version 1 lines never do).
        case absent
        /// The line ends with a checksum that its bytes do not give.
        case mismatch(recorded: UInt32, actual: UInt32)
    }

    /// Turns the line that ends `bytes` (from `lineStart`, ending `}` and a line feed) into a version 2 or later
    /// line, by putting its checksum member before the final `}`.
    package static func seal(_ bytes: inout [UInt8], lineStart: Int) {
        let end = bytes.count
        guard end - lineStart >= 3, bytes[end - 1] == 0x0A, bytes[end - 2] == UInt8(ascii: "}") else { return }
        var crc = CRC32C()
        // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
        bytes.withUnsafeBytes { raw in crc.update(UnsafeRawBufferPointer(rebasing: raw[lineStart..<(end - 1)])) }
        bytes.removeLast(2)
        bytes.append(contentsOf: suffixStart)
        appendHex(crc.value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: "}"))
        bytes.append(0x0A)
    }

    /// Checks a whole line (without its line feed).
    // Safe because recordedChecksum(in:) has checked that the line is longer than suffixLength.
    package static func verify(_ line: UnsafeRawBufferPointer) -> Verdict {
        guard let recorded = recordedChecksum(in: line) else { return .absent }
        var crc = CRC32C()
        crc.update(UnsafeRawBufferPointer(rebasing: line[0..<(line.count - suffixLength)]))
        crc.update(byte: UInt8(ascii: "}"))
        return crc.value == recorded ? .intact : .mismatch(recorded: recorded, actual: crc.value)
    }

    /// The verdict on a whole line (without its line feed) whose covered bytes have the checksum
    /// `actual`, as ``splitLines(_:capacity:ends:checksums:)`` computes it.
    // Safe because only the line's last 18 bytes are read, after their count is checked, during the call.
    @inline(__always)
    package static func verify(_ line: UnsafeRawBufferPointer, actual: UInt32) -> Verdict {
        guard let recorded = recordedChecksum(in: line) else { return .absent }
        return actual == recorded ? .intact : .mismatch(recorded: recorded, actual: actual)
    }

    /// The checksum of the bytes ``verify(_:)`` checks in `line` (without its line feed), as
    /// ``splitLines(_:capacity:ends:checksums:)`` computes it, whether or not the line records one.
    // Safe because the slice read lies inside `line` (its count is checked first), during the call.
    package static func coveredChecksum(of line: UnsafeRawBufferPointer) -> UInt32 {
        var crc = CRC32C()
        crc.update(UnsafeRawBufferPointer(rebasing: line[0..<max(line.count - suffixLength, 0)]))
        crc.update(byte: UInt8(ascii: "}"))
        return crc.value
    }

    /// Finds the lines in `bytes` that end with a line feed, at most `capacity` of them, and checksums
    /// them in the same call: for line `i`, `ends[i]` is the offset of its line feed in `bytes`, and
    /// `checksums[i]` the checksum of the bytes ``verify(_:)`` checks (what ``verify(_:actual:)`` takes).
    /// Returns how many lines it found; the bytes after the last line feed found are not read.
    ///
    /// With the processor's CRC-32C instructions, three lines are checksummed side by side (one line's
    /// checksum is a chain of instructions, each waiting for the one before); elsewhere one after the other.
    // Safe because `ends` and `checksums` hold `capacity` elements (the caller's promise), the C function
    // and the loop write at most `capacity` of each, and every byte read lies inside `bytes`.
    package static func splitLines(_ bytes: UnsafeRawBufferPointer, capacity: Int,
                                   ends: UnsafeMutablePointer<Int>, checksums: UnsafeMutablePointer<UInt32>) -> Int {
        guard let base = bytes.baseAddress, capacity > 0 else { return 0 }
        if CRC32C.isHardwareAccelerated {
            // Swift sees `size_t` as `Int`.
            return ccrc32c_split_lines_hardware(base, bytes.count, suffixLength, capacity, ends, checksums)
        }
        var found = 0
        var from = 0
        while found < capacity, from < bytes.count, let feed = memchr(base + from, 0x0A, bytes.count - from) {
            let end = base.distance(to: UnsafeRawPointer(feed))
            let covered = max(end - from - suffixLength, 0)
            var crc = CRC32C()
            crc.updateWithTables(UnsafeRawBufferPointer(start: base + from, count: covered))
            crc.update(byte: UInt8(ascii: "}"))
            ends[found] = end
            checksums[found] = crc.value
            found += 1
            from = end + 1
        }
        return found
    }

    // Safe because the bytes are read only during the call, within their count, and never kept.
    /// The checksum a line's last 18 bytes record, or `nil` when they are not `,"crc":"hhhhhhhh"}`.
    package static func recordedChecksum(in line: UnsafeRawBufferPointer) -> UInt32? {
        guard line.count > suffixLength else { return nil }
        return recordedChecksum(suffix: UnsafeRawBufferPointer(rebasing: line[(line.count - suffixLength)...]))
    }

    // Safe because the bytes are read only during the call, within their count (checked first), and never kept.
    /// The checksum recorded in exactly the 18 bytes `,"crc":"hhhhhhhh"}`, or `nil`.
    package static func recordedChecksum(suffix: UnsafeRawBufferPointer) -> UInt32? {
        guard suffix.count == suffixLength, let base = suffix.baseAddress,
              UInt64(littleEndian: base.loadUnaligned(as: UInt64.self)) == suffixStartWord,
              UInt16(littleEndian: base.loadUnaligned(fromByteOffset: 16, as: UInt16.self)) == 0x7D22 else { return nil }
        return hexValue(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

    /// The value of 8 lowercase hexadecimal digits read as one little-endian word (the first digit in
    /// the low byte), or `nil` when a byte is not one: this runs on every line, so all eight at once.
    @inline(__always)
    static func hexValue(_ word: UInt64) -> UInt32? {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        guard word & high == 0 else { return nil }
        // Bytes below 0x80 plus a constant below 0x80 carry into no neighbour: the high bit of
        // `word + (0x80 - low)` says "at least low", that of `word + (0x7F - high)` "above high".
        let digit = (word &+ 0x50 &* ones) & ~(word &+ 0x46 &* ones) & high
        let letter = (word &+ 0x1F &* ones) & ~(word &+ 0x19 &* ones) & high
        guard digit | letter == high else { return nil }
        // '0'...'9' are 0x30...0x39 and 'a'...'f' 0x61...0x66: the low nibble, plus 9 for a letter (bit 6).
        let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((word >> 6) & ones) &* 9
        // The first digit is the most significant: reverse the bytes, then pack the nibbles pairwise.
        var packed = nibbles.byteSwapped
        packed = (packed | (packed >> 4)) & 0x00FF_00FF_00FF_00FF
        packed = (packed | (packed >> 8)) & 0x0000_FFFF_0000_FFFF
        packed = (packed | (packed >> 16)) & 0xFFFF_FFFF
        return UInt32(truncatingIfNeeded: packed)
    }

    // Safe because the result is a slice of `line` (valid only as long as `line` is) and the length is checked first.
    /// The line without its checksum member: the bytes the checksum covers, less the final `}`.
    package static func content(of line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard recordedChecksum(in: line) != nil else { return line }
        return UnsafeRawBufferPointer(rebasing: line[0..<(line.count - suffixLength)])
    }

    /// `text` with the checksum of every line that ends with one recomputed: for tests and tools that
    /// edit a journal on purpose and want the edit to pass for what the writer wrote.
    package static func resealed(_ text: String) -> String {
        var output: [UInt8] = []
        for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if line.offset > 0 { output.append(0x0A) }
            let bytes = Array(line.element)
            // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
            let sealed = bytes.withUnsafeBytes { recordedChecksum(in: $0) != nil }
            guard sealed else {
                output += bytes
                continue
            }
            let start = output.count
            output += bytes.dropLast(suffixLength)
            output += [UInt8(ascii: "}"), 0x0A]
            seal(&output, lineStart: start)
            output.removeLast()
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// 8 lowercase hexadecimal digits.
    package static func hex(_ value: UInt32) -> String {
        var bytes: [UInt8] = []
        appendHex(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendHex(_ value: UInt32, to bytes: inout [UInt8]) {
        for index in 0..<8 {
            let nibble = UInt8(truncatingIfNeeded: value >> UInt32(28 - 4 * index)) & 0xF
            bytes.append(nibble < 10 ? nibble &+ 0x30 : nibble &+ 0x57)
        }
    }
}
