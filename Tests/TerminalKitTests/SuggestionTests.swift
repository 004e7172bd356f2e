import Testing
import TerminalKit

@Suite struct SuggestionTests {
    @Test func countsATranspositionAsOneEdit() {
        #expect(Suggestion.distance("enxt", "next") == 1)
        #expect(Suggestion.distance("nxt", "next") == 1)
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("", "abc") == 3)
    }

    @Test func suggestsTheNearestPlausibleWord() {
        let commands = ["next", "back", "show", "diff", "quit"]
        #expect(Suggestion.closest(to: "nxt", among: commands) == "next")
        #expect(Suggestion.closest(to: "shwo", among: commands) == "show")
        #expect(Suggestion.closest(to: "zzzz", among: commands) == nil)
        #expect(Suggestion.closest(to: "next", among: commands) == nil)
    }
}
