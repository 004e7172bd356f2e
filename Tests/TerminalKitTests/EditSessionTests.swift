import Testing
import TerminalKit

@Suite struct EditSessionTests {
    /// Applies a key outside `#expect`, which cannot capture a mutating call.
    private func handle(_ key: Key, in session: inout EditSession) -> EditSession.Outcome {
        session.handle(key)
    }

    private func type(_ text: String, into session: inout EditSession) {
        for character in text { session.handle(.character(character)) }
    }

    @Test func submitsTheEditedLine() {
        var session = EditSession()
        type("replay", into: &session)
        session.handle(.control("a"))
        type("# ", into: &session)
        session.handle(.end)
        #expect(handle(.enter, in: &session) == .submit("# replay"))
    }

    @Test func browsesHistoryAndKeepsTheDraft() {
        var session = EditSession(history: ["next", "show .users"])
        type("dr", into: &session)
        session.handle(.up)
        #expect(session.buffer.text == "show .users")
        session.handle(.control("p"))
        #expect(session.buffer.text == "next")
        #expect(handle(.up, in: &session) == .bell)
        session.handle(.down)
        session.handle(.control("n"))
        #expect(session.buffer.text == "dr")
        #expect(handle(.down, in: &session) == .bell)
    }

    @Test func endsInputOnlyOnAnEmptyLineAndClearsOnInterrupt() {
        var session = EditSession()
        type("ab", into: &session)
        session.handle(.home)
        #expect(handle(.control("d"), in: &session) == .editing)
        #expect(session.buffer.text == "b")
        #expect(handle(.control("c"), in: &session) == .interrupted)
        #expect(session.buffer.text == "")
        #expect(handle(.control("d"), in: &session) == .endOfFile)
    }

    @Test func completesOneCandidateExtendsAPrefixAndListsTheRest() {
        let commands = ["next", "network", "show"]
        var session = EditSession { line, cursor in
            let word = line.prefix(cursor).split(separator: " ").last.map(String.init) ?? ""
            return commands.filter { $0.hasPrefix(word) }
        }
        type("s", into: &session)
        session.handle(.tab)
        #expect(session.buffer.text == "show ")
        type("n", into: &session)
        session.handle(.tab)
        #expect(session.buffer.text == "show ne")
        #expect(handle(.tab, in: &session) == .showCompletions(["next", "network"]))
        type("x", into: &session)
        #expect(handle(.tab, in: &session) == .editing)
        #expect(session.buffer.text == "show next ")
        type("zz", into: &session)
        #expect(handle(.tab, in: &session) == .bell)
    }

    /// Tab after a space completes an empty word; it used to replace the word before the space.
    @Test func completesAnEmptyWordAfterASpaceWithoutEatingThePreviousWord() {
        var session = EditSession { _, _ in [".balance"] }
        type("state ", into: &session)
        session.handle(.tab)
        #expect(session.buffer.text == "state .balance ")
    }
}
