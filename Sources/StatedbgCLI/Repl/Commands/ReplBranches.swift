import TerminalKit

/// `branches`: the session's branches and the recorded app's time travels.
enum ReplBranches: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "branches", abstract: "List the branches (* marks the current one) and where the recorded app travelled in time."))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let timeline = repl.timeline
        var lines: [String] = []
        for branch in timeline.branches {
            lines.append((branch.name == timeline.position.branch ? "* " : "  ") + branch.description)
            guard branch.parent == nil else { continue }
            // A time travel in the recorded app left a path behind inside `main`; it is not a branch
            // of this session (checkout cannot reach it), but `back` follows it and so should the list.
            for (step, parent) in repl.travelledSteps() {
                let left = parent + 1 == step - 1 ? "step \(step - 1) is" : "steps \(parent + 1) to \(step - 1) are"
                lines.append("    step \(step) continues from step \(parent) after a time travel; \(left) the path the app left")
            }
        }
        return lines.joined(separator: "\n")
    }
}
