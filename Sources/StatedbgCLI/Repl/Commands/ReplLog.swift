import TerminalKit

/// `log [A B]`: the actions around the cursor or in a range.
enum ReplLog: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "log", abstract: "List actions around the cursor, or from A to B.",
                    arguments: [
                        ArgumentSpec("a", help: "The first step of the range.", isOptional: true),
                        ArgumentSpec("b", help: "The last step of the range.", isOptional: true),
                    ]),
        aliases: ["l"])

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let timeline = repl.timeline
        let range: ClosedRange<Int>
        switch (input.optionalString("a"), input.optionalString("b")) {
        case (let a?, let b?):
            let from = try repl.stepNumber(a)
            let to = try repl.stepNumber(b)
            range = min(from, to)...max(from, to)
        case (.some, nil):
            throw CommandFailure(.usage, "log takes no step or two (log A B).")
        default:
            range = max(timeline.firstStep, timeline.step - 10)...min(timeline.lastStep, timeline.step + 10)
        }
        return try repl.summaries(range, includingInitialState: true) { _ in true }
    }
}
