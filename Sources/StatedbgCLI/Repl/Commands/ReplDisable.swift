import TerminalKit

/// `disable [N…]`: keep breakpoints but stop stopping at them.
enum ReplDisable: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "disable", abstract: "Disable breakpoints and watchpoints by number (all without a number).",
                    arguments: [ArgumentSpec("number", help: "A number info breakpoints shows.", isOptional: true, isVariadic: true)]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        try ReplEnable.set(input, repl, enabled: false)
    }
}
