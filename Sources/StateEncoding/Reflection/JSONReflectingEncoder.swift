import Foundation
import StateJSON

/// Turns any value into a ``JSONValue`` snapshot, `Codable` or not, so that an app whose state or
/// actions hold closures, objects, errors or effects can still be recorded, compared and hashed.
///
/// The snapshot is for looking at and comparing, not for decoding: a closure cannot be written
/// down. Equal values always give the same snapshot (sets and dictionaries are written in an order
/// that depends only on their contents), and the encoder never fails, traps or hangs: cycles, deep
/// nesting and huge graphs are cut, as the rules below say.
///
/// ```swift
/// enum Phase { case idle, running(since: Int, laps: [Int]) }
/// struct Timer { var label: String; var started: Date; var phase: Phase; var onFire: () -> Void }
/// let timer = Timer(label: "tea", started: Date(timeIntervalSinceReferenceDate: 1.5),
///                   phase: .running(since: 3, laps: [1, 2]), onFire: {})
/// print(JSONReflectingEncoder().encode(timer).canonicalText)
/// ```
/// ```text
/// {"label":"tea","onFire":"<function>","phase":{"running":{"laps":[1,2],"since":3}},"started":1.5}
/// ```
///
/// The rules, checked in this order:
/// - `String`, `Substring`, `Character`, `Unicode.Scalar`, `Bool` and the integer types are JSON
///   strings, Booleans and numbers; a finite `Double` or `Float` a number, a NaN the string `"nan"`,
///   an infinity `"inf"` or `"-inf"`.
/// - An `Optional` is its value, or `null`.
/// - An `Encodable` value is what ``valueEncoder`` writes for it, so a member that is `Codable` has
///   the same JSON it would have in a `Codable` state: a `Date` is exact, as
///   ``JSONValueEncoder/DateEncodingStrategy/secondsSinceReferenceDate`` writes it. When the
///   encoder throws (a NaN inside, a failing `encode(to:)`, objects that refer back to themselves),
///   the value is reflected by the rules below instead.
/// - An `Error` is `{"error": String(reflecting: error)}`, such as
///   `{"error":"App.LoginError.wrongPassword"}`.
/// - A struct is an object of its stored properties by name; a class instance too, with its
///   superclasses' properties, or the string `"<cycle Node>"` (its type's name) when the same
///   instance is already on the way down from the top-level value.
/// - An enum case without associated values is its name, `"idle"`; one with them is shaped as
///   synthesized `Codable` shapes it, `{"running":{"laps":[1,2],"since":3}}`, unlabelled values as
///   `_0`, `_1`, ….
/// - A tuple is an object by label, unlabelled elements as `_0`, `_1`, ….
/// - An array or other collection is an array; a set is an array in the order of its elements'
///   canonical text.
/// - A dictionary with `String` keys is an object; any other is an array of `[key, value]` pairs in
///   the order of their canonical text.
/// - A closure or function is the string `"<function>"`; anything else reflection cannot see into
///   (a metatype, an opaque pointer) is its `String(describing:)`.
/// - A value inside more than ``maxDepth`` arrays and objects, and every value after the first
///   ``maxValues``, is the string `"<…>"`.
package struct JSONReflectingEncoder: Sendable {
    /// The deepest nesting ``maxDepth`` takes, 128: a walk that deep fits in the 512 KiB stack of a
    /// secondary thread (with room to spare, even unoptimized), and its snapshot parses back within
    /// ``JSONParser``'s default limits.
    package static let deepestNesting = 128

    /// How many arrays and objects a value may be inside and still be written; deeper values are
    /// `"<…>"`. Taken between 0 and ``deepestNesting``.
    package var maxDepth: Int
    /// How many values one call writes at most, counting each value reflected and each value the
    /// ``valueEncoder`` writes through `encode(to:)`; later ones are `"<…>"`. It bounds the work on
    /// a graph of objects that refer to each other, whose unfolding into a tree grows
    /// exponentially with depth.
    package var maxValues: Int
    /// The encoder of the `Encodable` parts, whose settings (dates, user info) apply to them.
    package var valueEncoder: JSONValueEncoder

    /// An encoder with the given limits, encoding `Encodable` parts with `valueEncoder`.
    package init(maxDepth: Int = 32, maxValues: Int = 1_000_000, valueEncoder: JSONValueEncoder = JSONValueEncoder()) {
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        self.valueEncoder = valueEncoder
    }

    /// The snapshot of `value`, by the rules above.
    package func encode(_ value: Any) -> JSONValue {
        var reflection = JSONReflection(
            encoder: valueEncoder, maxDepth: min(max(maxDepth, 0), Self.deepestNesting), maxValues: max(maxValues, 0))
        return reflection.reflect(value, depth: 0)
    }
}
