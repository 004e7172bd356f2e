import StateJSON

/// Bounds on one encoding, so that a graph of objects whose `encode(to:)` calls lead back to
/// themselves fails instead of recursing until the stack runs out.
///
/// Only ``JSONReflectingEncoder`` sets them, when it hands an `Encodable` part of a value to
/// ``JSONValueEncoder``; every other encoding runs with ``unlimited``.
struct JSONEncodingLimits {
    /// How deep values may nest: the top-level value is at depth 1, its members and elements at 2.
    var depth: Int
    /// How many more values the generic paths may encode (numbers, strings and Booleans that a
    /// container writes directly are not counted).
    var values: Int

    static let unlimited = JSONEncodingLimits(depth: .max, values: .max)
}
