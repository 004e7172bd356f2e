/// The process's two output streams: results go to standard output, diagnostics to standard error.
///
/// Writing to standard error first flushes standard output, so interleaved messages appear in order.
/// Control characters in the text are escaped (``ControlCharacterEscaper``) on both streams: much of it
/// comes from recordings and typed input, and reaches a terminal.
///
/// ```swift
/// let output = TextOutput(standardOutput: MemorySink(), standardError: MemorySink())
/// output.print("step 3: deposit(amount: 5)")
/// output.printError("warning: step 4 has no snapshot")
/// ```
public struct TextOutput: Sendable {
    /// Where results go.
    public var standardOutput: any OutputSink
    /// Where diagnostics go.
    public var standardError: any OutputSink

    /// Creates an output pair.
    public init(standardOutput: any OutputSink, standardError: any OutputSink) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's own standard output and standard error.
    public static func system() -> TextOutput {
        TextOutput(
            standardOutput: FileDescriptorSink(fileDescriptor: 1),
            standardError: FileDescriptorSink(fileDescriptor: 2, buffering: FileDescriptorSink.Buffering.none))
    }

    /// Writes `text` and `terminator` to standard output.
    public func print(_ text: String, terminator: String = "\n") {
        standardOutput.write(ControlCharacterEscaper.escape(text + terminator))
    }

    /// Flushes standard output, then writes `text` and `terminator` to standard error and flushes it.
    public func printError(_ text: String, terminator: String = "\n") {
        standardOutput.flush()
        standardError.write(ControlCharacterEscaper.escape(text + terminator))
        standardError.flush()
    }

    /// Flushes both streams.
    public func flush() {
        standardOutput.flush()
        standardError.flush()
    }
}
