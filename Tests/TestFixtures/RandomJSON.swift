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

extension RandomJSON {
    /// A patch of one to four operations of every kind, each valid on `value` as the operations before it
    /// left it: additions, insertions and appends, replacements, removals, moves, copies and tests, at
    /// random depths, the root included.
    public mutating func patch(of value: JSONValue) -> JSONPatch {
        var document = value
        var operations: [JSONPatchOperation] = []
        for _ in 0..<int(1...4) {
            // Tried on a copy: a move whose addition fails has removed its value already.
            var trial = document
            guard let operation = operation(on: document), (try? JSONPatch.perform(operation, on: &trial)) != nil else { continue }
            document = trial
            operations.append(operation)
        }
        return JSONPatch(operations)
    }

    /// One operation valid on `document`, or `nil` when the one drawn does not fit it.
    private mutating func operation(on document: JSONValue) -> JSONPatchOperation? {
        if chance(3) { return .replace(path: JSONPointer(tokens: []), value: value(depth: 2)) }
        let (tokens, container) = randomContainer(in: document, tokens: [])
        let pointer = JSONPointer(tokens: tokens)
        switch container {
        case .object(let object):
            let keys = object.keys
            let key = chance(60) && !keys.isEmpty ? keys[int(0...(keys.count - 1))] : ["a", "b", "c", "v", "id", "z"][int(0...5)]
            let present = object[key] != nil
            switch int(0...5) {
            case 0, 1: return .add(path: pointer.appending(key: key), value: value(depth: 1))
            case 2 where present: return .replace(path: pointer.appending(key: key), value: chance(50) ? scalar() : value(depth: 2))
            case 3 where present: return .remove(path: pointer.appending(key: key))
            case 4 where present: return .test(path: pointer.appending(key: key), value: object[key] ?? .null)
            case 5: return move(in: document, to: pointer.appending(key: key), copying: chance(30))
            default: return nil
            }
        case .array(let array):
            let count = array.count
            switch int(0...6) {
            case 0: return .add(path: pointer.appending(key: "-"), value: element(like: array))
            case 1: return .add(path: pointer.appending(index: int(0...count)), value: element(like: array))
            case 2 where count > 0: return .replace(path: pointer.appending(index: int(0...(count - 1))), value: element(like: array))
            case 3 where count > 0: return .remove(path: pointer.appending(index: chance(50) ? count - 1 : int(0...(count - 1))))
            case 4 where count > 1:
                return .move(from: pointer.appending(index: int(0...(count - 1))), path: pointer.appending(index: int(0...(count - 1))))
            case 5: return move(in: document, to: pointer.appending(index: int(0...count)), copying: chance(50))
            case 6 where count > 0: return .test(path: pointer.appending(index: 0), value: array[0])
            default: return nil
            }
        default:
            return .replace(path: pointer, value: value(depth: 2))
        }
    }

    /// A container of `value` (or the value itself when it is a scalar), reached by a random walk.
    private mutating func randomContainer(in value: JSONValue, tokens: [String]) -> ([String], JSONValue) {
        guard chance(65) else { return (tokens, value) }
        switch value {
        case .object(let object) where !object.isEmpty:
            let position = int(0...(object.count - 1))
            switch object.values[position] {
            case .object, .array: return randomContainer(in: object.values[position], tokens: tokens + [object.keys[position]])
            default: return (tokens, value)
            }
        case .array(let array) where !array.isEmpty:
            let index = int(0...(array.count - 1))
            switch array[index] {
            case .object, .array: return randomContainer(in: array[index], tokens: tokens + [String(index)])
            default: return (tokens, value)
            }
        default:
            return (tokens, value)
        }
    }

    /// A `move` or `copy` to `path` from a random place that does not contain it.
    private mutating func move(in document: JSONValue, to path: JSONPointer, copying: Bool) -> JSONPatchOperation? {
        let (tokens, container) = randomContainer(in: document, tokens: [])
        let from: JSONPointer
        switch container {
        case .object(let object) where !object.isEmpty: from = JSONPointer(tokens: tokens + [object.keys[int(0...(object.count - 1))]])
        case .array(let array) where !array.isEmpty: from = JSONPointer(tokens: tokens + [String(int(0...(array.count - 1)))])
        default: return nil
        }
        if copying { return .copy(from: from, path: path) }
        return from.isPrefix(of: path) ? nil : .move(from: from, path: path)
    }

    /// A new element for `array`: an object with a fresh or a reused `id` when its elements have ids.
    private mutating func element(like array: [JSONValue]) -> JSONValue {
        if let first = array.first, first["id"] != nil {
            return ["id": .integer(Int64(int(0...40))), "v": scalar()]
        }
        return value(depth: 1)
    }
}
