import StateJSON
import StateQuery

/// A scope's path compiled for matching: member names and wildcards, matched against the tokens of a
/// JSON Pointer (so that a patch operation's path can be placed against it) and walked through a value.
struct MigrationPattern: Sendable, Hashable {
    /// One segment.
    enum Segment: Sendable, Hashable {
        /// The member with this name.
        case member(String)
        /// Every element of an array, or every member of an object.
        case any
    }

    let segments: [Segment]

    /// Compiles `path` (the debugger's syntax); members and `[*]` only.
    ///
    /// - Throws: ``MigrationError`` with ``MigrationError/Code/invalidScope(_:reason:)``.
    init(_ path: String, scope: MigrationScope) throws(MigrationError) {
        let parsed: JSONPath
        do {
            parsed = try JSONPath(parsing: path)
        } catch {
            throw MigrationError(.invalidScope(scope.description, reason: "the path \(path) does not parse: \(error)"))
        }
        var segments: [Segment] = []
        for segment in parsed.segments {
            switch segment {
            case .member(let name):
                segments.append(.member(name))
            case .wildcard:
                segments.append(.any)
            case .index(let index):
                throw MigrationError(.invalidScope(scope.description, reason: "[\(index)] names one element, but a migration changes every value of a type; write [*]"))
            case .descendant(let name):
                throw MigrationError(.invalidScope(scope.description, reason: "..\(name) searches at any depth, but a migration names where the type is; write the path to it"))
            }
        }
        self.segments = segments
    }

    init(segments: [Segment]) {
        self.segments = segments
    }

    /// Whether a pointer token matches a segment. `-` (the end of an array, in a patch) matches `[*]`.
    static func matches(_ token: String, _ segment: Segment) -> Bool {
        switch segment {
        case .member(let name): JSONObject.sameKey(token, name)
        case .any: true
        }
    }

    /// Where a patch operation's path lies against the pattern.
    enum Placement {
        /// Nowhere near: no value the pattern selects is at, above or below it.
        case outside
        /// Above the selected values: a value written there may hold some; `remaining` is the rest of
        /// the pattern from there.
        case above(remaining: ArraySlice<Segment>)
        /// At a selected value.
        case at
        /// Inside the selected value at the first `depth` tokens.
        case inside(depth: Int)
    }

    /// Where `tokens` lie against the pattern.
    func place(_ tokens: [String]) -> Placement {
        let shared = min(tokens.count, segments.count)
        for index in 0..<shared where !Self.matches(tokens[index], segments[index]) { return .outside }
        if tokens.count < segments.count { return .above(remaining: segments[tokens.count...]) }
        if tokens.count == segments.count { return .at }
        return .inside(depth: segments.count)
    }

    /// Calls `body` on every value `segments` selects in `value`, in place; `location` is the pointer of
    /// `value` and grows with the path, for messages.
    static func forEachMatch(_ segments: ArraySlice<Segment>, in value: inout JSONValue, location: inout [String],
                             _ body: (inout JSONValue, [String]) throws(MigrationFailure) -> Void) throws(MigrationFailure) {
        guard let first = segments.first else {
            try body(&value, location)
            return
        }
        let rest = segments.dropFirst()
        switch (first, value) {
        case (.member(let name), .object(var object)):
            guard let position = object.index(forKey: name) else { return }
            value = .null
            var child = object.values[position]
            object.setValue(.null, at: position)
            location.append(object.keys[position])
            defer { location.removeLast() }
            do throws(MigrationFailure) {
                try forEachMatch(rest, in: &child, location: &location, body)
            } catch {
                object.setValue(child, at: position)
                value = .object(object)
                throw error
            }
            object.setValue(child, at: position)
            value = .object(object)
        case (.any, .object(var object)):
            value = .null
            defer { value = .object(object) }
            for position in 0..<object.count {
                var child = object.values[position]
                object.setValue(.null, at: position)
                location.append(object.keys[position])
                defer {
                    location.removeLast()
                    object.setValue(child, at: position)
                }
                try forEachMatch(rest, in: &child, location: &location, body)
            }
        case (.any, .array(var elements)):
            value = .null
            defer { value = .array(elements) }
            for index in elements.indices {
                location.append(String(index))
                defer { location.removeLast() }
                try forEachMatch(rest, in: &elements[index], location: &location, body)
            }
        default:
            return
        }
    }
}
