import StateDebugger

/// `statedbg changes FILE PATH`: the steps that changed the values a path selects.
enum ChangesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "changes",
        abstract: "List the steps that changed the values a path selects, with old and new values.",
        discussion: """
            Steps whose patch cannot touch PATH are passed over without rebuilding their state, so this is \
            fast on long recordings.
            """,
        arguments: [.file, ArgumentSpec("path", help: "A JSONPath such as .accounts.jenny or .users[*].age.")],
        exitStatuses: [.init(.success, "The list was printed (possibly empty).")] + CommandSpec.StatusNote.reading + [.interrupted])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let source = try context.open(arguments.string("file") ?? "")
        let path = try context.path(arguments.string("path") ?? "")
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try RecordingQuery(source: source).changes(of: path, isCancelled: context.isCancelled)
        }
        if report.cancelled { throw CommandFailure(.interrupted, "Interrupted: \(report.description)") }
        context.output.print(report.description)
        return .success
    }
}
