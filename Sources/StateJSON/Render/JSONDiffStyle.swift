/// How a rendered diff marks its changed lines for the eye: text written before and after each line,
/// chosen by what the line means, never by how a particular terminal shows it.
///
/// StateJSON knows which lines were removed, added or folded; it does not know about terminals. A
/// caller that writes to one supplies the escapes (the `statedbg` tool uses TerminalKit's ANSI
/// palette); everyone else keeps ``plain``.
///
/// ```swift
/// let brackets = JSONDiffStyle(removed: .init(before: "[-", after: "-]"), added: .init(before: "{+", after: "+}"))
/// print(JSONDiffRenderer(options: .init(style: brackets)).render(from: [1, 2], to: [1, 3]) ?? "equal")
/// ```
/// ```text
///   [
///     … (1 unchanged),
/// [--   2-]
/// {++   3+}
///   ]
/// ```
public struct JSONDiffStyle: Sendable, Hashable {
    /// Text around one line.
    public struct Decoration: Sendable, Hashable {
        /// Written before the line's marker column.
        public var before: String
        /// Written after the line's last character.
        public var after: String

        /// A decoration that writes `before` and `after` around the line.
        public init(before: String, after: String) {
            self.before = before
            self.after = after
        }

        /// No text around the line.
        public static let none = Decoration(before: "", after: "")
    }

    /// Lines of the old value, marked `-`.
    public var removed: Decoration
    /// Lines of the new value, marked `+`.
    public var added: Decoration
    /// `… (N unchanged)` lines.
    public var collapsed: Decoration

    /// A style with the given decorations; roles left out are undecorated.
    public init(removed: Decoration = .none, added: Decoration = .none, collapsed: Decoration = .none) {
        self.removed = removed
        self.added = added
        self.collapsed = collapsed
    }

    /// Undecorated text, for files, logs and anything that is not a terminal.
    public static let plain = JSONDiffStyle()
}
