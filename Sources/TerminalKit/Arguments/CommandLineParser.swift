/// Reads a command line against a ``CommandSpec`` tree.
///
/// Supports `--opt value`, `--opt=value`, `-o value`, `-ovalue`, combined short flags (`-qv`), `--` to end
/// options, and negative numbers as values (`--to -1`, a positional `-1`). `--help`/`-h` anywhere before
/// `--`, and `help SUBCOMMAND` at the root, ask for help instead of running. When a command has a default
/// subcommand, a first word that names no subcommand goes to it (`statedbg run.jsonl`), unless it is a
/// near miss of a subcommand name without `.` or `/` in it, which is reported as a typo.
///
/// ```swift
/// let parser = CommandLineParser(root: root)
/// switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
/// case .command(let arguments): try run(arguments)
/// case .help(let path): output.print(HelpRenderer().render(commandPath: path))
/// case .version(let version): output.print(version)
/// }
/// ```
package struct CommandLineParser: Sendable {
    /// What the command line asks for.
    package enum Outcome: Sendable, Equatable {
        /// Run a command with these values.
        case command(ParsedArguments)
        /// Show help for the last command of this path (the root first).
        case help([CommandSpec])
        /// Print this version string.
        case version(String)
    }

    /// The root command; its name is the tool name.
    package var root: CommandSpec

    /// Creates a parser for the command tree under `root`.
    package init(root: CommandSpec) {
        self.root = root
    }

    /// Parses the arguments that follow the tool name.
    ///
    /// - Throws: ``CommandLineError`` naming the command the mistake was made in.
    package func parse(_ arguments: [String]) throws(CommandLineError) -> Outcome {
        var path = [root]
        var remaining = arguments[...]
        while let command = path.last, !command.subcommands.isEmpty {
            let names = command.subcommands.map(\.name)
            guard let first = remaining.first else {
                // Nothing after the tool name runs the default subcommand, as documented, which then
                // says what it is missing.
                if let fallback = command.defaultSubcommand.flatMap(command.subcommand(named:)) {
                    path.append(fallback)
                    break
                }
                throw error(.missingSubcommand(available: names), path)
            }
            if let subcommand = command.subcommand(named: first) {
                path.append(subcommand)
                remaining = remaining.dropFirst()
            } else if first == "help" {
                return try helpPath(for: remaining.dropFirst(), from: path)
            } else if first == "--help" || first == "-h" {
                return .help(path)
            } else if first == "--version", let version = command.version {
                return .version(version)
            } else if command.defaultSubcommand != nil, !first.contains(where: { $0 == "." || $0 == "/" }),
                let suggestion = Suggestion.closest(to: first, among: names)
            {
                // `statedbg rplay run.jsonl` is a typo, not a recording called `rplay`; a real file name
                // can always be written `./rplay`.
                throw error(.unknownSubcommand(first, suggestion: suggestion), path)
            } else if let fallback = command.defaultSubcommand.flatMap(command.subcommand(named:)) {
                path.append(fallback)
            } else if first.hasPrefix("-"), first != "-" {
                let longNames = command.visibleOptions.compactMap(\.long).map { "--\($0)" }
                throw error(.unknownOption(first, suggestion: Suggestion.closest(to: first, among: longNames)), path)
            } else {
                throw error(.unknownSubcommand(first, suggestion: Suggestion.closest(to: first, among: names)), path)
            }
        }
        return try parseCommand(Array(remaining), path: path)
    }

    private func helpPath(for names: ArraySlice<String>, from start: [CommandSpec]) throws(CommandLineError) -> Outcome {
        var path = start
        for name in names {
            guard let command = path.last, let subcommand = command.subcommand(named: name) else {
                let known = path.last?.subcommands.map(\.name) ?? []
                throw error(.unknownSubcommand(name, suggestion: Suggestion.closest(to: name, among: known)), path)
            }
            path.append(subcommand)
        }
        return .help(path)
    }

    private func parseCommand(_ tokens: [String], path: [CommandSpec]) throws(CommandLineError) -> Outcome {
        guard let command = path.last else { return .help(path) }
        let options = command.allOptions
        // Help wins over every other mistake on the line, so `--help` always works.
        for token in tokens {
            if token == "--" { break }
            if token == "--help" || token == "-h" { return .help(path) }
            if token == "--version", let version = command.version { return .version(version) }
        }

        var values: [String: [String]] = [:]
        var positionals: [String] = []
        var index = 0

        func record(_ option: OptionSpec, _ value: String) throws(CommandLineError) {
            if !option.isRepeatable, values[option.key] != nil {
                throw error(.duplicateOption(option.synopsis), path)
            }
            values[option.key, default: []].append(value)
        }

        func nextValue(for option: OptionSpec) throws(CommandLineError) -> String {
            let next = index + 1
            guard next < tokens.count, !Self.isOptionLike(tokens[next]) else {
                throw error(.missingValue(option: option.synopsis), path)
            }
            index = next
            return tokens[next]
        }

        while index < tokens.count {
            let token = tokens[index]
            if token == "--" {
                positionals.append(contentsOf: tokens[(index + 1)...])
                break
            }
            if token.hasPrefix("--") {
                let body = token.dropFirst(2)
                let name = body.prefix { $0 != "=" }
                let attached = name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
                guard let option = options.first(where: { $0.long == String(name) }) else {
                    let longNames = options.filter { !$0.isHidden }.compactMap(\.long).map { "--\($0)" }
                    let spelled = "--\(name)"
                    throw error(.unknownOption(spelled, suggestion: Suggestion.closest(to: spelled, among: longNames)), path)
                }
                if option.takesValue {
                    if let attached {
                        try record(option, attached)
                    } else {
                        try record(option, try nextValue(for: option))
                    }
                } else if let attached {
                    throw error(.unexpectedValue(option: option.preferredName, value: attached), path)
                } else {
                    try record(option, "")
                }
            } else if Self.isOptionLike(token) {
                let letters = Array(token.dropFirst())
                var position = 0
                while position < letters.count {
                    let letter = letters[position]
                    guard let option = options.first(where: { $0.short == letter }) else {
                        // `-verify` is a common slip for `--verify`.
                        let asLong = "-" + token
                        let suggestion = options.contains { $0.long == String(token.dropFirst()) } ? asLong : nil
                        let spelled = letters.count == 1 || suggestion != nil ? token : "-\(letter)"
                        throw error(.unknownOption(spelled, suggestion: suggestion), path)
                    }
                    if option.takesValue {
                        let rest = String(letters[(position + 1)...])
                        if rest.isEmpty {
                            try record(option, try nextValue(for: option))
                        } else {
                            try record(option, rest)
                        }
                        break
                    }
                    try record(option, "")
                    position += 1
                }
            } else {
                positionals.append(token)
            }
            index += 1
        }

        var unassigned = positionals[...]
        for argument in command.arguments {
            if argument.isVariadic {
                if !unassigned.isEmpty { values[argument.name] = Array(unassigned) }
                unassigned = []
            } else if let value = unassigned.popFirst() {
                values[argument.name] = [value]
            }
            if values[argument.name] == nil, !argument.isOptional {
                throw error(.missingArgument(argument.label), path)
            }
        }
        if let extra = unassigned.first {
            throw error(.unexpectedArgument(extra), path)
        }
        if let missing = command.options.first(where: { $0.isRequired && values[$0.key] == nil }) {
            throw error(.missingArgument(missing.synopsis), path)
        }
        return .command(
            ParsedArguments(
                commandPath: path.map(\.name), command: command, values: values,
                usage: HelpRenderer.usage(commandPath: path)))
    }

    private func error(_ usageError: UsageError, _ path: [CommandSpec]) -> CommandLineError {
        CommandLineError(usageError, commandPath: path.map(\.name), usage: HelpRenderer.usage(commandPath: path))
    }

    /// Whether a token is an option rather than a value; `-` alone (stdin) and negative numbers are values.
    static func isOptionLike(_ token: String) -> Bool {
        guard token.hasPrefix("-"), let second = token.dropFirst().first else { return false }
        let isNegativeNumber = (second.isASCII && second.isNumber || second == ".") && Double(token) != nil
        return !isNegativeNumber
    }
}
