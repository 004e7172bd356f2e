import StateDebugger
import StateJSON
import StateJournal
import StateQuery
import StateRecorder
import TerminalKit

/// The REPL's command language over a debugging ``Session``: one line in, text out, no terminal.
///
/// The terminal loop (``ReplLoop``) reads lines and prints replies; tests call ``execute(_:)`` directly.
/// A mistyped or failing command never ends the session; only `quit` does (see ``isFinished``).
///
/// ```swift
/// let interpreter = ReplInterpreter(session: Session(source: try RecordingLoader.open(path: "counter.jsonl")))
/// print(interpreter.execute("next 2").text)
/// print(interpreter.prompt)
/// ```
/// ```text
/// step 2  counter.add(2)
///     {
///   -   "count": 1,
///   +   "count": 3,
///       "notes": []
///     }
/// (statedbg 2/5)
/// ```
public final class ReplInterpreter {
    /// The session the commands act on.
    public let session: Session
    /// Whether diffs carry ANSI colours.
    public var colour: Bool
    /// Whether `quit` was given.
    public private(set) var isFinished = false
    /// The paths whose values are printed after a move that changed them, in the order they were added.
    public private(set) var watches: [String] = []
    /// The lines last shown for each watched path, to print only what changed.
    private var shownWatches: [String: [String]] = [:]
    /// Named positions, from `mark`.
    public private(set) var marks: [String: TimelinePosition] = [:]

    private let isCancelled: @Sendable () -> Bool
    private var timeline: Timeline { session.timeline }
    private var printer: StepPrinter { StepPrinter(colour: colour) }

    /// An interpreter over `session`.
    ///
    /// - Parameter isCancelled: Polled by long commands (replay, bisect, changes); `true` stops them.
    public init(session: Session, colour: Bool = false, isCancelled: @escaping @Sendable () -> Bool = { false }) {
        self.session = session
        self.colour = colour
        self.isCancelled = isCancelled
    }

    /// `(statedbg 12/340) ` on the recording's branch, `(statedbg branch-1 13/13) ` on another.
    public var prompt: String {
        let position = timeline.position
        let branch = position.branch == Timeline.mainBranch ? "" : position.branch + " "
        return "(statedbg \(branch)\(position.step)/\(timeline.lastStep)) "
    }

    /// One line describing the recording, printed when an interactive session starts.
    public var banner: String {
        let source = session.source
        let mode = session.isReducerMode ? "reducer mode: dispatch and replay --verify work"
            : "snapshot mode: no app \"\(source.info.app)\" is registered, so dispatch and replay --verify do not work"
        return "\(source.name): app \(source.info.app), steps \(source.baseStep) to \(source.lastStep); \(mode). Type 'help' for the commands."
    }

    /// Runs one line. Blank lines and lines starting with `#` do nothing.
    public func execute(_ line: String) -> ReplReply {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let first = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).first, !first.hasPrefix("#") else {
            return ReplReply()
        }
        let word = String(first)
        // Tab completion leaves a space after a completed word; it is not part of a path or predicate.
        let rest = String(String(trimmed.dropFirst(first.count).drop { $0 == " " || $0 == "\t" })
            .reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        guard let command = ReplCommandInfo.named(word) else {
            let names = ReplCommandInfo.all.flatMap { [$0.name] + $0.aliases.filter { $0.count > 1 } }
            let suggestion = Suggestion.closest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? "; type 'help' for the commands."
            return ReplReply(error: "unknown command '\(word)'\(suggestion)")
        }
        do {
            return ReplReply(text: try run(command.name, rest))
        } catch {
            return ReplReply(text: error.output, error: error.message)
        }
    }

    // MARK: - Commands

