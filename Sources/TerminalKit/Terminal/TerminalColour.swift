/// The colours statedbg's output uses on a terminal, as ANSI select-graphic-rendition sequences.
///
/// The palette is small on purpose: red for what went away, green for what came, dim for what was
/// folded. ``ControlCharacterEscaper`` lets exactly these sequences through, so coloured diffs
/// survive the escaping that keeps recorded text from driving the terminal.
///
/// ```swift
/// print(TerminalColour.red.escape + "- 3" + TerminalColour.reset)
/// ```
package enum TerminalColour: Sendable, CaseIterable {
    /// Removed lines.
    case red
    /// Added lines.
    case green
    /// Folded, unchanged lines.
    case dim

    /// The sequence that starts the colour.
    package var escape: String {
        switch self {
        case .red: "\u{1B}[31m"
        case .green: "\u{1B}[32m"
        case .dim: "\u{1B}[2m"
        }
    }

    /// The sequence that ends any colour.
    package static let reset = "\u{1B}[0m"
}
