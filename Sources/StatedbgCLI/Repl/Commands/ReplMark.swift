import TerminalKit

/// `mark NAME`: name the cursor's position.
enum ReplMark: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "mark", abstract: "Name the current position, for jump NAME.",
                    arguments: [ArgumentSpec("name", help: "Any word but a number, +n, -n, end or end-n.")]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let name = input.string("name")
        guard Int(name) == nil, !name.hasPrefix("+"), !name.hasPrefix("-"), !name.hasPrefix("@"), name != "end", !name.hasPrefix("end-") else {
            throw CommandFailure(.usage, "A mark's name cannot be a number, +n, -n, @NAME, end or end-n, since jump NAME would read it otherwise.")
        }
        repl.setMark(name, at: repl.timeline.position)
        return "marked \(repl.timeline.position) as \(name)"
    }
}
