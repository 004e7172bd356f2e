/// The key-by-key logic of reading one line — editing, history browsing, completion — with no I/O.
///
/// ``LineEditor`` feeds it keys and draws ``buffer`` after each; tests drive it directly.
///
/// ```swift
/// var session = EditSession(history: ["next 5"], completer: { _, _ in ["next", "network"] })
/// session.handle(.up)                         // .editing, buffer "next 5"
/// session.handle(.control("u"))               // .editing, buffer ""
/// session.handle(.character("n"))
/// session.handle(.tab)                        // .editing, buffer "ne" (common prefix)
/// session.handle(.tab)                        // .showCompletions(["next", "network"])
/// session.handle(.enter)                      // .submit("ne")
/// ```
package struct EditSession {
    /// What the editor should do after a key.
    package enum Outcome: Equatable, Sendable {
        /// Redraw the line and keep reading.
        case editing
        /// The user pressed Enter on this line.
        case submit(String)
        /// Ctrl-D on an empty line.
        case endOfFile
        /// Ctrl-C; the line has been cleared.
        case interrupted
        /// Ctrl-L: clear the screen, then redraw.
        case clearScreen
        /// Tab found several candidates and no longer common prefix: list them, then redraw.
        case showCompletions([String])
        /// Nothing to do (Tab without candidates, Backspace at the start): ring the bell.
        case bell
    }

    /// The line as edited so far.
    package private(set) var buffer = EditBuffer()
    private let history: [String]
    private var historyIndex: Int
    private var draft = ""
    private let completer: LineEditor.Completer?

    /// Starts an empty line with `history` (oldest first) available to Up/Down.
    package init(history: [String] = [], completer: LineEditor.Completer? = nil) {
        self.history = history
        self.historyIndex = history.count
        self.completer = completer
    }

    /// Applies one key.
    @discardableResult
    package mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character): buffer.insert(String(character))
        case .enter: return .submit(buffer.text)
        case .tab: return complete()
        case .backspace, .control("h"): return buffer.deleteBackward() ? .editing : .bell
        case .delete: buffer.deleteForward()
        case .left, .control("b"): buffer.moveLeft()
        case .right, .control("f"): buffer.moveRight()
        case .home, .control("a"): buffer.moveToStart()
        case .end, .control("e"): buffer.moveToEnd()
        case .wordLeft: buffer.moveWordLeft()
        case .wordRight: buffer.moveWordRight()
        case .up, .control("p"): return recall(by: -1)
        case .down, .control("n"): return recall(by: 1)
        case .control("k"): buffer.killToEnd()
        case .control("u"): buffer.killToStart()
        case .control("w"): buffer.killWordBackward()
        case .control("y"): buffer.yank()
        case .control("l"): return .clearScreen
        case .control("c"):
            buffer = EditBuffer()
            historyIndex = history.count
            return .interrupted
        case .control("d"):
            if buffer.count == 0 { return .endOfFile }
            buffer.deleteForward()
        case .control, .unknown:
            break
        }
        return .editing
    }

    private mutating func recall(by offset: Int) -> Outcome {
        let target = historyIndex + offset
        guard (0...history.count).contains(target) else { return .bell }
        if historyIndex == history.count { draft = buffer.text }
        historyIndex = target
        buffer.replaceAll(with: target == history.count ? draft : history[target])
        return .editing
    }

    /// Completes the word before the cursor: one candidate replaces it (plus a space), several extend it
    /// to their longest common prefix, or are listed when that adds nothing.
    private mutating func complete() -> Outcome {
        guard let completer else { return .bell }
        let candidates = completer(buffer.text, buffer.cursor)
        // After a space the word being completed is empty; the word before the space must stay.
        let before = buffer.textBeforeCursor
        let start = before.last?.isWhitespace ?? true ? buffer.cursor : buffer.wordStart(before: buffer.cursor)
        let word = String(buffer.textBeforeCursor.dropFirst(start))
        switch candidates.count {
        case 0:
            return .bell
        case 1:
            let candidate = candidates[0]
            // A directory-like candidate invites more typing, so no space after it.
            buffer.replace(start..<buffer.cursor, with: candidate.hasSuffix("/") ? candidate : candidate + " ")
            return .editing
        default:
            let prefix = Self.commonPrefix(candidates)
            if prefix.count > word.count {
                buffer.replace(start..<buffer.cursor, with: prefix)
                return .editing
            }
            return .showCompletions(candidates)
        }
    }

    private static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            let characters = Array(word)
            var length = 0
            while length < min(prefix.count, characters.count), prefix[length] == characters[length] { length += 1 }
            prefix.removeSubrange(length...)
        }
        return String(prefix)
    }
}
