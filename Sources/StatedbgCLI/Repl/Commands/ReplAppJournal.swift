import TerminalKit

/// `app journal -o FILE [--force]`: copies the attached app's journal here (see ``JournalCopy``);
/// offered only by `statedbg attach` and `statedbg listen`.
enum ReplAppJournal: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(
            name: "app journal",
            abstract: "Copy the app's journal here through the channel, every file of it, and check the copy.",
            discussion: """
                The app's journal files (the first, then each one it rolled over to) are copied in chunks, \
                whole lines only, to FILE and, for a journal of several files, to FILE's numbered names \
                beside it (copy.jsonl, copy.2.jsonl, …), as the app named them; then each copy is checked as \
                'statedbg check' checks it. A file there already is replaced only with --force, and never \
                one the app or this session reads from.
                """,
            options: [
                .value("output", short: "o", valueName: "file", help: "Where the copy goes (the first file of the journal)."),
                .flag("force", help: "Replace files that exist."),
            ]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        guard let output = input.optionalString("output"), !output.isEmpty else {
            throw CommandFailure(.usage, "app journal needs -o FILE: where the copy goes, e.g. app journal -o users-copy.jsonl.")
        }
        let copy = JournalCopy(app: try repl.attachedApp(), output: output, force: input.flag("force"),
                               checkedWith: repl.session.app, isCancelled: repl.isCancelled)
        return try copy.run()
    }
}
