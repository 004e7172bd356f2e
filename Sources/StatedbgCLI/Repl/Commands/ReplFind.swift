import StateDebugger
import TerminalKit

/// `find PATTERN`: the steps whose action matches.
enum ReplFind: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "find", abstract: "List steps whose action type matches a glob (bank.*) or whose label contains text.",
                    arguments: [ArgumentSpec("pattern", help: "A type glob with * and ?, or text of the label.")]),
        takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let pattern = ActionPattern(input.text)
        let timeline = repl.timeline
        let text = try repl.summaries(timeline.firstStep...timeline.lastStep, includingInitialState: false) { pattern.matches($0) }
        return text.isEmpty ? "no step matches '\(input.text)'" : text
    }
}
