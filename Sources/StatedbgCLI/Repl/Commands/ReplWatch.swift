import TerminalKit

/// `watch [PATH]`: a watchpoint, whose value prints after each move that changes it and where
/// `continue` and `reverse-continue` stop.
enum ReplWatch: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(
            name: "watch",
            abstract: "Print PATH's value after each move that changes it, and stop continue and reverse-continue where it changes (watch alone prints every watched value).",
            arguments: [ArgumentSpec("path", help: ShowCommand.spec.option("path").help, isOptional: true)]),
        completes: .path, takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let state = try repl.currentState()
        guard !input.text.isEmpty else {
            guard !repl.watches.isEmpty else { return "nothing is watched; watch PATH adds a path" }
            var lines: [String] = []
            for text in repl.watches { lines += try repl.watchedValues(text, in: state).map { "watch " + $0 } }
            return lines.joined(separator: "\n")
        }
        let path = try repl.parsePath(input.text)
        let text = path.description
        if let existing = repl.breakpoints.watch(on: text) {
            return "\(text) is already watchpoint \(existing.number)"
        }
        try repl.requireSelectsSomething(path)
        let number = repl.breakpoints.add(.watch(path, text: text))
        let current = try repl.watchedValues(text, in: state)
        repl.breakpoints.shown[text] = current
        return current.map { "watching " + $0 }.joined(separator: "\n") + " (watchpoint \(number))"
    }
}
