import StateDebugger
import StateJSON
import StateQuery
import StateJournal

/// Moving the cursor and showing where it landed, shared by the commands that move.
extension ReplInterpreter {
    /// Moves, then shows where the cursor landed.
    func move(_ body: () throws(DebuggerError) -> Int) throws(CommandFailure) -> String {
        _ = try CommandFailure.translating(body)
        return try here()
    }

    /// Moves `steps` forward or back, refusing a move past either end in terms of what was typed.
    func step(by steps: Int, forward: Bool) throws(CommandFailure) -> String {
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

    /// Goes back `steps` steps along the steps' parents, so that back from the first step after a time
    /// travel in the recorded app reaches the step the app travelled to, whose state that step started
    /// from (the diff `next` and `back` show is against the parent too).
    func stepBack(_ steps: Int) throws(CommandFailure) -> String {
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

    /// The step at the cursor and the diff it made, then the watched values.
    func here() throws(CommandFailure) -> String {
        let view = try StepView(timeline: timeline, printer: printer).render(step: timeline.step)
        let watched = try watchLines()
        return watched.isEmpty ? view : view + "\n" + watched
    }

    /// The watched values that changed since they were last shown, as `watch PATH = VALUE` lines.
    private func watchLines() throws(CommandFailure) -> String {
        let paths = breakpoints.enabledWatchedPaths
        guard !paths.isEmpty else { return "" }
        let state = try currentState()
        var lines: [String] = []
        for text in paths {
            let current = try watchedValues(text, in: state)
            guard current != breakpoints.shown[text] else { continue }
            breakpoints.shown[text] = current
            lines += current.map { "watch " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// `PATH = VALUE` for each value `text` selects (one line for a path that selects at most one
    /// value, `PATH = (absent)` when it selects none).
    func watchedValues(_ text: String, in state: JSONValue) throws(CommandFailure) -> [String] {
        let path = try parsePath(text)
        let matches = path.evaluate(on: state)
        if matches.isEmpty { return ["\(text) = (absent)"] }
        if path.selectsAtMostOneValue { return ["\(text) = \(matches[0].value.canonicalText)"] }
        return matches.map { "\(JSONPath(pointer: $0.pointer)) = \($0.value.canonicalText)" }
    }

    /// The steps of the recording that continue from an earlier step because the recorded app
    /// travelled back in time, with the step each continues from.
    func travelledSteps() -> [(step: Int, parent: Int)] {
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

    /// `log`-style lines for the steps in `range` whose action passes `include`; `→` marks the cursor.
    func summaries(_ range: ClosedRange<Int>, includingInitialState: Bool,
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
}
