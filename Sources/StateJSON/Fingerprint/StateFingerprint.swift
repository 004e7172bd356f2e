/// A 64-bit fingerprint of a JSON value's structure and contents, defined over the tree.
///
/// Journals store the fingerprint of every recorded state so that a reader can check that the state
/// it rebuilt from keyframes and patches is the one that was recorded. It is a tree hash (each
/// container's hash combines its children's hashes), which lets a recorder fingerprint a state after a
/// small change at the cost of the change: see ``IncrementalFingerprinter``.
///
/// The definition, complete enough to implement in another language (`h` is ``JSONHash/hash(_:)``
/// over bytes, `mix` the 64-bit finalizer `x ^= x >> 33; x &*= 0xff51afd7ed558ccd; x ^= x >> 33;
/// x &*= 0xc4ceb9fe1a85ec53; x ^= x >> 33`, all arithmetic wrapping on UInt64):
///
/// | value | fingerprint |
/// |---|---|
/// | `null`, `false`, `true` | `mix(1)`, `mix(2)`, `mix(3)` |
/// | integer or unsigned `n` | `mix(h(decimal text of n) &+ 4)` |
/// | double `d` | `mix(d.bitPattern &+ 5)` |
/// | big number with text `t` | `mix(h(t) &+ 6)` |
/// | string `s` | `mix(h(UTF-8 bytes of s) &+ 7)` |
/// | array `[e₁…eₙ]` | start `a = mix(8 &+ n)`, then for each element `a = mix(a &* P ^ fp(eᵢ))` |
/// | object `{k₁: v₁…}` (keys in canonical order) | start `a = mix(9 &+ n)`, then for each member `a = mix(a &* P ^ h(UTF-8 of kᵢ))`, `a = mix(a &* P ^ fp(vᵢ))` |
///
/// where `P = 0x9e3779b97f4a7c15`. That is the ``FingerprintScheme/sequential`` scheme of journal
/// versions 1 and 2. Version 3 uses ``FingerprintScheme/chunked``, which differs only for an array
/// or object with more than 64 elements or members: each run of 64 (the last may be shorter) of
/// length `r` is folded alone, from `mix(10 &+ r)`, in the same way (a member contributes its key's
/// hash and then its value's fingerprint); while more than 64 runs remain, runs of 64 of their
/// fingerprints are folded the same way, from `mix(10 &+ r)` where `r` counts the fingerprints in the
/// run; and the at most 64 left are folded from the array's or
/// object's start value above, each as one element.
///
/// ```swift
/// let state: JSONValue = ["count": 3]
/// StateFingerprint.hex(StateFingerprint.of(state, scheme: .chunked))   // 16 lowercase hex digits
/// ```
package enum StateFingerprint {
    /// The fingerprint of `value` under `scheme`, computed from scratch.
    package static func of(_ value: JSONValue, scheme: FingerprintScheme) -> UInt64 {
        switch value {
        case .null: return mix(1)
        case .bool(let flag): return mix(flag ? 3 : 2)
        case .integer(let number): return integerFingerprint(negative: number < 0, magnitude: number.magnitude)
        case .unsigned(let number): return integerFingerprint(negative: false, magnitude: number)
        case .double(let number): return mix(number.bitPattern &+ 5)
        case .bigNumber(let text): return mix(JSONHash.hash(text.utf8) &+ 6)
        case .string(let text): return stringFingerprint(text)
        case .array(let elements):
            if scheme == .chunked, elements.count > FingerprintScheme.chunkLength {
                var fold = FingerprintFold(scheme: .chunked)
                fold.refold(isObject: false, keyHashes: [], prints: elements.map { of($0, scheme: scheme) })
                return fold.fingerprint
            }
            var accumulator = arrayStart(count: elements.count)
            for element in elements { accumulator = combine(accumulator, of(element, scheme: scheme)) }
            return accumulator
        case .object(let object):
            if scheme == .chunked, object.count > FingerprintScheme.chunkLength {
                var fold = FingerprintFold(scheme: .chunked)
                fold.refold(isObject: true, keyHashes: object.keys.map { JSONHash.hash($0.utf8) },
                            prints: object.values.map { of($0, scheme: scheme) })
                return fold.fingerprint
            }
            var accumulator = objectStart(count: object.count)
            for index in 0..<object.count {
                accumulator = combine(accumulator, JSONHash.hash(object.keys[index].utf8))
                accumulator = combine(accumulator, of(object.values[index], scheme: scheme))
            }
            return accumulator
        }
    }

    /// The fingerprint as 16 lowercase hexadecimal digits, the form journals store.
    package static func hex(_ fingerprint: UInt64) -> String {
        let digits = String(fingerprint, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Reads the 16-digit hexadecimal form back; `nil` for anything else.
    package static func parseHex(_ text: String) -> UInt64? {
        guard text.utf8.count == 16 else { return nil }
        return UInt64(text, radix: 16)
    }

    @inlinable
    static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x &*= 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        return x
    }

    @inlinable
    static func combine(_ accumulator: UInt64, _ next: UInt64) -> UInt64 {
        mix((accumulator &* 0x9e37_79b9_7f4a_7c15) ^ next)
    }

    static func arrayStart(count: Int) -> UInt64 { mix(8 &+ UInt64(count)) }
    static func objectStart(count: Int) -> UInt64 { mix(9 &+ UInt64(count)) }
    /// The chunked scheme's start value for a run of `length` fingerprints.
    static func runStart(length: Int) -> UInt64 { mix(10 &+ UInt64(length)) }

    /// The fingerprint of an integer's decimal text, written into a stack buffer rather than a `String`:
    /// counters and ids are fingerprinted on every recorded step.
    static func integerFingerprint(negative: Bool, magnitude: UInt64) -> UInt64 {
        // Safe because 21 bytes hold any UInt64 in decimal (20 digits) plus one, and the buffer is used only inside the
        // closure.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in
            var start = 21
            var remaining = magnitude
            repeat {
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: remaining % 10) &+ 0x30
                remaining /= 10
            } while remaining != 0
            if negative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            let digits = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start...])
            return mix(JSONHash.oneShot(digits, seed: 0) &+ 4)
        }
    }

    static func stringFingerprint(_ text: String) -> UInt64 {
        mix(JSONHash.hash(text.utf8) &+ 7)
    }

    /// `h` of the definition over a key's UTF-8 bytes: what an object's fingerprint folds in for the key.
    ///
    /// Not generic, unlike ``JSONHash/hash(_:seed:)``, so the incremental fingerprinters of another
    /// module call the version specialized here.
    package static func keyHash(_ key: String) -> UInt64 {
        JSONHash.hash(key.utf8)
    }
}
