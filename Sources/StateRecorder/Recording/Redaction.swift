import StateJSON
import StateQuery

/// What a recorder hides before anything reaches the disk: members at given paths, and members with
/// given names at any depth. Hidden values are replaced by the string `"<redacted>"`, in states
/// (keyframes and patches alike, since patches are computed from redacted states) and in action payloads.
///
/// ```swift
/// let redaction = try Redaction(paths: [".session.token", ".users[*].email"], keys: ["password"])
/// ```
///
/// Paths use the debugger's syntax (see `JSONPath`): `.name`, `[3]`, `[*]`, `.["odd key"]`.
public struct Redaction: Sendable, Equatable {
    /// The replacement for every hidden value.
    public static let placeholder: JSONValue = "<redacted>"

    /// The paths whose values are hidden, as written.
    public private(set) var paths: [String]
    /// Member names hidden wherever they occur.
    public private(set) var keys: Set<String>
    let patterns: [[RedactionSegment]]

    /// No redaction.
    public init() {
        paths = []
        keys = []
        patterns = []
    }

    /// Hides the values at `paths` and every member named in `keys`.
    ///
    /// - Throws: `JSONPathParseError` for a path that does not parse, ``RedactionPathError`` for one that
    ///   mixes `..` with other segments (a lone `..name` is the same as the key `name`).
    public init(paths: [String] = [], keys: [String] = []) throws {
        self.paths = paths
        var names = Set(keys)
        var patterns: [[RedactionSegment]] = []
        for text in paths {
            let path = try JSONPath(parsing: text)
            // `..password` is the same rule as the key `password`.
            if path.segments.count == 1, case .descendant(let name) = path.segments[0] {
                names.insert(name)
            } else {
                patterns.append(try RedactionSegment.pattern(path, text: text))
            }
        }
        self.keys = names
        self.patterns = patterns
    }

    /// The member names a label must hide: every key, and the last name of every path.
    var hiddenNames: Set<String> {
        var names = keys
        for pattern in patterns {
            if case .key(let name)? = pattern.last { names.insert(name) }
        }
        return names
    }

    /// Whether nothing is hidden.
    public var isEmpty: Bool { paths.isEmpty && keys.isEmpty }

    /// The rules as a journal header records them.
    public var jsonValue: JSONValue {
        ["paths": .array(paths.map(JSONValue.string)), "keys": .array(keys.sorted().map(JSONValue.string))]
    }

    /// Returns `value` with every hidden member replaced.
    public func apply(to value: JSONValue) -> JSONValue {
        guard !isEmpty else { return value }
        return redact(value, alive: patterns.map { ($0, 0) })
    }

    func redact(_ value: JSONValue, alive: [([RedactionSegment], Int)]) -> JSONValue {
        if alive.contains(where: { $0.1 == $0.0.count }) { return Self.placeholder }
        switch value {
        case .object(let object):
            var result = object
            var changed = false
            for index in 0..<object.count {
                let key = object.keys[index]
                let next: JSONValue
                if keys.contains(key) {
                    next = Self.placeholder
                } else {
                    let childAlive = advance(alive, key: key, index: nil)
                    if childAlive.isEmpty, keys.isEmpty { continue }
                    next = redact(object.values[index], alive: childAlive)
                }
                if next != object.values[index] {
                    result.setValue(next, at: index)
                    changed = true
                }
            }
            return changed ? .object(result) : value
        case .array(let elements):
            var result = elements
            var changed = false
            for index in elements.indices {
                let childAlive = advance(alive, key: nil, index: index)
                if childAlive.isEmpty, keys.isEmpty { continue }
                let next = redact(elements[index], alive: childAlive)
                if next != result[index] {
                    result[index] = next
                    changed = true
                }
            }
            return changed ? .array(result) : value
        default:
            return value
        }
    }

    private func advance(_ alive: [([RedactionSegment], Int)], key: String?, index: Int?) -> [([RedactionSegment], Int)] {
        var next: [([RedactionSegment], Int)] = []
        for (pattern, position) in alive where position < pattern.count {
            if pattern[position].matches(key: key, index: index) { next.append((pattern, position + 1)) }
        }
        return next
    }
}

/// One step of a redaction path.
enum RedactionSegment: Sendable, Equatable {
    case key(String)
    case index(Int)
    case any

    func matches(key: String?, index: Int?) -> Bool {
        switch self {
        case .key(let name): key == name
        case .index(let wanted): index == wanted
        case .any: true
        }
    }

    static func pattern(_ path: JSONPath, text: String) throws -> [RedactionSegment] {
        try path.segments.map { segment throws -> RedactionSegment in
            switch segment {
            case .member(let name): return .key(name)
            case .index(let index) where index >= 0: return .index(index)
            case .wildcard: return .any
            default: throw RedactionPathError(path: text)
            }
        }
    }
}

/// A redaction path that uses a segment redaction cannot follow.
public struct RedactionPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as written.
    public var path: String

    /// A sentence naming the path and saying what to list instead.
    public var description: String {
        "the redaction path \(path) uses a segment that redaction cannot follow (a negative index or `..`); list names to hide at any depth as keys instead."
    }
}
