import StateJSON
import StateQuery

extension RecordingSource {
    /// Throws when `path` selects nothing in any step of the recording, naming the existing key nearest
    /// to the one written: the check every command taking a path or a predicate makes before it reports
    /// "never changed" or "never holds", so that a mistyped key is not mistaken for an answer.
    ///
    /// ```swift
    /// try source.requirePathExists(JSONPath(parsing: ".accounts.jeny"))
    /// // throws: bank.jsonl: .accounts.jeny selects nothing in any step of the recording; did you mean .accounts.jenny?
    /// ```
    ///
    /// It reads the states in order and stops at the first step where the path selects something, so
    /// it costs one pass over the recording only when the path is wrong.
    ///
    /// - Parameter isCancelled: Polled every 1,024 steps; when it returns `true` the check stops with
    ///   ``DebuggerError/cancelled(_:)`` (the REPL passes its Ctrl-C flag).
    /// - Throws: ``DebuggerError/pathSelectsNothing(path:hint:source:)``, or a reading error.
    public func requirePathExists(_ path: JSONPath, isCancelled: () -> Bool = { false }) throws(DebuggerError) {
        var deepest = -1
        var keys: Set<String> = []
        var longestArray = 0
        for step in steps {
            if step & 1023 == 0, isCancelled() { throw .cancelled("search for \(path) in the recording") }
            let state = try state(at: step)
            if !path.values(in: state).isEmpty { return }
            // The longest prefix of the path that selects something here, and the keys found there.
            var length = path.segments.count - 1
            while length > 0, JSONPath(segments: Array(path.segments[..<length])).values(in: state).isEmpty { length -= 1 }
            guard length >= deepest else { continue }
            if length > deepest {
                deepest = length
                keys = []
                longestArray = 0
            }
            let reached = JSONPath(segments: Array(path.segments[..<length])).values(in: state)
            let descendant: Bool
            if case .descendant = path.segments[length] { descendant = true } else { descendant = false }
            for value in reached {
                Self.collectKeys(of: value, into: &keys, deep: descendant)
                if case .array(let elements) = value { longestArray = max(longestArray, elements.count) }
            }
        }
        let position = max(deepest, 0)
        var hint = Self.nearest(path, at: position, among: keys).map { "did you mean \($0)?" } ?? Self.listing(keys, below: path, at: position)
        if position < path.segments.count, case .index = path.segments[position] {
            let reached = JSONPath(segments: Array(path.segments[..<position])).description
            hint = longestArray == 0 ? "\(reached) is never a non-empty array."
                : "\(reached) holds at most \(longestArray) element\(longestArray == 1 ? "" : "s")."
        }
        throw .pathSelectsNothing(path: path.description, hint: hint, source: name)
    }

    /// Throws for the first state path of `predicate` that selects nothing in any step (see
    /// ``requirePathExists(_:)``).
    public func requirePathsExist(of predicate: StatePredicate, isCancelled: () -> Bool = { false }) throws(DebuggerError) {
        for path in predicate.referencedPaths { try requirePathExists(path, isCancelled: isCancelled) }
    }

    /// `the keys there are .donald, .jenny.`: the keys below the longest prefix that selects something,
    /// when none is near the one written (at most 8, then `…`); `nil` when there are none.
    private static func listing(_ keys: Set<String>, below path: JSONPath, at position: Int) -> String? {
        guard !keys.isEmpty, position < path.segments.count else { return nil }
        if case .descendant = path.segments[position] { return nil }
        let prefix = Array(path.segments[..<position])
        let sorted = keys.sorted()
        let shown = sorted.prefix(8).map { JSONPath(segments: prefix + [.member($0)]).description }
        return "the keys there are \(shown.joined(separator: ", "))\(sorted.count > 8 ? ", …" : "")."
    }

    private static func collectKeys(of value: JSONValue, into keys: inout Set<String>, deep: Bool) {
        switch value {
        case .object(let object):
            for (key, member) in zip(object.keys, object.values) {
                keys.insert(key)
                if deep { collectKeys(of: member, into: &keys, deep: true) }
            }
        case .array(let elements) where deep:
            for element in elements { collectKeys(of: element, into: &keys, deep: true) }
        default:
            break
        }
    }

    /// `path` with the segment at `position` replaced by the nearest key, when one is near enough to be
    /// a likely typo (at most a third of the key's length apart, and at least one edit allowed).
    private static func nearest(_ path: JSONPath, at position: Int, among keys: Set<String>) -> String? {
        guard position < path.segments.count else { return nil }
        let written: String
        switch path.segments[position] {
        case .member(let key), .descendant(let key): written = key
        default: return nil
        }
        let scored = keys.map { (key: $0, distance: editDistance(written, $0)) }
        guard let best = scored.min(by: { ($0.distance, $0.key) < ($1.distance, $1.key) }),
              best.distance <= max(1, written.unicodeScalars.count / 3) || best.key.lowercased() == written.lowercased() else { return nil }
        var segments = path.segments
        if case .descendant = segments[position] {
            segments[position] = .descendant(best.key)
        } else {
            segments[position] = .member(best.key)
        }
        return JSONPath(segments: segments).description
    }

    /// The Levenshtein distance between two strings, by Unicode scalars.
    static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left.unicodeScalars)
        let b = Array(right.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
