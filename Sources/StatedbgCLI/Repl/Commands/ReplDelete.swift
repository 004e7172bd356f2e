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
        var lines: [String] = []
        for removed in numbers.compactMap({ repl.breakpoints.remove($0) }) {
            lines.append("deleted \(removed.label) (\(removed.what))")
            // A trap in the app goes with it; an app already gone has none left to remove.
            if removed.trapsApp, let app = repl.app, app.client.endReason == nil {
                lines.append(try app.send(.untrap(number: removed.number)).message)
            }
        }
        return lines.joined(separator: "\n")
    }
}
