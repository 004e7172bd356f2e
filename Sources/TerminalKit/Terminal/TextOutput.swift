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
package struct TextOutput: Sendable {
    /// Where results go.
    package var standardOutput: any OutputSink
    /// Where diagnostics go.
    package var standardError: any OutputSink

    /// Creates an output pair.
    package init(standardOutput: any OutputSink, standardError: any OutputSink) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's own standard output and standard error.
    package static func system() -> TextOutput {
        TextOutput(
            standardOutput: FileDescriptorSink(fileDescriptor: 1),
            standardError: FileDescriptorSink(fileDescriptor: 2, buffering: FileDescriptorSink.Buffering.none))
    }

    /// Writes `text` and `terminator` to standard output.
    package func print(_ text: String, terminator: String = "\n") {
        standardOutput.write(ControlCharacterEscaper.escape(text + terminator))
    }

    /// Flushes standard output, then writes `text` and `terminator` to standard error and flushes it.
    package func printError(_ text: String, terminator: String = "\n") {
        standardOutput.flush()
        standardError.write(ControlCharacterEscaper.escape(text + terminator))
        standardError.flush()
    }

    /// Flushes both streams.
    package func flush() {
        standardOutput.flush()
        standardError.flush()
    }
}
