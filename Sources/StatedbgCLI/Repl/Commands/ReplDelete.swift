import TerminalKit

/// `delete [N…]`: remove breakpoints and watchpoints by number, or all of them.
enum ReplDelete: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "delete", abstract: "Delete breakpoints and watchpoints by number (all without a number).",
                    arguments: [ArgumentSpec("number", help: "A number info breakpoints shows.", isOptional: true, isVariadic: true)]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        var numbers = try ReplEnable.numbers(input, repl)
        if numbers.isEmpty { numbers = repl.breakpoints.all.map(\.number) }
        guard !numbers.isEmpty else { return "No breakpoints or watchpoints." }
        return numbers.compactMap { repl.breakpoints.remove($0) }.map { "deleted \($0.label) (\($0.what))" }.joined(separator: "\n")
    }
}
