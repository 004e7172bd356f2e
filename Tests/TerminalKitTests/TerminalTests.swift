#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateSync
import Testing
import TerminalKit

@Suite struct TerminalTests {
    @Test func coloursOnlyATerminalWithoutNoColourOrDumbTerm() {
        let automatic = ColourPolicy.automatic
        #expect(automatic.allowsColour(outputIsTerminal: true, environment: ["TERM": "xterm"]))
        #expect(!automatic.allowsColour(outputIsTerminal: false, environment: ["TERM": "xterm"]))
        #expect(!automatic.allowsColour(outputIsTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(automatic.allowsColour(outputIsTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!automatic.allowsColour(outputIsTerminal: true, environment: ["TERM": "dumb"]))
        #expect(ColourPolicy(colorFlag: true, noColorFlag: false).allowsColour(outputIsTerminal: false, environment: [:]))
        #expect(ColourPolicy(colorFlag: true, noColorFlag: true) == .never)
    }

    @Test func readsTheColourFlagsFromParsedArguments() throws {
        let spec = CommandSpec(name: "show", options: ColourPolicy.options)
        func policy(_ arguments: [String]) throws -> ColourPolicy? {
            guard case .command(let parsed) = try CommandLineParser(root: spec).parse(arguments) else { return nil }
            return ColourPolicy(parsed)
        }
        #expect(try policy([]) == .automatic)
        #expect(try policy(["--color"]) == .always)
        #expect(try policy(["--no-color"]) == .never)
    }

    @Test func flushesStandardOutputBeforeWritingAnError() {
        let log = EventLog()
        let output = TextOutput(standardOutput: log.sink("out"), standardError: log.sink("err"))
        output.print("result")
        output.printError("problem")
        #expect(log.events == ["out write result\n", "out flush", "err write problem\n", "err flush"])
    }

    @Test func measuresWidthFromTheWindowThenColumnsThenEighty() {
        let output = TextOutput(standardOutput: MemorySink(), standardError: MemorySink())
        #expect(Terminal(output: output, width: { 132 }).width == 132)
        #expect(Terminal(output: output, environment: ["COLUMNS": "100"]).width == 100)
        #expect(Terminal(output: output).width == 80)
    }

    @Test func fileDescriptorSinkBuffersUntilFlushed() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let sink = FileDescriptorSink(fileDescriptor: ends[1], buffering: .full)
        sink.write("héllo ")
        sink.write("world\n")
        #expect(Self.available(ends[0]) == 0)
        sink.flush()
        close(ends[1])
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(ends[0], &bytes, bytes.count)
        #expect(String(decoding: bytes.prefix(max(0, count)), as: UTF8.self) == "héllo world\n")
    }

    private static func available(_ descriptor: Int32) -> Int32 {
        var pending: Int32 = 0
        _ = ioctl(descriptor, UInt(FIONREAD), &pending)
        return pending
    }

    @Test func rawModeFailsWithASentenceOnANonTerminal() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(throws: TerminalError.self) { _ = try RawMode(fileDescriptor: ends[0]) }
        #expect(TerminalError.cannotReadSettings(fileDescriptor: 5, reason: "Inappropriate ioctl for device").description
            == "Could not read the terminal settings of file descriptor 5: Inappropriate ioctl for device.")
    }

    @Test func aSinkKeepsTheFirstWriteErrorAndDropsWhatFollows() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let sink = FileDescriptorSink(fileDescriptor: descriptor, buffering: FileDescriptorSink.Buffering.none)
        #expect(sink.writeError == nil)
        sink.write("step 1\n")
        #expect(sink.writeError == ENOSPC)
        sink.write("step 2\n")
        sink.flush()
        #expect(sink.writeError == ENOSPC)
    }

    @Test func escapesControlCharactersButKeepsTheColoursStatedbgWrites() {
        #expect(ControlCharacterEscaper.escape("plain\ttext\n") == "plain\ttext\n")
        #expect(ControlCharacterEscaper.escape("\u{1B}[31m-  1\u{1B}[0m") == "\u{1B}[31m-  1\u{1B}[0m")
        #expect(ControlCharacterEscaper.escape("a\rb\u{0}c\u{1B}[Hd\u{85}é") == #"a\u000Db\u0000c\u001B[Hd\u0085é"#)
        // Bidirectional controls, separators and invisible characters, which would make a label read
        // as something else, are escaped as well.
        #expect(ControlCharacterEscaper.escape("invoice\u{202E}fdp.exe") == #"invoice\u202Efdp.exe"#)
        #expect(ControlCharacterEscaper.escape("a\u{2028}b\u{2029}c\u{200E}d\u{2066}e\u{2069}f\u{61C}g\u{FEFF}h\u{200B}i")
            == #"a\u2028b\u2029c\u200Ed\u2066e\u2069f\u061Cg\uFEFFh\u200Bi"#)
        #expect(ControlCharacterEscaper.escape("中文 é 😀") == "中文 é 😀")
    }

    /// A reset where a line ends passes only on a line that a diff colour opened: a recorded type that
    /// ends in one (`\u{1B}[31mRED\u{1B}[0m`) is escaped whole.
    @Test func escapesARecordedResetAtTheEndOfALine() {
        #expect(ControlCharacterEscaper.escape("  type: \u{1B}[31mRED\u{1B}[0m\n") == #"  type: \u001B[31mRED\u001B[0m"# + "\n")
        #expect(ControlCharacterEscaper.escape("step 1  x\u{1B}[0m") == #"step 1  x\u001B[0m"#)
        #expect(ControlCharacterEscaper.escape("  \u{1B}[32m+ 1\u{1B}[0m\nlabel\u{1B}[0m") == "  \u{1B}[32m+ 1\u{1B}[0m\n" + #"label\u001B[0m"#)
    }
}

/// Records writes and flushes of several sinks in one ordered list.
final class EventLog: Sendable {
    private let storage = Locked<[String]>([])

    var events: [String] { storage.withLock { $0 } }

    func sink(_ name: String) -> some OutputSink { Sink(name: name, log: self) }

    fileprivate func append(_ event: String) { storage.withLock { $0.append(event) } }

    private struct Sink: OutputSink {
        var name: String
        var log: EventLog
        func write(_ text: String) { log.append("\(name) write \(text)") }
        func flush() { log.append("\(name) flush") }
    }
}
