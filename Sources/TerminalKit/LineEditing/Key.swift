/// One key press, decoded from the bytes a terminal sends.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("a\u{1B}[D".utf8))   // [.character("a"), .left]
/// ```
package enum Key: Equatable, Sendable {
    /// A printable character (any script; combining marks arrive as their own character).
    case character(Character)
    /// Return or Enter.
    case enter
    /// Tab.
    case tab
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Forward delete, `ESC[3~`.
    case delete
    /// Arrow keys.
    case left, right, up, down
    /// Home: `ESC[H`, `ESC[1~`, `ESC[7~`, `ESCOH`.
    case home
    /// End: `ESC[F`, `ESC[4~`, `ESC[8~`, `ESCOF`.
    case end
    /// One word left: Ctrl-Left or Alt-B.
    case wordLeft
    /// One word right: Ctrl-Right or Alt-F.
    case wordRight
    /// Escape pressed on its own (not the start of a longer sequence).
    case escape
    /// A control key, by its lowercase letter: `.control("a")` is Ctrl-A.
    case control(Character)
    /// A sequence this decoder does not know; ignored by the editor.
    case unknown([UInt8])
}
