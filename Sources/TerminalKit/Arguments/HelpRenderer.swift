/// Renders `--help` text in swift-argument-parser's layout.
///
/// Sections come in the order `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:`, `EXIT STATUS:`,
/// `SUBCOMMANDS:`. Labels are indented two spaces and descriptions start at column 26; a label too long
/// for that puts its description on the next line. Text wraps at ``width`` with continuation lines
/// aligned under the description.
///
/// ```swift
/// let replay = CommandSpec(
///     name: "replay", abstract: "Replay a recording.",
///     arguments: [ArgumentSpec("file", help: "The recording to replay.")],
///     options: [.value("to", valueName: "n", help: "Stop after step <n>.")])
/// let root = CommandSpec(name: "statedbg", subcommands: [replay])
/// print(HelpRenderer().render(commandPath: [root, replay]), terminator: "")
/// ```
/// ```text
/// OVERVIEW: Replay a recording.
///
/// USAGE: statedbg replay <file> [--to <n>]
///
/// ARGUMENTS:
///   <file>                  The recording to replay.
///
/// OPTIONS:
///   --to <n>                Stop after step <n>.
///   -h, --help              Show help information.
/// ```
package struct HelpRenderer: Sendable {
    /// The column descriptions start at, counted from zero.
    static let descriptionColumn = 26
    /// The indentation of labels.
    static let labelIndent = 2

    /// The column text wraps at.
    package var width: Int

    /// Creates a renderer wrapping at `width` columns (80 unless told otherwise).
    package init(width: Int = 80) {
        self.width = max(width, Self.descriptionColumn + 20)
    }

    /// The full help for the last command of `commandPath` (root first), ending in a newline.
    package func render(commandPath: [CommandSpec]) -> String {
        guard let command = commandPath.last else { return "" }
        var blocks: [String] = []

        var overview = command.abstract
        if !command.discussion.isEmpty {
            overview += overview.isEmpty ? command.discussion : "\n\n\(command.discussion)"
        }
        if !overview.isEmpty {
            blocks.append(TextWrapper.wrap("OVERVIEW: \(overview)", width: width, indent: 0) + "\n")
        }
        blocks.append("USAGE: \(Self.usage(commandPath: commandPath))\n")

        blocks.append(
            section("ARGUMENTS", command.arguments.map { ($0.label, $0.help) }))
        blocks.append(
            section("OPTIONS", command.visibleOptions.map { ($0.helpLabel, Self.optionDescription($0)) }))
        blocks.append(
            section("EXIT STATUS", command.exitStatuses.map { ($0.status.description, $0.meaning) }))
        var subcommands = section(
            "SUBCOMMANDS",
            command.subcommands.map { sub in
                (sub.name + (sub.name == command.defaultSubcommand ? " (default)" : ""), sub.abstract)
            })
        if !subcommands.isEmpty {
            let helpCommand = ([commandPath[0].name, "help"] + commandPath.dropFirst().map(\.name))
                .joined(separator: " ")
            subcommands += "\n  See '\(helpCommand) <subcommand>' for detailed help.\n"
        }
        blocks.append(subcommands)
        return blocks.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The one-line synopsis of the last command of `commandPath`: `statedbg replay <file> [--verify]`.
    ///
    /// Positional arguments come first, then options; `--help` and `--version` are left out.
    /// Commands with many options show `[<options>]` instead of listing the optional ones. Required
    /// options have no brackets, as in swift-argument-parser.
    package static func usage(commandPath: [CommandSpec]) -> String {
        guard let command = commandPath.last else { return "" }
        let toolName = commandPath.map(\.name).joined(separator: " ")
        var elements = command.arguments.map(\.synopsis)
        let options = command.options.filter { !$0.isHidden }
        if command.arguments.count + options.count > 12 {
            elements.insert("[<options>]", at: 0)
            elements += options.filter(\.isRequired).map(\.usageSynopsis)
        } else {
            elements += options.map(\.usageSynopsis)
        }
        if !command.subcommands.isEmpty {
            elements.append("<subcommand>")
        }
        return ([toolName] + elements).joined(separator: " ")
    }

    private static func optionDescription(_ option: OptionSpec) -> String {
        guard let defaultValue = option.defaultValue else { return option.help }
        return [option.help, "(default: \(defaultValue))"].filter { !$0.isEmpty }.joined(separator: " ")
    }

    private func section(_ title: String, _ rows: [(label: String, description: String)]) -> String {
        guard !rows.isEmpty else { return "" }
        var text = "\(title):\n"
        let indent = String(repeating: " ", count: Self.labelIndent)
        for row in rows {
            let label = indent + row.label
            text += label
            guard !row.description.isEmpty else {
                text += "\n"
                continue
            }
            let wrapped = TextWrapper.wrap(row.description, width: width, indent: Self.descriptionColumn)
            if label.count < Self.descriptionColumn {
                text += wrapped.dropFirst(label.count) + "\n"
            } else {
                text += "\n" + wrapped + "\n"
            }
        }
        return text
    }
}
