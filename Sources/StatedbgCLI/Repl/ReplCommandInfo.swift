import TerminalKit

/// The declaration of a REPL command: a ``CommandSpec`` (the type `statedbg`'s subcommands are declared
/// with) plus what only the REPL needs — aliases, what the argument completes to, whether it takes free
/// text, whether Enter on an empty line repeats it.
///
/// Parsing, usage errors and `help` are all generated from ``spec``.
///
/// ```swift
/// ReplCommandInfo.named("n")?.name       // "next"
/// ReplCommandInfo.named("n")?.synopsis   // "next, n [<count>]"
/// ```
package struct ReplCommandInfo: Sendable, Equatable {
    /// The name, help text, arguments and options, as for a `statedbg` subcommand.
    package var spec: CommandSpec
    /// Shorter names for the same command; unique prefixes of ``name`` work too.
    package var aliases: [String]
    /// What the argument is, for completion.
    var completes: Completion
    /// Whether the last argument takes the rest of the line verbatim (a predicate, JSON), quotes and all.
    var takesText: Bool
    /// Whether Enter on an empty line runs the command again, as gdb repeats `next` and `continue`.
    var isStepping: Bool

    enum Completion: Sendable, Equatable {
        case nothing, path, predicate, branch, command, mark
        /// One of these words, as the first argument.
        case words([String])
        /// `when` or `action`, then a path or an action type of the recording's schema.
        case breakCondition
    }

    /// Declares a command.
    init(_ spec: CommandSpec, aliases: [String] = [], completes: Completion = .nothing, takesText: Bool = false,
         isStepping: Bool = false) {
        self.spec = spec
        self.aliases = aliases
        self.completes = completes
        self.takesText = takesText
        self.isStepping = isStepping
    }

    /// The full name.
    package var name: String { spec.name }

    /// One sentence: the spec's abstract.
    package var summary: String { spec.abstract }

    /// The name, its aliases and the usage: `next, n [<count>]`.
    package var synopsis: String {
        let usage = HelpRenderer.usage(commandPath: [spec]).dropFirst(name.count)
        return ([name] + aliases).joined(separator: ", ") + usage
    }

    /// The usage line, `jump <target>`.
    var usage: String { HelpRenderer.usage(commandPath: [spec]) }

    /// `help NAME`: the command's help in swift-argument-parser's layout, then its aliases.
    var help: String {
        var text = HelpRenderer().render(commandPath: [spec])
        if !aliases.isEmpty {
            text += "\nALIASES: \(aliases.joined(separator: ", "))\n"
        }
        return String(text.dropLast())
    }

    /// The built-in commands, in the order `help` lists them.
    package static var all: [ReplCommandInfo] { ReplInterpreter.builtInCommands.map { $0.info } }

    /// The built-in command with this name or alias (prefixes are resolved by the interpreter).
    package static func named(_ word: String) -> ReplCommandInfo? {
        all.first { $0.name == word || $0.aliases.contains(word) }
    }
}
