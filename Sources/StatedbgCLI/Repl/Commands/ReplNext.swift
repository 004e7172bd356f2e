import TerminalKit

/// `next [COUNT]`: move forward.
enum ReplNext: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "next", abstract: "Move forward n steps (1).",
                    arguments: [ArgumentSpec("count", help: "How many steps (default: 1).", isOptional: true)]),
        aliases: ["n"], isStepping: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        try repl.step(by: try repl.count(input.optionalString("count")), forward: true)
    }
}
