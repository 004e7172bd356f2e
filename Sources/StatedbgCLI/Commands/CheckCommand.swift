import Foundation
import StateDebugger
import StateJSON
import StateJournal
import TerminalKit

/// `statedbg check FILE... [--repair] [--json]`: reads every line, rebuilds every state and checks every
/// hash, of one journal or of several at once (``RecordingBatch``).
enum CheckCommand: Subcommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check a journal: every line, patch and state hash.",
        discussion: """
            Prints each problem as 'FILE:LINE: …', then a summary. A journal whose writer stopped mid-line \
            has a torn last line; every other command ignores it, and --repair cuts it off after copying \
            the journal to FILE.bak (FILE.bak.1, … when that exists). Other damage cannot be repaired.

            A journal of version 2 or later ends every line with a checksum of its bytes, so any change to a line is \
            found; a version 1 journal has none, and only its states are checked against their hashes. The \
            first 20 problems are listed and all of them counted.

            With --json the result is one line: {"file":PATH,"passed":BOOL,"problemCount":N,"problems":\
            [{"line":N or null,"message":TEXT}…],"repair":null or {"backup":PATH,"bytes":N,"line":N},\
            "status":N,"steps":N,"version":N}.

            Several journals are each checked (and repaired, with --repair) on their own, --jobs at a time, \
            and their results printed in the order given, as for one; a journal that cannot be checked gets \
            'FILE: error: …' among the results, where alone it would end the command with that error, or \
            in JSON {"error":TEXT,"file":PATH,"passed":false,"status":N}. A last line \
            counts them, in JSON {"summary":{"errors":N,"failed":N,"passed":N,"recordings":N,"status":N}}. \
            The exit status is then 1 when any journal has problems; otherwise the highest status among \
            them (64, 65, 66 or 74), or 0 when every one is sound. For example:

            $ statedbg check Recordings/counter.jsonl Recordings/bank.jsonl nothing.jsonl
            Recordings/counter.jsonl: no problems in 30 steps.
            Recordings/bank.jsonl: no problems in 50 steps.
            nothing.jsonl: error: no such file.
            3 recordings: 2 passed, 0 failed, 1 error
            """,
        arguments: [ArgumentSpec("file", help: "The journal, or several.", isVariadic: true).completing(.files)],
        options: [
            .flag("repair", help: "Cut off a torn last line, keeping a backup of the original."),
            .flag("json", help: "Print JSON lines instead of text."),
            .jobs,
        ],
        exitStatuses: [
            .init(.success, "The journal is sound (after the repair, with --repair); with several, every one is."),
            .init(.checkFailed, "The journal has problems; with several, any one of them has."),
        ] + CommandSpec.StatusNote.reading + [.interrupted])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let paths = arguments.strings("file")
        let repair = arguments.flag("repair")
        let json = arguments.flag("json")
        guard paths.count > 1 else {
            let path = paths.first ?? ""
            let outcome = try check(path, repairing: repair, json: json, context)
            if json { context.output.print(RecordingBatch.line(file: path, status: outcome.status, outcome.members).canonicalText) }
            return outcome.status
        }
        if repair, let twice = Self.namedTwice(paths) {
            // Two workers repairing one file at once would each back it up and cut it.
            throw CommandFailure(.usage, "\(twice) is named more than once; --repair repairs each journal once, so name it once.")
        }
        let batch = RecordingBatch(paths: paths, jobs: try RecordingBatch.jobs(arguments, context), json: json, verb: "checked")
        return try batch.run(context) { path, fileContext throws(CommandFailure) in
            try check(path, repairing: repair, json: json, fileContext)
        }
    }

    /// Checks one journal, after repairing it when asked; the report is printed unless `json`, and
    /// returned as JSON members either way.
    private static func check(_ path: String, repairing: Bool, json: Bool,
                              _ context: CommandContext) throws(CommandFailure) -> RecordingBatch.Outcome {
        let output = context.output
        // A journal is checked however damaged it is; anything else is opened to say what it is instead:
        // missing (66), not a recording at all (65), or an export.
        guard try CommandFailure.translating({ () throws(DebuggerError) in try RecordingLoader.isJournal(path: path) }) else {
            _ = try CommandFailure.translating { () throws(DebuggerError) in try RecordingLoader.open(path: path) }
            throw CommandFailure(.usage, "\(path): check reads statedbg journals, and this is a Redux DevTools export, which has no lines or hashes to check.")
        }
        // A header that cannot be read (another format, a newer version) is bad data, as for every
        // reader; only the lines after it are listed as problems.
        // The one scan of the file, whose reader the check then uses.
        var source = try CommandFailure.translating { () throws(DebuggerError) in
            try JournalSource(path: path, options: JournalCheck.readerOptions())
        }
        var repaired: RepairReport?
        if repairing {
            let repair = try CommandFailure.translating { () throws(DebuggerError) in try JournalCheck.repair(path: path) }
            if repair.backupPath != nil {
                repaired = repair
                if !json { output.print(repair.description) }
                // The torn line is gone: check the file as it is now.
                source = try CommandFailure.translating { () throws(DebuggerError) in
                    try JournalSource(path: path, options: JournalCheck.readerOptions())
                }
            }
        }
        let report = JournalCheck.check(source.reader, app: context.registry.app(for: source.info.app), isCancelled: context.isCancelled)
        if report.cancelled { throw CommandFailure(.interrupted, "Interrupted: the check stopped before the end.") }
        if !json { output.print(report.description) }
        let problems: [JSONValue] = report.problems.map { problem in
            ["line": problem.line.map { .integer(Int64($0)) } ?? .null, "message": .string(problem.message)]
        }
        let repair: JSONValue = repaired.map { repair in
            ["backup": repair.backupPath.map(JSONValue.string) ?? .null,
             "line": repair.removedLine.map { .integer(Int64($0)) } ?? .null,
             "bytes": .integer(Int64(repair.removedBytes))]
        } ?? .null
        return .init(status: report.passed ? .success : .checkFailed,
                     members: [("problemCount", .integer(Int64(report.problemCount))), ("problems", .array(problems)),
                               ("repair", repair), ("steps", .integer(Int64(report.stepCount))),
                               ("version", report.version.map { .integer(Int64($0)) } ?? .null)])
    }

    /// The first file named more than once in `paths`, by where it really is; `nil` when there is none.
    private static func namedTwice(_ paths: [String]) -> String? {
        var seen: Set<String> = []
        for path in paths where !seen.insert(URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path).inserted {
            return path
        }
        return nil
    }
}
