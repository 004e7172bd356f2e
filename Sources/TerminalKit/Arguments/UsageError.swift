/// A mistake on the command line; the process exits with ``ExitStatus/usage`` (64).
///
/// The description is the whole sentence shown to the user; ``CommandLineError`` adds the usage line
/// and the pointer to help.
///
/// ```swift
/// print(UsageError.unknownOption("--vrify", suggestion: "--verify"))
/// ```
/// ```text
/// Unknown option '--vrify'. Did you mean '--verify'?
/// ```
package enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value option came last or was followed by another option: `--to <n>`.
    case missingValue(option: String)
    /// A flag was given a value with `=`: `--verify=yes`.
    case unexpectedValue(option: String, value: String)
    /// No such option; the suggestion is the closest known spelling.
    case unknownOption(String, suggestion: String?)
    /// A non-repeatable option appeared twice.
    case duplicateOption(String)
    /// A required positional argument, `<file>`, was not given.
    case missingArgument(String)
    /// More positional arguments than the command takes.
    case unexpectedArgument(String)
    /// A value could not be converted: `--to abc` where an integer is expected.
    case invalidValue(String, for: String, expected: String)
    /// The first word names no subcommand.
    case unknownSubcommand(String, suggestion: String?)
    /// A command that only groups subcommands was called without one.
    case missingSubcommand(available: [String])

    /// The sentence shown to the user; ``CommandLineError`` puts the tool name and `error:` before it.
    package var description: String {
        switch self {
        case .missingValue(let option):
            return "Missing value for '\(option)'."
        case .unexpectedValue(let option, let value):
            return "The flag '\(option)' does not take a value, but was given '\(value)'."
        case .unknownOption(let option, let suggestion):
            return "Unknown option '\(option)'." + Self.didYouMean(suggestion)
        case .duplicateOption(let option):
            return "The option '\(option)' was given more than once."
        case .missingArgument(let argument):
            return "Missing expected argument '\(argument)'."
        case .unexpectedArgument(let argument):
            return "Unexpected argument '\(argument)'."
        case .invalidValue(let value, let option, let expected):
            return "The value '\(value)' is invalid for '\(option)'; expected \(expected)."
        case .unknownSubcommand(let name, let suggestion):
            return "Unknown subcommand '\(name)'." + Self.didYouMean(suggestion)
        case .missingSubcommand(let available):
            let names = available.map { "'\($0)'" }.joined(separator: ", ")
            return "Missing subcommand; expected one of \(names)."
        }
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " Did you mean '\($0)'?" } ?? ""
    }
}
