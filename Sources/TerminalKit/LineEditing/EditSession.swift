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
///
/// Ctrl-R searches the history backwards as readline does: typed characters narrow the search (the
/// newest line containing them is shown), Ctrl-R again goes to the next older match, Backspace widens
/// it, Enter runs the match, Esc or Ctrl-G puts back the line as it was, and any other editing key keeps
/// the match and edits it. While searching, ``searchPrompt`` replaces the prompt:
///
/// ```swift
/// var session = EditSession(history: ["next 5", "state .count", "next 2"])
/// session.handle(.control("r"))
/// session.handle(.character("n"))             // buffer "next 2"
/// session.handle(.control("r"))               // buffer "state .count"
/// session.searchPrompt                        // "(reverse-i-search)`n': "
/// session.handle(.enter)                      // .submit("state .count")
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
    private var search: HistorySearch?

    /// A Ctrl-R search in progress.
    private struct HistorySearch {
        /// The text searched for.
        var query = ""
        /// The history entry shown, or `nil` before the first match.
        var match: Int?
        /// Whether the last attempt found nothing (the shown match stays).
        var failed = false
        /// The line as it was before Ctrl-R, for Esc and Ctrl-G.
        var original: EditBuffer
    }

    /// The prompt to show instead of the caller's while a Ctrl-R search runs:
    /// ``(reverse-i-search)`next': `` or, when nothing matches, ``(failed reverse-i-search)`nxt': ``.
    package var searchPrompt: String? {
        guard let search else { return nil }
        return "(\(search.failed ? "failed " : "")reverse-i-search)`\(search.query)': "
    }

    /// Starts an empty line with `history` (oldest first) available to Up/Down.
    package init(history: [String] = [], completer: LineEditor.Completer? = nil) {
        self.history = history
        self.historyIndex = history.count
        self.completer = completer
    }

    /// Applies one key.
    @discardableResult
    package mutating func handle(_ key: Key) -> Outcome {
        if search != nil, let outcome = handleSearch(key) { return outcome }
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
        case .control("r"):
            search = HistorySearch(original: buffer)
            return .editing
        case .control("c"):
            buffer = EditBuffer()
            historyIndex = history.count
            return .interrupted
        case .control("d"):
            if buffer.count == 0 { return .endOfFile }
            buffer.deleteForward()
        case .control, .escape, .unknown:
            break
        }
        return .editing
    }

    /// A key during a Ctrl-R search: the outcome, or `nil` when the search ended and the key is to be
    /// handled as usual.
    private mutating func handleSearch(_ key: Key) -> Outcome? {
        guard var current = search else { return nil }
        switch key {
        case .character(let character):
            current.query.append(character)
            search = current
            return find(from: current.match ?? history.count - 1, skippingSameText: false) ? .editing : .bell
        case .control("r"):
            guard !current.query.isEmpty, let match = current.match else { return current.query.isEmpty ? .editing : .bell }
            return find(from: match - 1, skippingSameText: true) ? .editing : .bell
        case .backspace, .control("h"):
            guard !current.query.isEmpty else { return .bell }
            current.query.removeLast()
            current.match = nil
            current.failed = false
            search = current
            if current.query.isEmpty {
                buffer = current.original
                return .editing
            }
            return find(from: history.count - 1, skippingSameText: false) ? .editing : .bell
        case .escape, .control("g"):
            buffer = current.original
            search = nil
            return .editing
        case .enter:
            search = nil
            return .submit(buffer.text)
        default:
            // Like readline: any other key keeps the match and then does what it always does.
            search = nil
            return nil
        }
    }

    /// Shows the newest history entry at or before `start` that contains the query; `false` (and the
    /// search marked failed, the line unchanged) when there is none.
    private mutating func find(from start: Int, skippingSameText: Bool) -> Bool {
        guard var current = search else { return false }
        var index = min(start, history.count - 1)
        while index >= 0 {
            let entry = history[index]
            if let range = entry.firstRange(of: current.query), !(skippingSameText && entry == buffer.text) {
                current.match = index
                current.failed = false
                search = current
                buffer.replaceAll(with: entry)
                buffer.moveToStart()
                for _ in 0..<entry.distance(from: entry.startIndex, to: range.lowerBound) { buffer.moveRight() }
                return true
            }
            index -= 1
        }
        current.failed = true
        search = current
        return false
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
