internal import CCRC32C

/// The CRC-32C checksum (Castagnoli polynomial 0x1EDC6F41, reflected, initial value and final XOR
/// 0xFFFFFFFF), the checksum every line of a version 2 or later journal carries.
///
/// Where the processor has CRC-32C instructions (SSE4.2 on x86-64, the CRC32 extension on arm64,
/// found at run time) it is computed with them, eight bytes per instruction in three interleaved
/// streams; elsewhere sixteen bytes at a time with sixteen tables (slicing-by-16). Both give the same
/// value, so checking a line costs a small fraction of parsing it. The standard check value holds:
///
/// ```swift
/// CRC32C.checksum(of: Array("123456789".utf8))   // 0xE3069283
/// ```
package struct CRC32C: Sendable {
    /// The running register, before the final XOR.
    private var register: UInt32 = 0xFFFF_FFFF

    /// Starts an empty checksum.
    package init() {}

    /// The checksum of the bytes fed in so far.
    package var value: UInt32 { register ^ 0xFFFF_FFFF }

    /// The checksum of `bytes`.
    package static func checksum(of bytes: [UInt8]) -> UInt32 {
        var crc = CRC32C()
        // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
        bytes.withUnsafeBytes { crc.update($0) }
        return crc.value
    }

    /// Whether this processor computes the checksum with its own instructions.
    package static let isHardwareAccelerated = ccrc32c_hardware_available() != 0

    /// Feeds `bytes` in.
    // Safe because the C function reads exactly `bytes.count` bytes from the buffer's base address.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        if Self.isHardwareAccelerated {
            register = ccrc32c_update_hardware(register, base, bytes.count)
        } else {
            updateWithTables(bytes)
        }
    }

    /// Feeds `bytes` in with the portable tables, whatever the processor: the fallback, which the
    /// tests and the benchmark compare with the hardware.
    // Safe because every load is at an offset checked against bytes.count (sixteen bytes at a time while
    // sixteen remain, then one), and the table index is a byte, below 16 * 256.
    package mutating func updateWithTables(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        let tables = Self.tables
        var crc = register
        var position = 0
        let count = bytes.count
        tables.withUnsafeBufferPointer { table in
            while count - position >= 16 {
                let first = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt32.self)) ^ crc
                let second = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: position + 4, as: UInt32.self))
                let third = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: position + 8, as: UInt32.self))
                let fourth = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: position + 12, as: UInt32.self))
                crc = table[15 * 256 + Int(first & 0xFF)] ^ table[14 * 256 + Int((first >> 8) & 0xFF)]
                    ^ table[13 * 256 + Int((first >> 16) & 0xFF)] ^ table[12 * 256 + Int(first >> 24)]
                    ^ table[11 * 256 + Int(second & 0xFF)] ^ table[10 * 256 + Int((second >> 8) & 0xFF)]
                    ^ table[9 * 256 + Int((second >> 16) & 0xFF)] ^ table[8 * 256 + Int(second >> 24)]
                    ^ table[7 * 256 + Int(third & 0xFF)] ^ table[6 * 256 + Int((third >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((third >> 16) & 0xFF)] ^ table[4 * 256 + Int(third >> 24)]
                    ^ table[3 * 256 + Int(fourth & 0xFF)] ^ table[2 * 256 + Int((fourth >> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((fourth >> 16) & 0xFF)] ^ table[Int(fourth >> 24)]
                position += 16
            }
            while position < count {
                let byte = base.load(fromByteOffset: position, as: UInt8.self)
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
                position += 1
            }
        }
        register = crc
    }

    /// Feeds one byte in.
    package mutating func update(byte: UInt8) {
        register = Self.tables[Int((register ^ UInt32(byte)) & 0xFF)] ^ (register >> 8)
    }

    /// Sixteen 256-entry tables: table 0 is the classic byte table, table k advances a byte k more
    /// positions, which is what lets sixteen bytes be folded in at once.
    private static let tables: [UInt32] = {
        let polynomial: UInt32 = 0x82F6_3B78   // 0x1EDC6F41, bit-reversed
        var tables = [UInt32](repeating: 0, count: 16 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1 }
            tables[index] = crc
        }
        for index in 0..<256 {
            var crc = tables[index]
            for slice in 1..<16 {
                crc = tables[Int(crc & 0xFF)] ^ (crc >> 8)
                tables[slice * 256 + index] = crc
            }
        }
        return tables
    }()
}
