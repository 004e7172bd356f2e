import TerminalKit

/// `help [COMMAND]`: the command list, or one command's help, both from the commands' specifications.
enum ReplHelp: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "help", abstract: "List the commands, or describe one.",
                    arguments: [ArgumentSpec("command", help: "A command name, alias or unique prefix.", isOptional: true)]),
        aliases: ["h", "?"], completes: .command, takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        guard let name = input.optionalString("command") else { return list(repl.commands.map { $0.info }) }
        let group = repl.group(name)
        if !group.isEmpty { return list(group) }
        let command = try repl.resolve(name.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " "))
        return command.info.help
    }

    /// The command list in swift-argument-parser's `SUBCOMMANDS:` layout: names and aliases, then the
    /// abstract from column 26, wrapped at 80 columns.
    static func list(_ commands: [ReplCommandInfo]) -> String {
        var lines = ["COMMANDS:"]
        for command in commands {
            let label = "  " + ([command.name] + command.aliases).joined(separator: ", ")
            var words = command.summary.split(separator: " ").map(String.init)[...]
            var line = label.count < 26 ? label + String(repeating: " ", count: 26 - label.count) : label
            if label.count >= 26 {
                lines.append(line)
                line = String(repeating: " ", count: 26)
            }
            var started = false
            while let word = words.first {
                if started, line.count + 1 + word.count > 80 {
                    lines.append(line)
                    line = String(repeating: " ", count: 26)
                    started = false
                }
                line += (started ? " " : "") + word
                started = true
                words = words.dropFirst()
            }
            lines.append(line)
        }
        lines.append("")
        lines.append("  See 'help <command>' for detailed help. A unique prefix of a name runs its")
        lines.append("  command; Enter on an empty line repeats the last next, back, continue or")
        lines.append("  reverse-continue.")
        return lines.joined(separator: "\n")
    }
}
