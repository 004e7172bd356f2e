import StateDebugger
import TerminalKit

/// `minimize PREDICATE -o FILE [--force]`: `statedbg minimize` on this session's branch.
enum ReplMinimize: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "minimize", abstract: MinimizeCommand.spec.abstract,
                    arguments: [MinimizeCommand.spec.argument("predicate")],
                    options: [MinimizeCommand.spec.option("output"), MinimizeCommand.spec.option("force")]),
        completes: .predicate, takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        // The predicate is free text, so the options are taken from the words around it.
        var words = input.text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let force = words.contains("--force")
        words.removeAll { $0 == "--force" }
        guard let flag = words.firstIndex(where: { $0 == "-o" || $0 == "--output" }), flag + 1 < words.count else {
            throw repl.usageError(.missingValue(option: "--output <out>"), info)
        }
        let output = words[flag + 1]
        words.removeSubrange(flag...(flag + 1))
        let predicate = try repl.parsePredicate(words.joined(separator: " "))
        let app = try CommandFailure.translating { () throws(DebuggerError) in try repl.session.requireApp() }
        return try Minimization.run(source: repl.timeline.source(forBranch: nil), app: app, predicate: predicate, output: output,
                                    force: force, isCancelled: repl.isCancelled)
    }
}
