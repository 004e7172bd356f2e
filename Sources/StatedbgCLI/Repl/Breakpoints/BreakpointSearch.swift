import StateDebugger
import StateJSON
import StateQuery
import StateJournal

/// Walks a branch from the cursor to the nearest step, after it or before it, where an enabled
/// breakpoint or watchpoint is hit, as gdb's `continue` and `reverse-continue` do.
///
/// Every condition compares a step with its parent (the step before it, or after a time travel in the
/// recorded app the step it continued from): a predicate is hit where it is false at the parent and true
/// at the step; a watch where the values its path selects differ; an action breakpoint where the step's
/// action type matches.
struct BreakpointSearch {
    /// One breakpoint hit at the step the search stopped at.
    struct Hit: Sendable, Equatable {
        var number: Int
        /// `breakpoint 1: .balance < 0 became true`, `watchpoint 2: .owner: "jenny" → "jo"`.
        var description: String
    }

    /// Where the search stopped and why.
    struct Stop: Sendable, Equatable {
        var step: Int
        var hits: [Hit]
    }

    let source: any RecordingSource
    let breakpoints: [Breakpoint]
    let isCancelled: @Sendable () -> Bool

    /// The first step after `step` (forward) or before it (backward) where a breakpoint is hit, or `nil`.
    func stop(from step: Int, forward: Bool) throws(CommandFailure) -> Stop? {
        let steps: [Int] = forward
            ? (step < source.lastStep ? Array((step + 1)...source.lastStep) : [])
            : (step > source.baseStep + 1 ? Array(((source.baseStep + 1)...(step - 1)).reversed()) : [])
        let needsStates = breakpoints.contains { if case .action = $0.condition { false } else { true } }
        var cache = StateCache(source: source)
        var holds: [Int: (step: Int, holds: Bool)] = [:]
        for (index, candidate) in steps.enumerated() {
            if index & 255 == 255, isCancelled() {
                throw CommandFailure(.interrupted, "Interrupted at step \(candidate); the cursor stays at step \(step).")
            }
            let hits = try hits(at: candidate, needsStates: needsStates, cache: &cache, holds: &holds)
            if !hits.isEmpty { return Stop(step: candidate, hits: hits) }
        }
        return nil
    }

    /// The hits at `step`; `holds` remembers each predicate's last answer, since walking forward a step's
    /// parent is usually the step just evaluated.
    private func hits(at step: Int, needsStates: Bool, cache: inout StateCache,
                      holds: inout [Int: (step: Int, holds: Bool)]) throws(CommandFailure) -> [Hit] {
        var before: JSONValue = .null
        var after: JSONValue = .null
        var parent = step - 1
        if needsStates {
            parent = source.parent(ofStep: step)
            before = try cache.state(at: parent)
            after = try cache.state(at: step)
        }
        var hits: [Hit] = []
        for breakpoint in breakpoints {
            switch breakpoint.condition {
            case .action(let pattern):
                let action = try CommandFailure.translating { () throws(DebuggerError) in try source.action(at: step) }
                if pattern.matchesType(action.type) {
                    hits.append(Hit(number: breakpoint.number, description: "\(breakpoint.label): action \(action.type)"))
                }
            case .predicate(let predicate, let text):
                let usesAction = !predicate.referencedActionPaths.isEmpty
                func evaluate(_ state: JSONValue, at step: Int) throws(CommandFailure) -> Bool {
                    if let known = holds[breakpoint.number], known.step == step { return known.holds }
                    let action = usesAction && step > source.baseStep
                        ? try CommandFailure.translating { () throws(DebuggerError) in try source.actionJSON(at: step) } : nil
                    return predicate.evaluate(state: state, action: action, step: step)
                }
                let held = try evaluate(before, at: parent)
                let holdsNow = try evaluate(after, at: step)
                holds[breakpoint.number] = (step, holdsNow)
                if !held, holdsNow {
                    hits.append(Hit(number: breakpoint.number, description: "\(breakpoint.label): \(text) became true"))
                }
            case .watch(let path, let text):
                let old = path.evaluate(on: before)
                let new = path.evaluate(on: after)
                guard !old.elementsEqual(new, by: { $0.pointer == $1.pointer && $0.value == $1.value }) else { continue }
                hits.append(Hit(number: breakpoint.number,
                                description: "\(breakpoint.label): \(text): \(Self.show(old, path)) → \(Self.show(new, path))"))
            }
        }
        return hits
    }

    /// The values a path selected, in one piece: `105`, `(absent)`, `[.paid.donald = 10, …]`.
    private static func show(_ matches: [(pointer: JSONPointer, value: JSONValue)], _ path: JSONPath) -> String {
        if matches.isEmpty { return "(absent)" }
        if path.selectsAtMostOneValue { return matches[0].value.canonicalText }
        return "[" + matches.map { "\(JSONPath(pointer: $0.pointer)) = \($0.value.canonicalText)" }.joined(separator: ", ") + "]"
    }

    /// The last two states read, since a walk reads each step as a step and then as the next one's parent.
    private struct StateCache {
        let source: any RecordingSource
        var entries: [(step: Int, state: JSONValue)] = []

        init(source: any RecordingSource) {
            self.source = source
        }

        mutating func state(at step: Int) throws(CommandFailure) -> JSONValue {
            if let entry = entries.first(where: { $0.step == step }) { return entry.state }
            let state = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: step) }
            entries.append((step, state))
            if entries.count > 2 { entries.removeFirst() }
            return state
        }
    }
}
