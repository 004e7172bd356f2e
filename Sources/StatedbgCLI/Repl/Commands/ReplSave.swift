import StateDebugger
import TerminalKit

/// `save FILE [--force]`: write the current branch as a journal.
enum ReplSave: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "save", abstract: "Write the current branch as a new journal.",
                    arguments: [ArgumentSpec("file", help: "The journal to write.")],
                    options: [.flag("force", help: "Replace the file if it exists.")]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let path = input.string("file")
        let force = input.flag("force")
        let report = try CommandFailure.translating { () throws(DebuggerError) in try repl.session.save(to: path, force: force) }
        repl.noteSaved(repl.timeline.currentBranch)
        return report.description
    }
}
