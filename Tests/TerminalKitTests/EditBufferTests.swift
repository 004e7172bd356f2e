import Testing
import TerminalKit

@Suite struct EditBufferTests {
    @Test func insertsAtTheCursorAndMovesWithinBounds() {
        var buffer = EditBuffer("nxt")
        buffer.moveLeft()
        buffer.moveLeft()
        buffer.insert("e")
        #expect(buffer.text == "next")
        #expect(buffer.cursor == 2)
        buffer.moveToStart()
        buffer.moveLeft()
        #expect(buffer.cursor == 0)
        buffer.moveToEnd()
        buffer.moveRight()
        #expect(buffer.cursor == 4)
    }

    @Test func deletesAndKillsLikeAShell() {
        var buffer = EditBuffer("show .users[3] --json")
        buffer.killWordBackward()
        #expect(buffer.text == "show .users[3] ")
        #expect(buffer.killed == "--json")
        buffer.moveWordLeft()
        #expect(buffer.cursor == 5)
        buffer.killToEnd()
        #expect(buffer.text == "show ")
        buffer.yank()
        #expect(buffer.text == "show .users[3] ")
        buffer.moveToStart()
        buffer.moveWordRight()
        buffer.killToStart()
        #expect(buffer.text == " .users[3] ")
        let deletedForward = buffer.deleteForward()
        buffer.moveToStart()
        let deletedBackward = buffer.deleteBackward()
        #expect(deletedForward)
        #expect(!deletedBackward)
        #expect(buffer.text == ".users[3] ")
    }

    @Test func movesOverMultiByteAndCombinedCharactersAsOneColumn() {
        var buffer = EditBuffer("naïve €")
        #expect(buffer.count == 7)
        buffer.moveLeft()
        buffer.deleteBackward()
        #expect(buffer.text == "naïve€")
        var combining = EditBuffer("e")
        combining.insert("\u{301}")
        #expect(combining.count == 1)
        #expect(combining.cursor == 1)
        #expect(combining.text == "e\u{301}")
    }
}
