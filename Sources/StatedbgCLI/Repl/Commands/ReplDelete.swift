import TerminalKit

/// `delete [N…]`: remove breakpoints and watchpoints by number, or all of them.
enum ReplDelete: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "delete", abstract: "Delete breakpoints and watchpoints by number (all without a number).",
                    arguments: [ArgumentSpec("number", help: "A number info breakpoints shows.", isOptional: true, isVariadic: true)]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let numbers = try ReplEnable.numbers(input, repl)
        guard !numbers.isEmpty else {
            let count = repl.breakpoints.all.count
            repl.breakpoints.removeAll { _ in true }
            return "deleted \(count) breakpoint\(count == 1 ? "" : "s") and watchpoint\(count == 1 ? "" : "s")"
        }
        return numbers.compactMap { repl.breakpoints.remove($0) }.map { "deleted \($0.label) (\($0.what))" }.joined(separator: "\n")
    }
}
