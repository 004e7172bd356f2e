import StateJSON
import StateRecorder

/// Random JSON values and related edits of them, for property tests.
public struct RandomJSON {
    /// The source of randomness; equal seeds give equal values.
    public var generator: SeededGenerator

    /// Values fixed by `seed`.
    public init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    /// A null, bool, small number or short string.
    public mutating func scalar() -> JSONValue {
        switch int(0...6) {
        case 0: return .null
        case 1: return .bool(chance(50))
        case 2, 3: return .integer(Int64(int(-3...20)))
        case 4: return .double(Double(int(0...8)) / 2)
        default: return .string(["a", "b", "c", "x/y", "m~n", ""][int(0...5)])
        }
    }

    /// A value nested at most `depth` levels, arrays often of objects with an `id`.
    public mutating func value(depth: Int = 3) -> JSONValue {
        guard depth > 0, chance(60) else { return scalar() }
        switch int(0...2) {
        case 0: return .array((0..<int(0...5)).map { _ in value(depth: depth - 1) })
        case 1: return identifiedArray(depth: depth - 1)
        default:
            let keys = ["a", "b", "c", "d", "e/f", "~"]
            return .object(JSONObject((0..<int(0...4)).map { _ in (keys[int(0...5)], value(depth: depth - 1)) }))
        }
    }

    /// An array of objects with distinct `id`s.
    public mutating func identifiedArray(depth: Int) -> JSONValue {
        let ids = Array(0..<12).shuffled(using: &generator).prefix(int(0...6))
        return .array(ids.map { id in ["id": .integer(Int64(id)), "v": value(depth: max(depth - 1, 0))] })
    }

    /// `value` with a few random edits at random depths.
    public mutating func edited(_ value: JSONValue, depth: Int = 0) -> JSONValue {
        if chance(15) || depth > 4 { return chance(50) ? self.value(depth: 2) : value }
        switch value {
        case .array(var array):
            for _ in 0..<int(0...2) {
                switch int(0...4) {
                case 0 where !array.isEmpty: array.remove(at: int(0...(array.count - 1)))
                case 1: array.insert(sibling(of: array), at: int(0...array.count))
                case 2 where array.count > 1: array.swapAt(int(0...(array.count - 1)), int(0...(array.count - 1)))
                case 3 where !array.isEmpty:
                    let index = int(0...(array.count - 1))
                    array[index] = edited(array[index], depth: depth + 1)
                default: break
                }
            }
            return .array(array)
        case .object(var object):
            for _ in 0..<int(1...2) {
                let key = ["a", "b", "c", "v", "id"][int(0...4)]
                if let existing = object[key] {
                    object[key] = chance(25) ? nil : edited(existing, depth: depth + 1)
                } else {
                    object[key] = self.value(depth: 1)
                }
            }
            return .object(object)
        default:
            return chance(70) ? scalar() : value
        }
    }

    /// A new element that looks like the others, with a fresh id when they have ids.
    private mutating func sibling(of array: [JSONValue]) -> JSONValue {
        if let first = array.first, first["id"] != nil {
            return ["id": .integer(Int64(int(12...40))), "v": scalar()]
        }
        return self.value(depth: 1)
    }
}
