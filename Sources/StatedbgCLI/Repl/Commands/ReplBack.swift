import TerminalKit

/// `back [COUNT]`: move back along each step's parent.
enum ReplBack: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "back",
                    abstract: "Move back n steps (1) along each step's parent: after a time travel in the recorded app, to where it went.",
                    arguments: [ArgumentSpec("count", help: "How many steps (default: 1).", isOptional: true)]),
        aliases: ["b"], isStepping: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        try repl.stepBack(try repl.count(input.optionalString("count")))
    }
}
