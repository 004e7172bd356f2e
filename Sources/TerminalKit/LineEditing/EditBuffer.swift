/// The text being edited and the cursor in it, with the editing operations of a shell prompt.
///
/// The cursor counts `Character`s, so a multi-byte or combined character moves as one column.
///
/// ```swift
/// var buffer = EditBuffer("show .users")
/// buffer.killWordBackward()            // "show ", cursor 5
/// buffer.moveToStart()
/// buffer.insert("step 3 ")
/// buffer.text                          // "step 3 show "
/// ```
package struct EditBuffer: Equatable, Sendable {
    private var characters: [Character]
    /// The cursor position, from 0 (before the first character) to the character count.
    package private(set) var cursor: Int
    /// The text most recently removed by a kill command (Ctrl-K, Ctrl-U, Ctrl-W), for ``yank()``.
    package private(set) var killed: String = ""

    /// Creates a buffer holding `text` with the cursor at its end.
    package init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The whole line.
    package var text: String { String(characters) }

    /// The number of characters, which is also the number of columns the line takes.
    package var count: Int { characters.count }

    /// The text before the cursor.
    package var textBeforeCursor: String { String(characters[..<cursor]) }

    /// Inserts `text` at the cursor and moves past it. A combining mark joins the character before it.
    package mutating func insert(_ text: String) {
        for character in text {
            if cursor > 0, character.unicodeScalars.first.map(Self.isCombining) ?? false {
                let merged = Character(String(characters[cursor - 1]) + String(character))
                characters[cursor - 1] = merged
                continue
            }
            characters.insert(character, at: cursor)
            cursor += 1
        }
    }

    /// Replaces the whole line and puts the cursor at its end (history recall).
    package mutating func replaceAll(with text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    /// Replaces the characters in `range` with `text`, leaving the cursor after the inserted text.
    package mutating func replace(_ range: Range<Int>, with text: String) {
        let clamped = range.clamped(to: 0..<characters.count)
        characters.replaceSubrange(clamped, with: Array(text))
        cursor = clamped.lowerBound + text.count
    }

    /// One character left; stops at the start.
    package mutating func moveLeft() { cursor = max(0, cursor - 1) }
    /// One character right; stops at the end.
    package mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    /// To the start of the line (Home, Ctrl-A).
    package mutating func moveToStart() { cursor = 0 }
    /// To the end of the line (End, Ctrl-E).
    package mutating func moveToEnd() { cursor = characters.count }

    /// To the start of the previous word.
    package mutating func moveWordLeft() { cursor = wordStart(before: cursor) }

    /// To the end of the next word.
    package mutating func moveWordRight() {
        var position = cursor
        while position < characters.count, characters[position].isWhitespace { position += 1 }
        while position < characters.count, !characters[position].isWhitespace { position += 1 }
        cursor = position
    }

    /// Deletes the character before the cursor (Backspace); returns whether anything was deleted.
    @discardableResult
    package mutating func deleteBackward() -> Bool {
        guard cursor > 0 else { return false }
        characters.remove(at: cursor - 1)
        cursor -= 1
        return true
    }

    /// Deletes the character under the cursor (Delete, Ctrl-D); returns whether anything was deleted.
    @discardableResult
    package mutating func deleteForward() -> Bool {
        guard cursor < characters.count else { return false }
        characters.remove(at: cursor)
        return true
    }

    /// Deletes from the cursor to the end of the line (Ctrl-K).
    package mutating func killToEnd() {
        kill(cursor..<characters.count)
    }

    /// Deletes from the start of the line to the cursor (Ctrl-U).
    package mutating func killToStart() {
        kill(0..<cursor)
    }

    /// Deletes the word before the cursor and the spaces after it (Ctrl-W).
    package mutating func killWordBackward() {
        kill(wordStart(before: cursor)..<cursor)
    }

    /// Inserts the last killed text at the cursor (Ctrl-Y).
    package mutating func yank() {
        insert(killed)
    }

    /// The start of the word that ends at or before `position`, skipping spaces first.
    package func wordStart(before position: Int) -> Int {
        var start = min(position, characters.count)
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }

    private mutating func kill(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        killed = String(characters[range])
        characters.removeSubrange(range)
        cursor = range.lowerBound
    }

    private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return scalar == "\u{200D}" || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }
}
