/// A deterministic random number generator (SplitMix64) for reproducible action streams.
///
/// The same seed gives the same numbers on every platform and Swift version, because only
/// ``next()`` and `RandomNumberGenerator.bounded(_:)` are used; the standard library's
/// `random(in:)` algorithms are not guaranteed to stay the same.
///
/// ```swift
/// var rng = SeededGenerator(seed: 42)
/// let die = rng.bounded(6) + 1
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    public init(seed: UInt64) {
        self.state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
