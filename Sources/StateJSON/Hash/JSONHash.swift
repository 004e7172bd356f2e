/// XXH64, a fast non-cryptographic 64-bit hash, used to fingerprint canonical JSON.
///
/// The algorithm follows the published XXH64 specification (seed 0 unless given), so a hash can be
/// checked with any other XXH64 implementation, e.g. `xxhsum -H64`. Equal ``JSONValue``s have equal
/// canonical bytes and therefore equal hashes on every platform and in every run, unlike
/// `Hasher`, which is seeded per process.
///
/// ```swift
/// let hash = JSONHash.hash(Array("abc".utf8))
/// print(JSONHash.hex(hash))
/// ```
/// ```text
/// 44bc2cf5ad770999
/// ```
package struct JSONHash: Sendable {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    private let seed: UInt64
    private var lanes: (UInt64, UInt64, UInt64, UInt64)
    /// Bytes not yet consumed as a full 32-byte stripe.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    /// A hasher with nothing fed to it yet.
    package init(seed: UInt64 = 0) {
        self.seed = seed
        lanes = (seed &+ JSONHash.prime1 &+ JSONHash.prime2, seed &+ JSONHash.prime2, seed, seed &- JSONHash.prime1)
        pending.reserveCapacity(64)
    }

    // Safe because the contiguous view is used only during the call.
    /// The XXH64 hash of `bytes`.
    package static func hash(_ bytes: some Collection<UInt8>, seed: UInt64 = 0) -> UInt64 {
        if let hash = bytes.withContiguousStorageIfAvailable({ oneShot(UnsafeRawBufferPointer($0), seed: seed) }) {
            return hash
        }
        var hasher = JSONHash(seed: seed)
        hasher.update(bytes)
        return hasher.finalize()
    }

    // Safe because every load is at an offset checked against raw.count first (32-, 8-, 4- and 1-byte steps).
    /// XXH64 of contiguous bytes in one pass, with no buffering and no allocation: the common case
    /// (keys, strings and numbers fingerprinted one by one) must not pay for the streaming form.
    static func oneShot(_ raw: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var offset = 0
        var hash: UInt64
        if raw.count >= 32 {
            var v1 = seed &+ prime1 &+ prime2, v2 = seed &+ prime2, v3 = seed, v4 = seed &- prime1
            while offset + 32 <= raw.count {
                v1 = round(v1, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
                v2 = round(v2, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self).littleEndian)
                v3 = round(v3, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self).littleEndian)
                v4 = round(v4, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self).littleEndian)
                offset += 32
            }
            hash = v1.rotatedLeft(1) &+ v2.rotatedLeft(7) &+ v3.rotatedLeft(12) &+ v4.rotatedLeft(18)
            hash = merge(hash, v1)
            hash = merge(hash, v2)
            hash = merge(hash, v3)
            hash = merge(hash, v4)
        } else {
            hash = seed &+ prime5
        }
        hash &+= UInt64(raw.count)
        while offset + 8 <= raw.count {
            hash ^= round(0, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
            hash = hash.rotatedLeft(27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= raw.count {
            hash ^= UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian) &* prime1
            hash = hash.rotatedLeft(23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < raw.count {
            hash ^= UInt64(raw[offset]) &* prime5
            hash = hash.rotatedLeft(11) &* prime1
            offset += 1
        }
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }

    /// The hash as 16 lowercase hexadecimal digits, zero-padded.
    package static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    // Safe because the views are used only during the calls.
    /// Feeds more bytes; hashing the pieces of a text in order gives the hash of the whole text.
    package mutating func update(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if done == nil { Array(bytes).withUnsafeBufferPointer { update(buffer: $0) } }
    }

    // Safe because the buffer is read only within its count, and what does not fill a stripe is copied into pending.
    mutating func update(buffer: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(buffer.count)
        var start = 0
        if !pending.isEmpty {
            let take = min(32 - pending.count, buffer.count)
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<take]))
            start = take
            guard pending.count == 32 else { return }
            pending.withUnsafeBufferPointer { consumeStripes(UnsafeRawBufferPointer($0)) }
            pending.removeAll(keepingCapacity: true)
        }
        let rest = UnsafeBufferPointer(rebasing: buffer[start...])
        let whole = rest.count & ~31
        if whole > 0 { consumeStripes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: rest[0..<whole]))) }
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: rest[whole...]))
    }

    // Safe because stripes are read only while offset + 32 <= raw.count.
    private mutating func consumeStripes(_ raw: UnsafeRawBufferPointer) {
        var (v1, v2, v3, v4) = lanes
        var offset = 0
        while offset + 32 <= raw.count {
            v1 = JSONHash.round(v1, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
            v2 = JSONHash.round(v2, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self).littleEndian)
            v3 = JSONHash.round(v3, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self).littleEndian)
            v4 = JSONHash.round(v4, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self).littleEndian)
            offset += 32
        }
        lanes = (v1, v2, v3, v4)
    }

    /// The hash of everything fed so far.
    package func finalize() -> UInt64 {
        var hash: UInt64
        if length >= 32 {
            let (v1, v2, v3, v4) = lanes
            hash = v1.rotatedLeft(1) &+ v2.rotatedLeft(7) &+ v3.rotatedLeft(12) &+ v4.rotatedLeft(18)
            hash = JSONHash.merge(hash, v1)
            hash = JSONHash.merge(hash, v2)
            hash = JSONHash.merge(hash, v3)
            hash = JSONHash.merge(hash, v4)
        } else {
            hash = seed &+ JSONHash.prime5
        }
        hash &+= length
        // Safe because the tail is read in 8-, 4- and 1-byte steps each checked against raw.count.
        pending.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                hash ^= JSONHash.round(0, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
                hash = hash.rotatedLeft(27) &* JSONHash.prime1 &+ JSONHash.prime4
                offset += 8
            }
            if offset + 4 <= raw.count {
                hash ^= UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian) &* JSONHash.prime1
                hash = hash.rotatedLeft(23) &* JSONHash.prime2 &+ JSONHash.prime3
                offset += 4
            }
            while offset < raw.count {
                hash ^= UInt64(raw[offset]) &* JSONHash.prime5
                hash = hash.rotatedLeft(11) &* JSONHash.prime1
                offset += 1
            }
        }
        hash ^= hash >> 33
        hash &*= JSONHash.prime2
        hash ^= hash >> 29
        hash &*= JSONHash.prime3
        hash ^= hash >> 32
        return hash
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        (accumulator &+ input &* prime2).rotatedLeft(31) &* prime1
    }

    @inline(__always)
    private static func merge(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
        (accumulator ^ round(0, lane)) &* prime1 &+ prime4
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
