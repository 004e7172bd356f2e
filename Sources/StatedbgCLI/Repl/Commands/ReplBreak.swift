import StateDebugger
import TerminalKit

/// `break when PREDICATE` and `break action TYPE`: where `continue` and `reverse-continue` stop.
enum ReplBreak: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(
            name: "break",
            abstract: "Stop continue and reverse-continue where a predicate becomes true or an action of a type runs.",
            discussion: """
                'break when PREDICATE' stops at each step where PREDICATE holds and did not hold at the step \
                before it (its parent), e.g. break when .balance < 0. 'break action TYPE' stops at each step \
                whose action type is TYPE, or matches it as a glob with * and ?, e.g. break action bank.*. \
                info breakpoints lists them; delete, disable and enable take their numbers.
                """,
            arguments: [ArgumentSpec("condition", help: "when PREDICATE, or action TYPE.")]),
        aliases: ["br"], completes: .breakCondition, takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let text = input.text
        let kind = text.prefix { $0 != " " && $0 != "\t" }
        let rest = String(text.dropFirst(kind.count).drop { $0 == " " || $0 == "\t" })
        switch kind {
        case "when":
            guard !rest.isEmpty else { throw repl.usageError(.missingArgument("PREDICATE after 'when'"), info) }
            let predicate = try repl.parsePredicate(rest)
            try repl.requirePathsSelectSomething(of: predicate)
            let number = repl.breakpoints.add(.predicate(predicate, text: rest))
            let state = try repl.currentState()
            let now = predicate.evaluate(state: state, action: nil, step: repl.timeline.step)
                ? " (it holds at the cursor already; continue stops where it next becomes true)" : ""
            return "breakpoint \(number): when \(rest)\(now)"
        case "action":
            guard !rest.isEmpty, !rest.contains(" ") else {
                throw repl.usageError(rest.isEmpty ? .missingArgument("TYPE after 'action'") : .unexpectedArgument(rest), info)
            }
            let pattern = ActionPattern(rest)
            let number = repl.breakpoints.add(.action(pattern))
            return "breakpoint \(number): action \(rest)" + (try unknownTypeNote(pattern, repl))
        default:
            throw CommandFailure(.usage, "break takes 'when PREDICATE' or 'action TYPE', not '\(kind)'; e.g. break when .balance < 0.")
        }
    }

    /// A note when no action type of the recording matches (a live app may still dispatch one): the
    /// types the recording's schema declares, or else those its steps have.
    private static func unknownTypeNote(_ pattern: ActionPattern, _ repl: ReplInterpreter) throws(CommandFailure) -> String {
        var types: Set<String> = []
        if case .object(let declared)? = repl.session.source.info.schema["actions"], !declared.keys.isEmpty {
            types = Set(declared.keys)
        } else {
            let timeline = repl.timeline
            guard timeline.lastStep > timeline.firstStep else { return "" }
            for step in (timeline.firstStep + 1)...timeline.lastStep {
                if step & 1023 == 0, repl.isCancelled() { return "" }
                types.insert(try CommandFailure.translating { () throws(DebuggerError) in try timeline.action(at: step).type })
            }
        }
        guard !types.contains(where: pattern.matchesType) else { return "" }
        return "\nnote: no action type of the recording matches yet; the types are \(types.sorted().joined(separator: ", "))"
    }
}
