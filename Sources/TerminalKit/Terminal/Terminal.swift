#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the CLI knows about where it runs: its streams, whether they are terminals, the window width and
/// the environment. Passed to every command so tests can hand in an in-memory one.
///
/// ```swift
/// let terminal = Terminal.system(environment: ProcessInfo.processInfo.environment)
/// let colour = terminal.allowsColour(ColourPolicy(colorFlag: false, noColorFlag: false))
/// terminal.output.print(renderTable(width: terminal.width, colour: colour))
///
/// let fake = Terminal(output: TextOutput(standardOutput: MemorySink(), standardError: MemorySink()))
/// ```
package struct Terminal: Sendable {
    /// The descriptor to read lines from.
    package var inputDescriptor: Int32
    /// The descriptor a ``LineEditor`` draws on.
    package var outputDescriptor: Int32
    /// Where results and diagnostics go.
    package var output: TextOutput
    /// Whether input comes from a person at a terminal (prompts and line editing only then).
    package var isInputInteractive: Bool
    /// Whether standard output is a terminal (colour only then, unless forced).
    package var isOutputInteractive: Bool
    /// The environment, for `NO_COLOR`, `TERM` and `COLUMNS`.
    package var environment: [String: String]
    private var measureWidth: @Sendable () -> Int?

    /// Creates a terminal description; the defaults describe a pipe, 80 columns wide.
    package init(
        inputDescriptor: Int32 = 0, outputDescriptor: Int32 = 1, output: TextOutput,
        isInputInteractive: Bool = false, isOutputInteractive: Bool = false,
        environment: [String: String] = [:], width: @escaping @Sendable () -> Int? = { nil }
    ) {
        self.inputDescriptor = inputDescriptor
        self.outputDescriptor = outputDescriptor
        self.output = output
        self.isInputInteractive = isInputInteractive
        self.isOutputInteractive = isOutputInteractive
        self.environment = environment
        self.measureWidth = width
    }

    /// The process's own standard input, output and error.
    package static func system(environment: [String: String]) -> Terminal {
        Terminal(
            inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO, output: .system(),
            isInputInteractive: isatty(STDIN_FILENO) == 1, isOutputInteractive: isatty(STDOUT_FILENO) == 1,
            environment: environment, width: { Terminal.windowWidth(of: STDOUT_FILENO) })
    }

    /// The width in columns, measured now (windows resize): the window's, else `COLUMNS`, else 80.
    package var width: Int {
        if let measured = measureWidth(), measured > 0 { return measured }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    /// Whether to colour standard output under `policy`.
    package func allowsColour(_ policy: ColourPolicy) -> Bool {
        policy.allowsColour(outputIsTerminal: isOutputInteractive, environment: environment)
    }

    /// The column count of the terminal on `fileDescriptor`, or `nil` when it is not a terminal.
    package static func windowWidth(of fileDescriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
