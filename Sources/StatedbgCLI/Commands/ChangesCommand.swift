import StateDebugger
import TerminalKit

/// `statedbg changes FILE PATH`: the steps that changed the values a path selects.
enum ChangesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "changes",
        abstract: "List the steps that changed the values a path selects, with old and new values.",
        discussion: """
            Each change is printed as soon as it is found, and a summary line follows. A path with \
            wildcards ([*], ..) names each selected path that changed. Steps whose patch cannot touch \
            PATH are passed over without rebuilding their state, so this is fast on long recordings. \
            Ctrl-C stops the search; the changes found so far stay printed.
            """,
        arguments: [.file, ArgumentSpec("path", help: "A jq-like path such as .accounts.jenny or .users[*].age.")],
        exitStatuses: [.init(.success, "The list was printed (possibly empty).")] + CommandSpec.StatusNote.reading + [.interrupted])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let source = try context.open(arguments.string("file") ?? "")
        let path = try context.path(arguments.string("path") ?? "")
        let output = context.output
        let namesPaths = !path.selectsAtMostOneValue
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try RecordingQuery(source: source).changes(of: path, isCancelled: context.isCancelled) { change in
                // A long search shows what it has found as it goes, in the lines of the finished report.
                output.print(change.rendered(namingPaths: namesPaths))
                output.flush()
            }
        }
        if report.cancelled { throw CommandFailure(.interrupted, report.summary) }
        output.print(report.summary)
        return .success
    }
}
