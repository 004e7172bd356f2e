/// Checks a line's checksum as its bytes arrive in pieces (a line can span the scanner's read chunks),
/// holding back the last 18 bytes, which may be the checksum member rather than covered bytes.
struct StreamingLineVerifier {
    private var crc = CRC32C()
    private var tail: [UInt8] = []
    private var length = 0

    init() {
        tail.reserveCapacity(2 * LineChecksum.suffixLength)
    }

    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        let keep = LineChecksum.suffixLength
        length += bytes.count
        if bytes.count >= keep {
            if !tail.isEmpty {
                tail.withUnsafeBytes { crc.update($0) }
                tail.removeAll(keepingCapacity: true)
            }
            crc.update(UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - keep)]))
            tail.append(contentsOf: bytes[(bytes.count - keep)...])
        } else {
            tail.append(contentsOf: bytes)
            if tail.count > keep {
                let extra = tail.count - keep
                tail.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[..<extra])) }
                tail.removeFirst(extra)
            }
        }
    }

    /// The verdict on the line fed so far; then starts over for the next line.
    mutating func finish() -> LineChecksum.Verdict {
        defer {
            crc = CRC32C()
            tail.removeAll(keepingCapacity: true)
            length = 0
        }
        guard length > LineChecksum.suffixLength,
              let recorded = tail.withUnsafeBytes({ LineChecksum.recordedChecksum(suffix: $0) }) else { return .absent }
        crc.update(byte: UInt8(ascii: "}"))
        return crc.value == recorded ? .intact : .mismatch(recorded: recorded, actual: crc.value)
    }
}
