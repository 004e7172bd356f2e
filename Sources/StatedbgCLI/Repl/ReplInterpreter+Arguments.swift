import StateDebugger
import StateJSON
import StateQuery
import StateJournal
import TerminalKit

/// Reading the values commands take: counts, steps, paths, predicates, marks.
extension ReplInterpreter {
    /// A count of steps, 1 when `text` is empty or absent.
    func count(_ text: String?) throws(CommandFailure) -> Int {
        guard let text, !text.isEmpty else { return 1 }
        guard let value = Int(text), value >= 0 else {
            throw CommandFailure(.usage, "'\(text)' is not a count; give a number of steps, 0 or more.")
        }
        return value
    }

    /// A step number of the current branch; negative counts from the end (`-1` is the last step).
    ///
    /// A step outside the branch is refused here, naming the number as typed rather than what it resolves to.
    func stepNumber(_ text: String) throws(CommandFailure) -> Int {
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

    func parsePath(_ text: String) throws(CommandFailure) -> JSONPath {
        do {
            return try JSONPath(parsing: text)
        } catch {
            throw CommandFailure(.badPath(error, text: text))
        }
    }

    func parsePredicate(_ text: String) throws(CommandFailure) -> StatePredicate {
        do {
            return try StatePredicate(parsing: text)
        } catch {
            throw CommandFailure(.badPredicate(error))
        }
    }

    func currentState() throws(CommandFailure) -> JSONValue {
        try CommandFailure.translating { () throws(DebuggerError) in try timeline.currentState() }
    }

    /// Refuses a path that selects nothing in the state at the cursor nor at any step of the branch,
    /// naming the keys that do exist where it goes wrong.
    ///
    /// A path that selects nothing now but something later (`.paid.donald` before the first payment) is
    /// fine: a watch on it stops where it appears.
    func requireSelectsSomething(_ path: JSONPath, text: String) throws(CommandFailure) {
        let current = try currentState()
        if !path.evaluate(on: current).isEmpty { return }
        let source = timeline.source(forBranch: nil)
        for step in timeline.firstStep...timeline.lastStep {
            if step & 1023 == 0, isCancelled() { throw CommandFailure(.interrupted, "Interrupted at step \(step).") }
            let state = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: step) }
            if !path.evaluate(on: state).isEmpty { return }
        }
        // The last state usually has the most keys to suggest, when the one at the cursor has none there.
        var hint = Self.nearest(text, in: current)
        if hint.hasSuffix("has nothing below it"), let last = try? source.state(at: timeline.lastStep) {
            hint = Self.nearest(text, in: last)
        }
        throw CommandFailure(.usage, "\(text) selects nothing at any step of \(timeline.position.branch)\(hint).")
    }

    /// `; the nearest key is .owner (the keys there are …)`: the longest prefix of `text` that selects
    /// something, and the closest key below it.
    static func nearest(_ text: String, in state: JSONValue) -> String {
        var prefix = ""
        var keys = JSONPath.completions(for: ".", in: state)
        // Walk down the keys the typed path shares with the state.
        while true {
            guard let next = keys.filter({ (text.hasPrefix($0 + ".") || text.hasPrefix($0 + "[")) && $0.count > prefix.count }).max(by: { $0.count < $1.count })
            else { break }
            prefix = next
            let deeper = JSONPath.completions(for: next + ".", in: state) + JSONPath.completions(for: next + "[", in: state)
            if deeper.isEmpty { return "; \(next) exists but has nothing below it" }
            var seen: Set<String> = []
            keys = deeper.filter { seen.insert($0).inserted }
        }
        guard !keys.isEmpty else { return "; the state has no keys" }
        let shown = keys.count > 8 ? keys.prefix(8).joined(separator: ", ") + ", …" : keys.joined(separator: ", ")
        if let closest = Suggestion.closest(to: text, among: keys) {
            return "; did you mean \(closest)? (there: \(shown))"
        }
        return "; the keys there are \(shown)"
    }

    /// The marks a name can reach: this session's, then those the recorded app made.
    var markNames: [String] {
        Array(Set(marks.keys).union(recordedMarks.keys)).sorted()
    }

    /// The marks the recorded app made (`recorder.mark("checkout")`), at the step each follows; a name
    /// marked twice means its last place.
    var recordedMarks: [String: Int] {
        var found: [String: Int] = [:]
        for located in timeline.source.events {
            if case .marker(let after, _, let name) = located.event { found[name] = after }
        }
        return found
    }
}
