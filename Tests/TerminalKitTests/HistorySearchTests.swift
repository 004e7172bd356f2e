import Testing
import TerminalKit

/// Ctrl-R in the line editor, key by key, as readline does it.
@Suite struct HistorySearchTests {
    private let history = ["next 5", "state .count", "watch .users", "next 2", "log"]

    private func type(_ text: String, into session: inout EditSession) {
        for character in text { session.handle(.character(character)) }
    }

    private func handle(_ key: Key, in session: inout EditSession) -> EditSession.Outcome {
        session.handle(key)
    }

    @Test func typingNarrowsToTheNewestMatchAndCtrlRGoesToOlderOnes() {
        var session = EditSession(history: history)
        session.handle(.control("r"))
        #expect(session.searchPrompt == "(reverse-i-search)`': ")
        type("n", into: &session)
        #expect(session.buffer.text == "next 2")
        #expect(session.searchPrompt == "(reverse-i-search)`n': ")
        type("e", into: &session)
        #expect(session.buffer.text == "next 2")
        #expect(session.buffer.cursor == 0, "the cursor sits where the match starts")
        session.handle(.control("r"))
        #expect(session.buffer.text == "next 5")
        #expect(handle(.control("r"), in: &session) == .bell, "nothing older contains 'ne'")
        #expect(session.searchPrompt == "(failed reverse-i-search)`ne': ")
        #expect(session.buffer.text == "next 5", "a failed search keeps the last match")
        #expect(handle(.enter, in: &session) == .submit("next 5"))
        #expect(session.searchPrompt == nil)
    }

    @Test func aMatchInTheMiddleOfALinePutsTheCursorThere() {
        var session = EditSession(history: history)
        session.handle(.control("r"))
        type(".us", into: &session)
        #expect(session.buffer.text == "watch .users")
        #expect(session.buffer.cursor == 6)
    }

    @Test func escapeAndCtrlGPutTheLineBackAsItWas() {
        for cancel in [Key.escape, .control("g")] {
            var session = EditSession(history: history)
            type("dr", into: &session)
            session.handle(.control("r"))
            type("state", into: &session)
            #expect(session.buffer.text == "state .count")
            #expect(handle(cancel, in: &session) == .editing)
            #expect(session.searchPrompt == nil)
            #expect(session.buffer.text == "dr")
            #expect(handle(.enter, in: &session) == .submit("dr"))
        }
    }

    @Test func backspaceWidensTheSearchAndAnEmptyQueryShowsTheOriginalLine() {
        var session = EditSession(history: history)
        session.handle(.control("r"))
        type("nx", into: &session)
        #expect(session.searchPrompt == "(failed reverse-i-search)`nx': ")
        session.handle(.backspace)
        #expect(session.searchPrompt == "(reverse-i-search)`n': ")
        #expect(session.buffer.text == "next 2")
        session.handle(.backspace)
        #expect(session.buffer.text == "")
        #expect(handle(.backspace, in: &session) == .bell)
    }

    @Test func anEditingKeyKeepsTheMatchAndEditsIt() {
        var session = EditSession(history: history)
        session.handle(.control("r"))
        type("5", into: &session)
        session.handle(.end)
        #expect(session.searchPrompt == nil)
        session.handle(.backspace)
        type("9", into: &session)
        #expect(handle(.enter, in: &session) == .submit("next 9"))
    }

    @Test func ctrlRAgainSkipsAnOlderCopyOfTheSameLine() {
        var session = EditSession(history: ["next", "state", "next", "state"])
        session.handle(.control("r"))
        type("ne", into: &session)
        #expect(handle(.control("r"), in: &session) == .bell, "the older 'next' is the same line")
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnlyOnceNoSequenceFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.isWaitingAfterEscape)
        #expect(decoder.finishEscape() == .escape)
        #expect(!decoder.isWaitingAfterEscape)
        #expect(decoder.decode([0x1B, 0x5B]) == [])
        #expect(decoder.finishEscape() == nil, "half an arrow key is not Escape")
        #expect(decoder.decode([0x41]) == [.up])
    }
}
