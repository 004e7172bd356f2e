#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import TextControls

/// Reads lines from a person at a terminal, with editing, history and completion; reads plain lines when
/// the input is not a terminal.
///
/// On a terminal it switches to raw mode for the duration of each ``readLine(prompt:)`` call and draws the
/// prompt and line itself, so output printed between calls behaves normally. Keys: Left/Right, Home/End,
/// Ctrl-A/E/B/F, Alt-B/F and Ctrl-Left/Right by word, Backspace, Delete, Ctrl-K/U/W/Y, Ctrl-L, Up/Down
/// and Ctrl-P/N for history, Ctrl-R to search the history (see ``EditSession``), Tab for completion,
/// Ctrl-C to abandon the line, Ctrl-D to delete or end input.
/// Without a terminal there is no prompt, and a last line without a newline is still returned.
///
/// ```swift
/// var history = History(file: historyPath, limit: 500)
/// try? history.load()
/// let editor = LineEditor(input: STDIN_FILENO, output: STDOUT_FILENO, history: history) { line, cursor in
///     commandNames.filter { $0.hasPrefix(line.prefix(cursor)) }
/// }
/// loop: while true {
///     switch editor.readLine(prompt: "(statedbg) ") {
///     case .line(let line): try run(line)
///     case .interrupted: continue
///     case .endOfFile: break loop
///     }
/// }
/// ```
package final class LineEditor {
    /// Returns the candidates that may replace the word before the cursor.
    ///
    /// Receives the whole line and the cursor position in `Character`s; each candidate is the full word
    /// (`"next"` for the line `"ne"`), not just the missing suffix.
    package typealias Completer = (_ line: String, _ cursor: Int) -> [String]

    /// The result of reading one line.
    package enum Result: Equatable, Sendable {
        /// A line, without its newline.
        case line(String)
        /// Input ended (Ctrl-D on an empty line, or the end of a file or pipe).
        case endOfFile
        /// Ctrl-C; the line was abandoned.
        case interrupted
    }

    /// The descriptor keys are read from.
    package let inputDescriptor: Int32
    /// The descriptor the prompt and line are drawn on.
    package let outputDescriptor: Int32
    /// Lines entered so far; each accepted line is added and, when the history has a file, saved.
    package var history: History
    /// The last failure to save ``history``, for the caller to report; cleared by the next successful save.
    package private(set) var historyError: HistoryError?

    private let completer: Completer?
    private let screen: FileDescriptorSink
    private var decoder = KeyDecoder()
    private var unread: [UInt8] = []
    private var unreadStart = 0
    private var inputEnded = false

    /// Creates an editor on the given descriptors, which it neither owns nor closes.
    package init(input: Int32, output: Int32, history: History = History(), completer: Completer? = nil) {
        inputDescriptor = input
        outputDescriptor = output
        self.history = history
        self.completer = completer
        screen = FileDescriptorSink(fileDescriptor: output, buffering: FileDescriptorSink.Buffering.none)
    }

    /// Whether the input is a terminal, i.e. whether prompts and editing are used.
    package var isInteractive: Bool { isatty(inputDescriptor) == 1 }

    /// Reads one line, showing `prompt` first when the input is a terminal.
    ///
    /// The editor writes straight to its output descriptor, so flush any buffered output of your own
    /// (`terminal.output.flush()`) before calling, or it may appear after the prompt.
    ///
    /// - Parameter remembering: Whether the line joins the history (not for the answer to a question).
    package func readLine(prompt: String, remembering: Bool = true) -> Result {
        guard isInteractive, let raw = try? RawMode(fileDescriptor: inputDescriptor) else {
            if isInteractive { screen.write(prompt) }
            return readPlainLine()
        }
        defer { raw.restore() }
        return readEditedLine(prompt: prompt, remembering: remembering)
    }

    /// How long a lone ESC waits for the rest of a sequence before it counts as the Escape key.
    static let escapeDelayMilliseconds: Int32 = 50

    private func nextKey() -> Key? {
        while true {
            if decoder.isWaitingAfterEscape, unreadStart == unread.count, !inputArrives(within: Self.escapeDelayMilliseconds) {
                return decoder.finishEscape()
            }
            guard let byte = nextByte() else { return nil }
            if let key = decoder.feed(byte) { return key }
        }
    }

    private func inputArrives(within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat {
            ready = poll(&descriptor, 1, milliseconds)
        } while ready < 0 && errno == EINTR
        return ready != 0
    }

    private func readEditedLine(prompt: String, remembering: Bool) -> Result {
        var session = EditSession(history: history.entries, completer: completer)
        screen.write(prompt)
        while let key = nextKey() {
            let shownPrompt = { session.searchPrompt ?? prompt }
            switch session.handle(key) {
            case .editing:
                // While a paste is still arriving, draw once at the end rather than per character.
                if unreadStart == unread.count { redraw(prompt: shownPrompt(), buffer: session.buffer) }
            case .bell:
                screen.write("\u{7}")
                if session.searchPrompt != nil { redraw(prompt: shownPrompt(), buffer: session.buffer) }
            case .clearScreen:
                screen.write("\u{1B}[H\u{1B}[2J")
                redraw(prompt: shownPrompt(), buffer: session.buffer)
            case .showCompletions(let candidates):
                // Candidates name recorded keys and action types: shown escaped, as every output is.
                let shown = candidates.map(ControlCharacterEscaper.escape)
                screen.write("\r\n" + Self.columns(shown, width: width).joined(separator: "\r\n") + "\r\n")
                redraw(prompt: shownPrompt(), buffer: session.buffer)
            case .submit(let line):
                redraw(prompt: prompt, buffer: session.buffer)
                screen.write("\r\n")
                if remembering { remember(line) }
                return .line(line)
            case .interrupted:
                screen.write("^C\r\n")
                return .interrupted
            case .endOfFile:
                screen.write("\r\n")
                return .endOfFile
            }
        }
        screen.write("\r\n")
        return .endOfFile
    }

    private func readPlainLine() -> Result {
        var bytes: [UInt8] = []
        while let byte = nextByte() {
            if byte == UInt8(ascii: "\n") {
                if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
                return .line(String(decoding: bytes, as: UTF8.self))
            }
            bytes.append(byte)
        }
        return bytes.isEmpty ? .endOfFile : .line(String(decoding: bytes, as: UTF8.self))
    }

    private func remember(_ line: String) {
        history.add(line)
        guard history.file != nil else { return }
        do {
            try history.save()
            historyError = nil
        } catch {
            historyError = error
        }
    }

    /// Draws the prompt and the part of the line around the cursor that fits, then places the cursor.
    ///
    /// The line is drawn as every output is, escaped: a completion or a recalled line may hold a recorded
    /// key with a control or bidirectional character, which drawn raw would move the cursor or reorder
    /// what the line seems to say. An escaped character takes the columns of its escape.
    private func redraw(prompt: String, buffer: EditBuffer) {
        let promptWidth = Self.visibleWidth(prompt)
        let shown = Self.shownCells(buffer.text)
        let room = max(1, width - promptWidth - 1)
        // Columns up to the cursor, and the first character to draw so that the cursor stays in view.
        var start = 0
        var cursorColumn = shown[..<buffer.cursor].reduce(0) { $0 + $1.count }
        while cursorColumn > room, start < buffer.cursor {
            cursorColumn -= shown[start].count
            start += 1
        }
        var drawn = ""
        var used = 0
        for cell in shown[start...] {
            guard used + cell.count <= room else { break }
            drawn += cell
            used += cell.count
        }
        let column = promptWidth + cursorColumn
        var text = "\r" + prompt + drawn + "\u{1B}[0K\r"
        if column > 0 { text += "\u{1B}[\(column)C" }
        screen.write(text)
    }

    /// What each character of `text` is drawn as: itself, or its escape when it holds a character no
    /// output shows raw.
    static func shownCells(_ text: String) -> [String] {
        text.map { character in
            let single = String(character)
            return EscapedCharacters.appear(in: single) ? ControlCharacterEscaper.escape(single) : single
        }
    }

    private var width: Int {
        Terminal.windowWidth(of: outputDescriptor) ?? 80
    }

    private func nextByte() -> UInt8? {
        if unreadStart == unread.count {
            guard !inputEnded else { return nil }
            unread = [UInt8](repeating: 0, count: 4096)
            unreadStart = 0
            var count = 0
            repeat {
                count = read(inputDescriptor, &unread, unread.count)
            } while count < 0 && errno == EINTR
            guard count > 0 else {
                unread = []
                inputEnded = true
                return nil
            }
            unread.removeSubrange(count...)
        }
        defer { unreadStart += 1 }
        return unread[unreadStart]
    }

    /// Lays out completion candidates in columns, row by row.
    static func columns(_ words: [String], width: Int) -> [String] {
        let cell = (words.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / cell)
        return stride(from: 0, to: words.count, by: perRow).map { start in
            let row = words[start..<min(words.count, start + perRow)]
            let padded = row.map { $0 + String(repeating: " ", count: cell - $0.count) }.joined()
            return String(padded.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// The columns `text` occupies, ignoring ANSI escape sequences such as colours.
    static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value), scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else if scalar.properties.generalCategory != .nonspacingMark {
                width += 1
            }
        }
        return width
    }
}
