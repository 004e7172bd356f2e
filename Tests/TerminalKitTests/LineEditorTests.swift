#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TerminalKit

@Suite struct LineEditorTests {
    @Test func readsPlainLinesWithoutAPromptWhenInputIsNotATerminal() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = Array("next\r\nshow .users\nlast".utf8)
        #expect(write(ends[1], bytes, bytes.count) == bytes.count)
        close(ends[1])
        let output = MemoryFile()
        let editor = LineEditor(input: ends[0], output: output.descriptor)
        #expect(editor.readLine(prompt: "> ") == .line("next"))
        #expect(editor.readLine(prompt: "> ") == .line("show .users"))
        #expect(editor.readLine(prompt: "> ") == .line("last"))
        #expect(editor.readLine(prompt: "> ") == .endOfFile)
        #expect(output.contents() == "")
    }

    @Test func laysOutCompletionsInColumns() {
        #expect(LineEditor.columns(["next", "network", "nope"], width: 20) == ["next     network", "nope"])
    }

    @Test func measuresPromptsWithoutColourCodes() {
        #expect(LineEditor.visibleWidth("\u{1B}[1;32m(statedbg)\u{1B}[0m ") == 11)
    }
}

/// A pipe whose read end collects what is written, for checking that nothing was drawn.
final class MemoryFile {
    let descriptor: Int32
    private let readEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        readEnd = ends[0]
        descriptor = ends[1]
        _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
    }

    func contents() -> String {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(readEnd, &bytes, bytes.count)
        return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
    }

    deinit {
        close(readEnd)
        close(descriptor)
    }
}
