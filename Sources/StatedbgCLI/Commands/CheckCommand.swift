import StateDebugger
import StateJournal
import TerminalKit

/// `statedbg check FILE [--repair]`: reads every line, rebuilds every state and checks every hash.
enum CheckCommand: Subcommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check a journal: every line, patch and state hash.",
        discussion: """
            Prints each problem as 'FILE:LINE: …', then a summary. A journal whose writer stopped mid-line \
            has a torn last line; every other command ignores it, and --repair cuts it off after copying \
            the journal to FILE.bak (FILE.bak.1, … when that exists). Other damage cannot be repaired.
            """,
        arguments: [ArgumentSpec("file", help: "The journal.")],
        options: [.flag("repair", help: "Cut off a torn last line, keeping a backup of the original.")],
        exitStatuses: [
            .init(.success, "The journal is sound (after the repair, with --repair)."),
            .init(.checkFailed, "The journal has problems."),
        ] + CommandSpec.StatusNote.reading + [.interrupted])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let path = arguments.string("file") ?? ""
        let output = context.output
        // A journal is checked however damaged it is; anything else is opened to say what it is instead:
        // missing (66), not a recording at all (65), or an export.
        guard try CommandFailure.translating({ () throws(DebuggerError) in try RecordingLoader.isJournal(path: path) }) else {
            _ = try CommandFailure.translating { () throws(DebuggerError) in try RecordingLoader.open(path: path) }
            throw CommandFailure(.usage, "\(path): check reads statedbg journals, and this is a Redux DevTools export, which has no lines or hashes to check.")
        }
        // A header that cannot be read (another format, a newer version) is bad data, as for every
        // reader; only the lines after it are listed as problems.
        var options = JournalReader.Options()
        options.lineProblemLimit = 1
        _ = try CommandFailure.translating { () throws(DebuggerError) in try JournalSource(path: path, options: options) }
        if arguments.flag("repair") {
            let repair = try CommandFailure.translating { () throws(DebuggerError) in try JournalCheck.repair(path: path) }
            if repair.backupPath != nil { output.print(repair.description) }
        }
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try JournalCheck.check(path: path, isCancelled: context.isCancelled)
        }
        if report.cancelled { throw CommandFailure(.interrupted, "Interrupted: the check stopped before the end.") }
        output.print(report.description)
        return report.passed ? .success : .checkFailed
    }
}
