import StateJSON
import TerminalKit

extension JSONDiffStyle {
    /// Diffs as the tool shows them on a terminal: removed lines red, added lines green, folded
    /// lines dim, each line reset at its end.
    static let terminal = JSONDiffStyle(
        removed: Decoration(before: TerminalColour.red.escape, after: TerminalColour.reset),
        added: Decoration(before: TerminalColour.green.escape, after: TerminalColour.reset),
        collapsed: Decoration(before: TerminalColour.dim.escape, after: TerminalColour.reset)
    )
}
