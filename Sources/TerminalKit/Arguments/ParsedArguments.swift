/// The values found on a command line for one command, with typed accessors.
///
/// Values are looked up by an argument's name or an option's long name (its short name when it has no
/// long one). Value options without a value on the command line fall back to their declared default.
///
/// ```swift
/// guard case .command(let arguments) = try parser.parse(["replay", "run.jsonl", "--to", "12"]) else { return }
/// let file = arguments.string("file")          // "run.jsonl"
/// let last = try arguments.int("to")           // 12
/// let verify = arguments.flag("verify")        // false
/// ```
package struct ParsedArguments: Sendable, Equatable {
    /// The command names from the root, `["statedbg", "replay"]`.
    package var commandPath: [String]
    /// The declaration of the command that was selected.
    package var command: CommandSpec
    /// Every value given, in order, by argument name or option key; flags record one empty string per use.
    package var values: [String: [String]]
    /// The usage synopsis of the command, for error reports.
    package var usage: String

    /// Creates a parse result; normally ``CommandLineParser`` makes these.
    package init(commandPath: [String], command: CommandSpec, values: [String: [String]], usage: String) {
        self.commandPath = commandPath
        self.command = command
        self.values = values
        self.usage = usage
    }

    /// The last value of `name`, its default, or `nil`.
    package func string(_ name: String) -> String? {
        values[name]?.last ?? option(name)?.defaultValue
    }

    /// Every value of `name` in command-line order (a variadic argument, a repeatable option),
    /// or the default as a single value.
    package func strings(_ name: String) -> [String] {
        if let given = values[name], !given.isEmpty { return given }
        return option(name)?.defaultValue.map { [$0] } ?? []
    }

    /// The value of `name` as an integer, or `nil` when absent.
    ///
    /// - Throws: ``CommandLineError`` with ``UsageError/invalidValue(_:for:expected:)`` for `--to abc`.
    package func int(_ name: String) throws(CommandLineError) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else {
            let label = option(name)?.synopsis ?? "<\(name)>"
            throw CommandLineError(
                .invalidValue(text, for: label, expected: "an integer"), commandPath: commandPath, usage: usage)
        }
        return value
    }

    /// Whether the flag `name` was given.
    package func flag(_ name: String) -> Bool {
        count(name) > 0
    }

    /// How many times `name` was given; a repeatable flag given as `-vvv` counts three.
    package func count(_ name: String) -> Int {
        values[name]?.count ?? 0
    }

    private func option(_ key: String) -> OptionSpec? {
        command.options.first { $0.key == key }
    }
}
