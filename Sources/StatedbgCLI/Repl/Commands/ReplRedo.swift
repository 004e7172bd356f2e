import TerminalKit

/// `redo [COUNT]`: repeat moves that undo took back.
enum ReplRedo: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "redo", abstract: "Repeat n moves that undo took back.",
                    arguments: [ArgumentSpec("count", help: "How many moves (default: 1).", isOptional: true)]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        try ReplUndo.travel(input, repl, undo: false)
    }
}
