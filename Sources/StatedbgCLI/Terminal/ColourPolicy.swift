/// Whether to colour output.
///
/// Automatic colour follows the usual conventions: only on a terminal, not when `NO_COLOR` is set to
/// anything non-empty, not when `TERM` is `dumb`. `--color` and `--no-color` override it.
///
/// ```swift
/// let policy = ColourPolicy(colorFlag: arguments.flag("color"), noColorFlag: arguments.flag("no-color"))
/// let coloured = policy.allowsColour(outputIsTerminal: true, environment: ["TERM": "xterm-256color"])  // true
/// ```
public enum ColourPolicy: Sendable, Equatable {
    /// Decide from the terminal and the environment.
    case automatic
    /// Always colour (`--color`).
    case always
    /// Never colour (`--no-color`).
    case never

    /// The policy the flags ask for; `--no-color` wins when both are given.
    public init(colorFlag: Bool, noColorFlag: Bool) {
        self = noColorFlag ? .never : colorFlag ? .always : .automatic
    }

    /// Whether output should be coloured.
    public func allowsColour(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
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
