import Foundation
import StateJSON

/// A remembered Swift value of an `Equatable` type, recognised again when its bits are unchanged.
///
/// Not final: ``JSONArrayMemoBox`` refines ``encoding(of:previously:encoder:)`` for arrays.
class JSONTypedMemoBox<Value>: JSONMemoBox {
    // Safe because a box is read and replaced only by its memo node, on the encoder's one thread, never during another
    // access.
    @exclusivity(unchecked) final var value: Value

    init(value: Value) {
        self.value = value
        super.init(valueType: ObjectIdentifier(Value.self))
    }

    /// Remembers `newValue` in place of ``value``, once ``encoding(of:previously:encoder:)`` gave its JSON
    /// or it was encoded afresh.
    func keep(_ newValue: Value) {
        value = newValue
    }

    /// The JSON of `newValue` built from `previous`, the JSON of ``value``, or `nil` when the caller
    /// must encode `newValue` itself.
    ///
    /// - Parameter encoder: the encoder of `newValue`, for subclasses that encode parts of it.
    func encoding(
        of newValue: Value, previously previous: JSONValue, encoder: JSONEncoderCore
    ) throws -> JSONValue? {
        // Identical bits are the same value (the storage of every array and string inside is shared,
        // and the memo keeps it from being changed in place); values that reach class instances,
        // which can, are never remembered (see `JSONMemoNode.markReachingClassInstances()`).
        // Different bits are taken as a change without calling `==`: it would walk the whole value, and
        // re-encoding lets the members' own memos find the few that changed, at the cost of one
        // comparison each. Spelled out because `JSONValue` is `ExpressibleByNilLiteral`: in
        // `a ? previous : nil`, `nil` would be `.null`.
        guard Self.sameBits(value, newValue) else { return nil }
        return previous
    }

    // Safe because both byte views live only inside the closures and are only read, for exactly the size of Value.
    static func sameBits(_ lhs: Value, _ rhs: Value) -> Bool {
        withUnsafeBytes(of: lhs) { left in
            withUnsafeBytes(of: rhs) { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
                return memcmp(leftBase, rightBase, MemoryLayout<Value>.size) == 0
            }
        }
    }
}
