import Testing
import TerminalKit

@Suite struct ShellWordsTests {
    @Test func splitsOnBlanksAndHonoursQuotesAndEscapes() throws {
        #expect(try ShellWords.split("  next   5 ") == ["next", "5"])
        #expect(try ShellWords.split(#"show --path '.["odd key"]' --json"#) == ["show", "--path", #".["odd key"]"#, "--json"])
        #expect(try ShellWords.split(#"find "a \"b\" \\ c" x\ y '' """#) == ["find", #"a "b" \ c"#, "x y", "", ""])
        #expect(try ShellWords.split("") == [])
    }

    @Test func reportsOpenQuotesAndDanglingEscapesWithTheirColumn() {
        #expect(throws: ShellWordsError.unterminatedQuote("'", column: 6)) { try ShellWords.split("show 'users") }
        #expect(ShellWordsError.unterminatedQuote("'", column: 6).description == "column 6: the ' quote is never closed.")
        #expect(throws: ShellWordsError.danglingEscape(column: 5)) { try ShellWords.split("next\\") }
    }
}
