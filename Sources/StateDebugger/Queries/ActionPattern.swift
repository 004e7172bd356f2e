import StateJournal
import StateQuery

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
    /// Whether the pattern has wildcards; without them it is matched as a glob only by ``matchesType(_:)``.
    public let isGlob: Bool
    private let glob: TypeGlob

    /// A pattern; see the type's documentation for its forms.
    public init(_ text: String) {
        self.text = text
        isGlob = text.contains("*") || text.contains("?")
        glob = TypeGlob(text)
    }

    /// The pattern as written: `bank.*` or `transfer`.
    public var description: String { text }

    /// Whether `action` matches.
    public func matches(_ action: JournalAction) -> Bool {
        if isGlob { return glob.matches(action.type) }
        return action.type == text || action.label.contains(text)
    }

    /// Whether a type matches as a glob (a pattern without wildcards must equal the type).
    public func matchesType(_ type: String) -> Bool {
        glob.matches(type)
    }
}