    private func run(_ name: String, _ rest: String) throws(CommandFailure) -> String {
        switch name {
        case "next": return try step(by: try count(rest), forward: true)
        case "back": return try stepBack(try count(rest))
        case "jump": return try jump(rest)
        case "first": return try move { () throws(DebuggerError) in timeline.first() }
        case "last": return try move { () throws(DebuggerError) in timeline.last() }
        case "undo": return try travel(rest, undo: true)
        case "redo": return try travel(rest, undo: false)
        case "state": return try state(rest)
        case "action": return try action(rest)
        case "diff": return try diff(rest)
        case "log": return try log(rest)
        case "find": return try find(rest)
        case "watch": return try watch(rest)
        case "unwatch": return try unwatch(rest)
        case "changes": return try changes(rest)
        case "bisect": return try bisect(rest)
        case "replay": return try replay(rest)
        case "dispatch": return try dispatch(rest)
        case "branches": return try branches(rest)
        case "checkout": return try checkout(rest)
        case "minimize": return try minimize(rest)
        case "save": return try save(rest)
        case "mark": return try mark(rest)
        case "info": return try info(rest)
        case "help": return try help(rest)
        case "quit":
            isFinished = true
            return ""
        default: throw CommandFailure(.internalError, "the command '\(name)' has no implementation.")
        }
    }

    /// Moves, then shows where the cursor landed.
    private func move(_ body: () throws(DebuggerError) -> Int) throws(CommandFailure) -> String {
        _ = try CommandFailure.translating(body)
        return try here()
    }

    /// Moves `steps` forward or back, refusing a move past either end in terms of what was typed.
    private func step(by steps: Int, forward: Bool) throws(CommandFailure) -> String {
        let step = timeline.step
        // Both operands are steps of the branch, so the room left cannot overflow, where step + steps could.
        let room = forward ? timeline.lastStep - step : step - timeline.firstStep
        guard steps <= room else {
            let end = forward ? "last" : "first"
            if room == 0 { throw CommandFailure(.usage, "already at the \(end) step, \(step).") }
            let only = room == 1 ? "is only 1 step" : "are only \(room) steps"
            throw CommandFailure(.usage, "there \(only) \(forward ? "after" : "before") step \(step); the \(end) is \(forward ? timeline.lastStep : timeline.firstStep).")
        }
        return try move { () throws(DebuggerError) in try timeline.move(by: forward ? steps : -steps) }
    }

    /// The step at the cursor and the diff it made, then the watched values.
    private func here() throws(CommandFailure) -> String {
        let view = try StepView(timeline: timeline, printer: printer).render(step: timeline.step)
        let watched = try watchLines()
        return watched.isEmpty ? view : view + "\n" + watched
    }

