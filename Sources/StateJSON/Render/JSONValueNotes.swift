import Foundation

/// What the numbers at some paths of a value stand for, so that ``JSONDumper`` and ``JSONDiffRenderer``
/// write it beside them for people: a `Date`, which `Codable` writes as seconds since 2001-01-01, gets
/// its ISO 8601 rendering. The JSON itself is untouched; only the rendered lines gain a `// …` note.
///
/// ```swift
/// var notes = JSONValueNotes()
/// notes.add(.date, at: [.key("accounts"), .element, .key("lastActivity")])
/// print(JSONDumper(notes: notes).dump(["accounts": [["lastActivity": 789839279.0]]]))
/// ```
/// ```text
/// {
///   "accounts": [
///     {
///       "lastActivity": 789839279.0  // 2026-01-11T15:47:59.000Z
///     }
///   ]
/// }
/// ```
public struct JSONValueNotes: Sendable, Hashable {
    /// What a number stands for.
    public enum Note: Sendable, Hashable {
        /// A `Date` as its `Codable` conformance writes it: seconds since 2001-01-01T00:00:00Z.
        case date
    }

    /// One step of a path the notes apply to.
    public enum PathComponent: Sendable, Hashable {
        /// An object's member.
        case key(String)
        /// Any element of an array.
        case element
        /// Any member of an object (a dictionary's values).
        case anyKey
    }

    /// The notes, by path.
    public private(set) var paths: [[PathComponent]: Note] = [:]

    /// No notes.
    public init() {}

    /// Adds `note` for the numbers at `path`.
    public mutating func add(_ note: Note, at path: [PathComponent]) {
        paths[path] = note
    }

    /// Whether there are no notes.
    public var isEmpty: Bool { paths.isEmpty }

    /// The notes for the value at `pointer` in `document`, as a value of its own: what `show --path`
    /// and the REPL's `state PATH` render.
    public func rooted(at pointer: JSONPointer, in document: JSONValue) -> JSONValueNotes {
        guard !pointer.tokens.isEmpty else { return self }
        // Whether each token names an array element or an object member, from the document itself.
        var kinds: [Bool] = []
        var node: JSONValue? = document
        for token in pointer.tokens {
            switch node {
            case .array(let array)?:
                kinds.append(true)
                node = Int(token).flatMap { array.indices.contains($0) ? array[$0] : nil }
            case .object(let object)?:
                kinds.append(false)
                node = object[token]
            default:
                return JSONValueNotes()
            }
        }
        var rooted = JSONValueNotes()
        for (path, note) in paths where path.count >= pointer.tokens.count {
            let matches = zip(path, zip(pointer.tokens, kinds)).allSatisfy { component, token in
                switch component {
                case .key(let key): !token.1 && key == token.0
                case .anyKey: !token.1
                case .element: token.1
                }
            }
            if matches { rooted.add(note, at: Array(path.dropFirst(pointer.tokens.count))) }
        }
        return rooted
    }

    /// The notes as a tree to walk down a value with; `nil` when there are none.
    var root: Node? {
        paths.isEmpty ? nil : Node(paths.map { (Array($0.key[...]), $0.value) })
    }

    /// The notes below one position of a value.
    final class Node: Sendable {
        private let keys: [String: Node]
        private let anyKey: Node?
        private let element: Node?
        private let note: Note?

        init(_ entries: [(path: [PathComponent], note: Note)]) {
            var byKey: [String: [([PathComponent], Note)]] = [:]
            var anyKey: [([PathComponent], Note)] = []
            var element: [([PathComponent], Note)] = []
            var note: Note?
            for (path, value) in entries {
                guard let first = path.first else {
                    note = value
                    continue
                }
                let rest = Array(path.dropFirst())
                switch first {
                case .key(let key): byKey[key, default: []].append((rest, value))
                case .anyKey: anyKey.append((rest, value))
                case .element: element.append((rest, value))
                }
            }
            keys = byKey.mapValues { Node($0.map { (path: $0.0, note: $0.1) }) }
            self.anyKey = anyKey.isEmpty ? nil : Node(anyKey.map { (path: $0.0, note: $0.1) })
            self.element = element.isEmpty ? nil : Node(element.map { (path: $0.0, note: $0.1) })
            self.note = note
        }

        /// The notes below the member `key`.
        func member(_ key: String) -> Node? { keys[key] ?? anyKey }

        /// The notes below each element of an array.
        var elements: Node? { element }

        /// The note for `value` at this position, as written after it: `  // 2026-01-11T15:47:59.000Z`.
        func text(for value: JSONValue) -> String? {
            guard let note else { return nil }
            switch note {
            case .date:
                let seconds: Double
                switch value {
                case .double(let number): seconds = number
                case .integer(let number): seconds = Double(number)
                case .unsigned(let number): seconds = Double(number)
                default: return nil
                }
                // Past what an ISO 8601 year of four digits holds, the number says all there is.
                guard seconds.isFinite, abs(seconds) < 3e11 else { return nil }
                return "  // " + ISO8601Timestamp.format(Date(timeIntervalSinceReferenceDate: seconds))
            }
        }
    }
}
