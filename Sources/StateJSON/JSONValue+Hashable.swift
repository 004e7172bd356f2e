extension JSONValue: Hashable {
    /// Whether two values are the same JSON: the same case holding the same thing.
    ///
    /// Strings, keys and big numbers compare by their Unicode scalars, so "é" as U+00E9 and as "e"
    /// followed by U+0301 are different values, as they are different JSON text (Swift's `==` on
    /// `String` would take them as equal). Doubles compare by their bits, which for the finite
    /// doubles a `.double` holds is by value, except that `-0.0` is not `0.0`: their texts differ.
    /// Numbers of different cases are never equal: `1` is not `1.0`; ``isEquivalent(to:)`` compares
    /// numbers by value.
    ///
    /// ```swift
    /// JSONValue.string("\u{E9}") == .string("e\u{301}")     // false
    /// JSONValue.integer(1) == .double(1.0)                  // false
    /// ```
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        // Only the containers here, which recurse: the comparison takes one frame of this function
        // per level of nesting, and the deepest document accepted must compare on a 512 KiB thread
        // stack even in a debug build, where every case bound here would take room in the frame.
        switch lhs {
        case .object(let left):
            guard case .object(let right) = rhs else { return false }
            return left == right
        case .array(let left):
            guard case .array(let right) = rhs else { return false }
            return left == right
        default:
            return scalarsEqual(lhs, rhs)
        }
    }

    /// ``==(_:_:)`` when `lhs` is not a container.
    private static func scalarsEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch lhs {
        case .string(let left):
            guard case .string(let right) = rhs else { return false }
            return left.hasSameScalars(as: right)
        case .integer(let left):
            guard case .integer(let right) = rhs else { return false }
            return left == right
        case .bool(let left):
            guard case .bool(let right) = rhs else { return false }
            return left == right
        case .double(let left):
            guard case .double(let right) = rhs else { return false }
            return left.bitPattern == right.bitPattern
        case .null:
            guard case .null = rhs else { return false }
            return true
        case .unsigned(let left):
            guard case .unsigned(let right) = rhs else { return false }
            return left == right
        case .bigNumber(let left):
            guard case .bigNumber(let right) = rhs else { return false }
            return left.hasSameScalars(as: right)
        case .array, .object:
            return lhs == rhs
        }
    }

    /// Hashes the case and its contents; strings by their bytes, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let bool):
            hasher.combine(1 as UInt8)
            hasher.combine(bool)
        case .integer(let integer):
            hasher.combine(2 as UInt8)
            hasher.combine(integer)
        case .unsigned(let unsigned):
            hasher.combine(3 as UInt8)
            hasher.combine(unsigned)
        case .double(let double):
            hasher.combine(4 as UInt8)
            hasher.combine(double.bitPattern)
        case .bigNumber(let text):
            hasher.combine(5 as UInt8)
            text.hashScalars(into: &hasher)
        case .string(let string):
            hasher.combine(6 as UInt8)
            string.hashScalars(into: &hasher)
        case .array(let array):
            hasher.combine(7 as UInt8)
            hasher.combine(array)
        case .object(let object):
            hasher.combine(8 as UInt8)
            hasher.combine(object)
        }
    }
}
