/// The declaration of a command: its name, help text, arguments, options and subcommands.
///
/// ``CommandLineParser`` reads arguments against it and ``HelpRenderer`` prints its help, so the two
/// cannot disagree.
///
/// ```swift
/// let replay = CommandSpec(
///     name: "replay",
///     abstract: "Replay a recording, printing each action and the state diff it caused.",
///     arguments: [ArgumentSpec("file", help: "The recording to replay.")],
///     options: [
///         .flag("verify", help: "Check every recorded state against the replayed one."),
///         .value("to", valueName: "n", help: "Stop after step <n>."),
///     ],
///     exitStatuses: [.init(.success, "The replay finished."), .init(.checkFailed, "A state diverged.")]
/// )
/// let root = CommandSpec(name: "statedbg", abstract: "Time-travel debugger.", subcommands: [replay])
/// ```
package struct CommandSpec: Sendable, Equatable {
    /// One line of the `EXIT STATUS:` help block.
    package struct StatusNote: Sendable, Equatable {
        /// The status.
        package var status: ExitStatus
        /// When the command exits with it.
        package var meaning: String

        /// Creates a note saying what `status` means for this command.
        package init(_ status: ExitStatus, _ meaning: String) {
            self.status = status
            self.meaning = meaning
        }
    }

    /// The word that selects the command, `replay`; for the root, the tool name.
    package var name: String
    /// One sentence shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS:` list.
    package var abstract: String
    /// Further paragraphs shown under the abstract.
    package var discussion: String
    /// Positional arguments in order.
    package var arguments: [ArgumentSpec]
    /// Named options; `--help`/`-h` (and `--version` when ``version`` is set) are added automatically.
    package var options: [OptionSpec]
    /// Nested commands.
    package var subcommands: [CommandSpec]
    /// The subcommand that receives the arguments when the first one names no subcommand
    /// (`statedbg FILE` means `statedbg repl FILE`).
    package var defaultSubcommand: String?
    /// The version printed by `--version`; the option exists only when this is set.
    package var version: String?
    /// The `EXIT STATUS:` block.
    package var exitStatuses: [StatusNote]

    /// Creates a command declaration.
    package init(
        name: String, abstract: String = "", discussion: String = "",
        arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], subcommands: [CommandSpec] = [],
        defaultSubcommand: String? = nil, version: String? = nil, exitStatuses: [StatusNote] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.version = version
        self.exitStatuses = exitStatuses
    }

    /// The subcommand called `name`, if any.
    package func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    static let helpOption = OptionSpec.flag("help", short: "h", help: "Show help information.")
    static let versionOption = OptionSpec.flag("version", help: "Show the version.")

    /// The declared options plus the built-in ones, in help order.
    var allOptions: [OptionSpec] {
        options + (version == nil ? [] : [Self.versionOption]) + [Self.helpOption]
    }

    /// The options help shows: ``allOptions`` without the hidden ones.
    package var visibleOptions: [OptionSpec] {
        allOptions.filter { !$0.isHidden }
    }
}
