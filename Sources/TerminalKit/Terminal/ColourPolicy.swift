/// Whether to colour output.
///
/// Automatic colour follows the usual conventions: only on a terminal, not when `NO_COLOR` is set to
/// anything non-empty, not when `TERM` is `dumb`. `--color` and `--no-color` override it.
///
/// ```swift
/// let show = CommandSpec(name: "show", options: [.flag("json")] + ColourPolicy.options)
/// // … parse into `arguments` …
/// let policy = ColourPolicy(arguments)
/// let coloured = policy.allowsColour(outputIsTerminal: true, environment: ["TERM": "xterm-256color"])  // true
/// ```
package enum ColourPolicy: Sendable, Equatable {
    /// Decide from the terminal and the environment.
    case automatic
    /// Always colour (`--color`).
    case always
    /// Never colour (`--no-color`).
    case never

    /// The `--color` and `--no-color` flags, for a command's ``CommandSpec/options``.
    package static let options: [OptionSpec] = [
        .flag("color", help: "Colour the output even when it is not a terminal."),
        .flag("no-color", help: "Do not colour the output."),
    ]

    /// The policy asked for by the flags in ``options``.
    package init(_ arguments: ParsedArguments) {
        self.init(colorFlag: arguments.flag("color"), noColorFlag: arguments.flag("no-color"))
    }

    /// The policy the flags ask for; `--no-color` wins when both are given.
    package init(colorFlag: Bool, noColorFlag: Bool) {
        self = noColorFlag ? .never : colorFlag ? .always : .automatic
    }

    /// Whether output should be coloured.
    package func allowsColour(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always:
            return true
        case .never:
            return false
        case .automatic:
            let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            return outputIsTerminal && !noColour && environment["TERM"] != "dumb"
        }
    }
}
