import Foundation
import StateDebugger
import StateLive
import TerminalKit

/// `break when PREDICATE` and `break action TYPE` (or `break on TYPE`): where `continue` and
/// `reverse-continue` stop; with `--trap`, attached to a running app, also where the app traps.
enum ReplBreak: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(
            name: "break",
            abstract: "Stop continue and reverse-continue where a predicate becomes true or an action of a type runs.",
            discussion: """
                'break when PREDICATE' stops at each step where PREDICATE holds and did not hold at the step \
                before it (its parent), e.g. break when .balance < 0. 'break action TYPE' stops at each step \
                whose action type is TYPE, or matches it as a glob with * and ?, e.g. break action bank.*. \
                'break on TYPE' is the same as 'break action TYPE'. info breakpoints lists them; delete, \
                disable and enable take their numbers.

                Attached to a running app (statedbg attach), --trap at the end also sets the breakpoint in the \
                app: when the app records a step that meets it, it raises SIGTRAP on its dispatching thread, \
                so a debugger attached to the app (Xcode, lldb -p PID, gdb -p PID) stops there with the \
                stack of the dispatch. The app tests the breakpoint as it records the step, after the \
                reducer ran, so the stop is just after the step that makes it true. With no debugger \
                attached the app does not trap (the signal would end it) and the session says the trap was \
                skipped. delete removes the trap from the app too; e.g. break when .count > 3 --trap.
                """,
            arguments: [ArgumentSpec("condition", help: "when PREDICATE, action TYPE or on TYPE, then --trap to trap the attached app.")]),
        aliases: ["br"], completes: .breakCondition, takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        var text = Substring(input.text)
        while text.last == " " || text.last == "\t" { text.removeLast() }
        let traps = text.hasSuffix(" --trap") || text.hasSuffix("\t--trap")
        if traps {
            text.removeLast("--trap".count)
            guard let app = repl.app, app.client.endReason == nil else {
                throw CommandFailure(.usage, "--trap sets the breakpoint in a running app: attach to one first (statedbg attach PID).")
            }
        }
        let reply = try set(String(text), in: repl)
        guard traps, let app = repl.app, let breakpoint = repl.breakpoints.all.last else { return reply }
        let trap: LiveTrap
        switch breakpoint.condition {
        case .predicate(_, let predicate): trap = LiveTrap(number: breakpoint.number, condition: .when(predicate))
        case .action(let pattern): trap = LiveTrap(number: breakpoint.number, condition: .action(pattern.text))
        case .watch: return reply
        }
        let answer: String
        do {
            answer = try app.setTrap(trap)
        } catch {
            // The breakpoint stands in the timeline here; only the app refused it.
            throw CommandFailure(error.status, reply + "\n" + error.message)
        }
        repl.breakpoints.markTrapping(breakpoint.number)
        return reply + "\n" + answer
    }

    private static func set(_ text: String, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let kind = text.prefix { $0 != " " && $0 != "\t" }
        let rest = String(text.dropFirst(kind.count).drop { $0 == " " || $0 == "\t" }).trimmingCharacters(in: .whitespaces)
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
        case "action", "on":
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