    /// The watched values that changed since they were last shown, as `watch PATH = VALUE` lines.
    private func watchLines() throws(CommandFailure) -> String {
        guard !watches.isEmpty else { return "" }
        let state = try currentState()
        var lines: [String] = []
        for text in watches {
            let current = try watchedValues(text, in: state)
            guard current != shownWatches[text] else { continue }
            shownWatches[text] = current
            lines += current.map { "watch " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// `PATH = VALUE` for each value `text` selects (one line for a path that selects at most one
    /// value, `PATH = (absent)` when it selects none).
    private func watchedValues(_ text: String, in state: JSONValue) throws(CommandFailure) -> [String] {
        let path = try parsePath(text)
        let matches = path.evaluate(on: state)
        if matches.isEmpty { return ["\(text) = (absent)"] }
        if path.selectsAtMostOneValue { return ["\(text) = \(matches[0].value.canonicalText)"] }
        return matches.map { "\(JSONPath(pointer: $0.pointer)) = \($0.value.canonicalText)" }
    }

    private func jump(_ rest: String) throws(CommandFailure) -> String {
        let target = try words(rest, expecting: 1...1, usage: "jump STEP|+n|-n|end|end-n|MARK")[0]
        // `+n` and `-n` move from the cursor, as in gdb and rr; the end is spelled out, so a minus sign
        // never means two things.
        if let sign = target.first, sign == "+" || sign == "-", Int(target.dropFirst()) != nil {
            return try step(by: try count(String(target.dropFirst())), forward: sign == "+")
        }
        if target == "end" {
            return try move { () throws(DebuggerError) in timeline.last() }
        }
        if target.hasPrefix("end-"), let back = Int(target.dropFirst(4)), back >= 0 {
            let room = timeline.lastStep - timeline.firstStep
            guard back <= room else {
                let only = room == 1 ? "is only 1 step" : "are only \(room) steps"
                throw CommandFailure(.usage, "there \(only) before the last step, \(timeline.lastStep); the first is \(timeline.firstStep).")
            }
            let step = timeline.lastStep - back
            return try move { () throws(DebuggerError) in try timeline.jump(to: step) }
        }
        if Int(target) != nil {
            let step = try stepNumber(target)
            return try move { () throws(DebuggerError) in try timeline.jump(to: step) }
        }
        guard let position = marks[target] else {
            let known = marks.keys.sorted()
            let list = known.isEmpty ? "there are no marks yet (mark NAME makes one)" : "the marks are \(known.joined(separator: ", "))"
            throw CommandFailure(.usage, "'\(target)' is neither a step number nor a mark; \(list).")
        }
        return try move { () throws(DebuggerError) in
            if position.branch != timeline.position.branch { try timeline.checkout(position.branch) }
            return try timeline.jump(to: position.step)
        }
    }

    /// Goes back `steps` steps along the steps' parents, so that back from the first step after a time
    /// travel in the recorded app reaches the step the app travelled to, whose state that step started
    /// from (the diff `next` and `back` show is against the parent too).
    private func stepBack(_ steps: Int) throws(CommandFailure) -> String {
        let source = timeline.source(forBranch: nil)
        let start = timeline.step
        var step = start
        var walked = 0
        while walked < steps, step > timeline.firstStep {
            step = source.parent(ofStep: step)
            walked += 1
        }
        guard walked == steps else {
            if walked == 0 { throw CommandFailure(.usage, "already at the first step, \(start).") }
            let only = walked == 1 ? "is only 1 step" : "are only \(walked) steps"
            throw CommandFailure(.usage, "there \(only) before step \(start); the first is \(timeline.firstStep).")
        }
        return try move { () throws(DebuggerError) in try timeline.jump(to: step) }
    }

    /// The steps of the recording that continue from an earlier step because the recorded app
    /// travelled back in time, with the step each continues from.
    private func travelledSteps() -> [(step: Int, parent: Int)] {
        let source = timeline.source
        var candidates: Set<Int> = []
        for located in source.events {
            if case .travel(let after, _, _, _, _) = located.event, after < source.lastStep { candidates.insert(after + 1) }
        }
        return candidates.sorted().compactMap { step in
            let parent = source.parent(ofStep: step)
            return parent == step - 1 ? nil : (step, parent)
        }
    }

    private func travel(_ rest: String, undo: Bool) throws(CommandFailure) -> String {
        let times = try count(rest)
        var moved = 0
        while moved < times, (undo ? timeline.undo() : timeline.redo()) != nil { moved += 1 }
        guard moved > 0 else { throw CommandFailure(.usage, "There is nothing to \(undo ? "undo" : "redo").") }
        return try here()
    }

    private func state(_ rest: String) throws(CommandFailure) -> String {
        let state = try currentState()
        let path = rest.isEmpty ? nil : try parsePath(rest)
        let step = timeline.step
        return try ShowCommand.render(state, path: path, json: false, full: false, printer: printer) {
            "\($0) selects nothing in the state after step \(step)."
        }
    }

    private func action(_ rest: String) throws(CommandFailure) -> String {
        let step = rest.isEmpty ? timeline.step : try stepNumber(try words(rest, expecting: 1...1, usage: "action [STEP]")[0])
        guard step != timeline.firstStep else { return "step \(step) is the initial state; it has no action" }
        let action = try CommandFailure.translating { () throws(DebuggerError) in try timeline.action(at: step) }
        var lines = ["step \(step)  \(action.label)", "  type: \(action.type)"]
        if let site = action.site { lines.append("  dispatched at: \(site)") }
        if !action.isReplayable {
            lines.append("  replayable: no (the action's type is not Codable; its payload was reflected)")
        }
        lines.append("  payload: \(StepPrinter.indent(printer.dump(action.payload), by: 2).dropFirst(2))")
        return lines.joined(separator: "\n")
    }

    private func diff(_ rest: String) throws(CommandFailure) -> String {
        let arguments = try words(rest, expecting: 0...2, usage: "diff [A [B]]")
        guard let first = arguments.first else {
            return try StepView(timeline: timeline, printer: printer).render(step: timeline.step)
        }
        let from = try stepNumber(first)
        let to = try arguments.count > 1 ? stepNumber(arguments[1]) : timeline.step
        let old = try CommandFailure.translating { () throws(DebuggerError) in try timeline.state(at: from) }
        let new = try CommandFailure.translating { () throws(DebuggerError) in try timeline.state(at: to) }
        guard let rendered = printer.renderer.render(from: old, to: new) else { return "steps \(from) and \(to) have equal states" }
        return "--- step \(from)\n+++ step \(to)\n" + rendered
    }

    private func log(_ rest: String) throws(CommandFailure) -> String {
        let arguments = try words(rest, expecting: 0...2, usage: "log [A B]")
        let range: ClosedRange<Int>
        switch arguments.count {
        case 0:
            range = max(timeline.firstStep, timeline.step - 10)...min(timeline.lastStep, timeline.step + 10)
        case 1:
            throw CommandFailure(.usage, "log takes no step or two (log A B).")
        default:
            let a = try stepNumber(arguments[0])
            let b = try stepNumber(arguments[1])
            range = min(a, b)...max(a, b)
        }
        return try summaries(range, includingInitialState: true) { _ in true }
    }

    private func find(_ rest: String) throws(CommandFailure) -> String {
        guard !rest.isEmpty else { throw CommandFailure(.usage, "find needs a pattern: find bank.* or find jenny.") }
        let pattern = ActionPattern(rest)
        let text = try summaries(timeline.firstStep...timeline.lastStep, includingInitialState: false) { pattern.matches($0) }
        return text.isEmpty ? "no step matches '\(rest)'" : text
    }

    /// `log`-style lines for the steps in `range` whose action passes `include`; `→` marks the cursor.
    private func summaries(_ range: ClosedRange<Int>, includingInitialState: Bool,
                           where include: (JournalAction) -> Bool) throws(CommandFailure) -> String {
        var lines: [String] = []
        for step in range {
            if step & 1023 == 0, isCancelled() { throw CommandFailure(.interrupted, "Interrupted at step \(step).") }
            let marker = step == timeline.step ? "→" : " "
            if step == timeline.firstStep {
                if includingInitialState {
                    lines.append(marker + String(repeating: " ", count: max(0, 6 - String(step).count)) + "\(step)  (initial state)")
                }
                continue
            }
            let action = try CommandFailure.translating { () throws(DebuggerError) in try timeline.action(at: step) }
            if include(action) {
                lines.append(marker + StepSummary(step: step, line: nil, action: action, time: 0).description)
            }
        }
        return lines.joined(separator: "\n")
    }

    private func watch(_ rest: String) throws(CommandFailure) -> String {
        let state = try currentState()
        guard !rest.isEmpty else {
            guard !watches.isEmpty else { return "nothing is watched; watch PATH adds a path" }
            var lines: [String] = []
            for text in watches { lines += try watchedValues(text, in: state).map { "watch " + $0 } }
            return lines.joined(separator: "\n")
        }
        let text = try parsePath(rest).description
        if !watches.contains(text) { watches.append(text) }
        let current = try watchedValues(text, in: state)
        shownWatches[text] = current
        return current.map { "watching " + $0 }.joined(separator: "\n")
    }

    private func unwatch(_ rest: String) throws(CommandFailure) -> String {
        guard !rest.isEmpty else {
            let count = watches.count
            watches = []
            shownWatches = [:]
            return "stopped watching \(count) path\(count == 1 ? "" : "s")"
        }
        let text = try parsePath(rest).description
        guard let index = watches.firstIndex(of: text) else {
            throw CommandFailure(.usage, "\(text) is not watched; the watched paths are \(watches.isEmpty ? "none" : watches.joined(separator: ", ")).")
        }
        watches.remove(at: index)
        shownWatches[text] = nil
        return "stopped watching \(text)"
    }

    private func changes(_ rest: String) throws(CommandFailure) -> String {
        guard !rest.isEmpty else { throw CommandFailure(.usage, "changes needs a path: changes .accounts.jenny") }
        let path = try parsePath(rest)
        let source = timeline.source(forBranch: nil)
        let isCancelled = self.isCancelled
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try RecordingQuery(source: source).changes(of: path, isCancelled: isCancelled)
        }
        if report.cancelled {
            var failure = CommandFailure(.interrupted, report.summary)
            failure.output = report.changes.map(report.line(for:)).joined(separator: "\n")
            throw failure
        }
        return report.description
    }

    private func bisect(_ rest: String) throws(CommandFailure) -> String {
        guard !rest.isEmpty else { throw CommandFailure(.usage, "bisect needs a predicate: bisect .accounts.jenny < 0") }
        let predicate = try parsePredicate(rest)
        let source = timeline.source(forBranch: nil)
        let isCancelled = self.isCancelled
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try RecordingQuery(source: source).bisect(predicate, isCancelled: isCancelled)
        }
        if report.cancelled { throw CommandFailure(.interrupted, "Interrupted: \(report)") }
        guard let step = report.step else { throw CommandFailure(.checkFailed, report.description) }
        let moved = try move { () throws(DebuggerError) in try timeline.jump(to: step) }
        return report.description + "\n" + moved
    }

    private func replay(_ rest: String) throws(CommandFailure) -> String {
        let arguments = try words(rest, expecting: 0...1, usage: "replay [--verify]")
        if let option = arguments.first {
            guard option == "--verify" else { throw CommandFailure(.usage, "replay takes only --verify, not '\(option)'.") }
            let app = try CommandFailure.translating { () throws(DebuggerError) in try session.requireApp() }
            let verifier = ReplayVerifier(source: timeline.source(forBranch: nil), app: app)
            let isCancelled = self.isCancelled
            let report = try CommandFailure.translating { () throws(DebuggerError) in try verifier.verify(isCancelled: isCancelled) }
            if report.cancelled { throw CommandFailure(.interrupted, "Interrupted: \(report)") }
            var lines: [String] = []
            lines.append("schema: \(report.compatibility)")
            if let failure = report.failure {
                lines.append(ReplayCommand.describe(failure))
                throw CommandFailure(.checkFailed, lines.joined(separator: "\n"))
            }
            if let divergence = report.divergence {
                lines.append(ReplayCommand.describe(divergence, printer: printer))
                return lines.joined(separator: "\n")
            }
            let count = report.checkedThrough - timeline.firstStep
            lines.append("verified \(count) step\(count == 1 ? "" : "s"): every state matches")
            if case .incompatible = report.compatibility {
                throw CommandFailure(.checkFailed, lines.joined(separator: "\n") + ", but the schema is incompatible, so the recording fails the check")
            }
            return lines.joined(separator: "\n")
        }
        guard timeline.step < timeline.lastStep else { return "step \(timeline.step) is the last step; nothing follows it" }
        let view = StepView(timeline: timeline, printer: printer)
        var parts: [String] = []
        for step in (timeline.step + 1)...timeline.lastStep {
            if isCancelled() { throw CommandFailure(.interrupted, "Interrupted after step \(step - 1).") }
            parts.append(try view.render(step: step))
        }
        return parts.joined(separator: "\n")
    }

    private func dispatch(_ rest: String) throws(CommandFailure) -> String {
        guard !rest.isEmpty else { throw CommandFailure(.usage, #"dispatch needs an action as JSON, as its Codable form writes it: dispatch {"add":{"_0":5}}"#) }
        let payload: JSONValue
        do {
            payload = try JSONValue(parsing: rest)
        } catch {
            throw CommandFailure(.usage, "The action is not valid JSON: \(error)")
        }
        let report = try CommandFailure.translating { () throws(DebuggerError) in try session.dispatch(payload) }
        guard case .applied = report.outcome else { throw CommandFailure(.checkFailed, report.description) }
        return report.description + "\n" + (try here())
    }

    private func branches(_ rest: String) throws(CommandFailure) -> String {
        _ = try words(rest, expecting: 0...0, usage: "branches")
        var lines: [String] = []
        for branch in timeline.branches {
            lines.append((branch.name == timeline.position.branch ? "* " : "  ") + branch.description)
            guard branch.parent == nil else { continue }
            // A time travel in the recorded app left a path behind inside `main`; it is not a branch
            // of this session (checkout cannot reach it), but `back` follows it and so should the list.
            for (step, parent) in travelledSteps() {
                let left = parent + 1 == step - 1 ? "step \(step - 1) is" : "steps \(parent + 1) to \(step - 1) are"
                lines.append("    step \(step) continues from step \(parent) after a time travel; \(left) the path the app left")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func checkout(_ rest: String) throws(CommandFailure) -> String {
        let name = try words(rest, expecting: 1...1, usage: "checkout BRANCH")[0]
        return try move { () throws(DebuggerError) in try timeline.checkout(name).step }
    }

    private func minimize(_ rest: String) throws(CommandFailure) -> String {
        var arguments = try words(rest, expecting: 1...8, usage: "minimize PREDICATE -o FILE [--force]")
        let force = arguments.contains("--force")
        arguments.removeAll { $0 == "--force" }
        guard let flag = arguments.firstIndex(where: { $0 == "-o" || $0 == "--output" }), flag + 1 < arguments.count else {
            throw CommandFailure(.usage, "minimize needs an output file: minimize PREDICATE -o FILE [--force]")
        }
        let output = arguments[flag + 1]
        arguments.removeSubrange(flag...(flag + 1))
        let predicate = try parsePredicate(arguments.joined(separator: " "))
        let app = try CommandFailure.translating { () throws(DebuggerError) in try session.requireApp() }
        return try Minimization.run(source: timeline.source(forBranch: nil), app: app, predicate: predicate, output: output, force: force,
                                    isCancelled: isCancelled)
    }

    private func save(_ rest: String) throws(CommandFailure) -> String {
        var arguments = try words(rest, expecting: 1...2, usage: "save FILE [--force]")
        let force = arguments.contains("--force")
        arguments.removeAll { $0 == "--force" }
        guard arguments.count == 1 else { throw CommandFailure(.usage, "save takes one file name: save FILE [--force]") }
        let path = arguments[0]
        let report = try CommandFailure.translating { () throws(DebuggerError) in try session.save(to: path, force: force) }
        return report.description
    }

    private func mark(_ rest: String) throws(CommandFailure) -> String {
        let name = try words(rest, expecting: 1...1, usage: "mark NAME")[0]
        guard Int(name) == nil, !name.hasPrefix("+"), !name.hasPrefix("-"), name != "end", !name.hasPrefix("end-") else {
            throw CommandFailure(.usage, "A mark's name cannot be a number, +n, -n, end or end-n, since jump NAME would read it as a step.")
        }
        marks[name] = timeline.position
        return "marked \(timeline.position) as \(name)"
    }

    private func info(_ rest: String) throws(CommandFailure) -> String {
        _ = try words(rest, expecting: 0...0, usage: "info")
        let source = session.source
        var lines = [
            "recording: \(source.name) (\(source.info.format == .journal ? "statedbg journal" : "Redux DevTools export"))",
            "app: \(source.info.app) (\(session.isReducerMode ? "reducer mode" : "snapshot mode"))",
            "steps: \(source.baseStep) to \(source.lastStep), \(source.events.count) event\(source.events.count == 1 ? "" : "s")",
            "position: \(timeline.position) of \(timeline.firstStep) to \(timeline.lastStep)",
            "branches: \(timeline.branches.map(\.name).joined(separator: ", "))",
        ]
        if !marks.isEmpty {
            lines.append("marks: " + marks.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
        }
        if !watches.isEmpty { lines.append("watching: \(watches.joined(separator: ", "))") }
        return lines.joined(separator: "\n")
    }

    private func help(_ rest: String) throws(CommandFailure) -> String {
        if !rest.isEmpty {
            guard let command = ReplCommandInfo.named(rest) else {
                let suggestion = Suggestion.closest(to: rest, among: ReplCommandInfo.all.map(\.name)).map { "; did you mean '\($0)'?" } ?? "."
                throw CommandFailure(.usage, "unknown command '\(rest)'\(suggestion)")
            }
            return "\(command.synopsis)\n  \(command.summary)"
        }
        let width = (ReplCommandInfo.all.map(\.synopsis.count).max() ?? 0) + 2
        return ReplCommandInfo.all.map { command in
            command.synopsis + String(repeating: " ", count: width - command.synopsis.count) + command.summary
        }.joined(separator: "\n")
    }

    // MARK: - Completion

    /// Tab completion: command names for the first word, then state paths, branch names, marks or
    /// command names, as the command takes them. Candidates are whole words.
    public func completions(line: String, cursor: Int) -> [String] {
        let before = String(line.prefix(cursor))
        let endsWithSpace = before.last.map { $0 == " " || $0 == "\t" } ?? false
        let parts = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let word = endsWithSpace ? "" : parts.last ?? ""
        guard parts.count > 1 || (parts.count == 1 && endsWithSpace) else {
            return ReplCommandInfo.all.map(\.name).filter { $0.hasPrefix(word) }
        }
        guard let command = ReplCommandInfo.named(parts[0]) else { return [] }
        switch command.completes {
        case .nothing:
            return []
        case .command:
            return ReplCommandInfo.all.map(\.name).filter { $0.hasPrefix(word) }
        case .branch:
            return timeline.branches.map(\.name).filter { $0.hasPrefix(word) }
        case .mark:
            return marks.keys.sorted().filter { $0.hasPrefix(word) }
        case .path, .predicate:
            let partial = word.isEmpty ? "." : word
            guard partial.hasPrefix("."), let state = try? timeline.currentState() else { return [] }
            return JSONPath.completions(for: partial, in: state)
        }
    }

    // MARK: - Arguments

    private func words(_ rest: String, expecting range: ClosedRange<Int>, usage: String) throws(CommandFailure) -> [String] {
        let words: [String]
        do {
            words = try ShellWords.split(rest)
        } catch {
            throw CommandFailure(.usage, "\(error)")
        }
        guard range.contains(words.count) else { throw CommandFailure(.usage, "usage: \(usage)") }
        return words
    }

    private func count(_ rest: String) throws(CommandFailure) -> Int {
        guard !rest.isEmpty else { return 1 }
        guard let value = Int(rest), value >= 0 else {
            throw CommandFailure(.usage, "'\(rest)' is not a count; give a number of steps, 0 or more.")
        }
        return value
    }

    /// A step number of the current branch; negative counts from the end (`-1` is the last step).
    ///
    /// A step outside the branch is refused here, naming the number as typed rather than what it resolves to.
    private func stepNumber(_ text: String) throws(CommandFailure) -> Int {
        guard let value = Int(text) else { throw CommandFailure(.usage, "'\(text)' is not a step number.") }
        let first = timeline.firstStep
        let last = timeline.lastStep
        if value >= 0 {
            guard value >= first else { throw CommandFailure(.usage, "there is no step \(value); the first is \(first).") }
            guard value <= last else { throw CommandFailure(.usage, "there is no step \(value); the last is \(last).") }
            return value
        }
        let count = last - first + 1
        guard value >= -count else {
            throw CommandFailure(.usage, "there is no step \(value); counting back from the end, the first step (\(first)) is -\(count).")
        }
        return last + 1 + value
    }

    private func parsePath(_ text: String) throws(CommandFailure) -> JSONPath {
        do {
            return try JSONPath(parsing: text)
        } catch {
            throw CommandFailure(.badPath(error, text: text))
        }
    }

    private func parsePredicate(_ text: String) throws(CommandFailure) -> StatePredicate {
        do {
            return try StatePredicate(parsing: text)
        } catch {
            throw CommandFailure(.badPredicate(error))
        }
    }

    private func currentState() throws(CommandFailure) -> JSONValue {
        try CommandFailure.translating { () throws(DebuggerError) in try timeline.currentState() }
    }
}
