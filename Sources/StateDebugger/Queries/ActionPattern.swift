import StateJournal

/// Matches actions by type glob or label text, for `find` and `log`.
///
/// A pattern with `*` (any run of characters) or `?` (one character) is a glob on the action type:
/// `bank.*` matches `bank.pay` and `bank.deposit`. A pattern without them matches an action whose type
/// is the pattern or whose label contains it.
///
/// ```swift
/// ActionPattern("bank.*").matches(action)          // by type
/// ActionPattern("jenny").matches(action)           // label contains "jenny"
/// ```
public struct ActionPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as given.
    public var text: String
    private let glob: [Character]?

    /// A pattern; see the type's documentation for its forms.
    public init(_ text: String) {
        self.text = text
        glob = text.contains("*") || text.contains("?") ? Array(text) : nil
    }

    /// Whether the pattern is a type glob rather than a text search.
    public var isGlob: Bool { glob != nil }

    /// The pattern as written: `bank.*` or `transfer`.
    public var description: String { text }

    /// Whether `action` matches.
    public func matches(_ action: JournalAction) -> Bool {
        if let glob { return Self.globMatches(glob, Array(action.type)) }
        return action.type == text || action.label.contains(text)
    }

    /// Whether a type matches as a glob (a pattern without wildcards must equal the type).
    public func matchesType(_ type: String) -> Bool {
        Self.globMatches(glob ?? Array(text), Array(type))
    }

    /// Iterative glob matching with backtracking to the last `*`: linear in practice, never exponential.
    private static func globMatches(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
