import TerminalKit

/// What a REPL line gave a command: the values parsed against its specification, and the text after
/// the command word as typed.
struct ReplInput {
    /// The values, by argument name and option key. For a command whose argument is free text (a
    /// predicate, JSON), that argument holds the text verbatim.
    var arguments: ParsedArguments
    /// The line after the command word, trimmed.
    var text: String

    /// The value of `name`, or the empty string.
    func string(_ name: String) -> String {
        arguments.string(name) ?? ""
    }

    /// The value of `name`, if given.
    func optionalString(_ name: String) -> String? {
        arguments.string(name)
    }

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool {
        arguments.flag(name)
    }
}
