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

    /// Refuses a path that selects nothing at any step of the branch, with the error and the nearest
    /// existing key that `statedbg show`, `changes` and `bisect` give
    /// (``RecordingSource/requirePathExists(_:isCancelled:)``, the one check).
    ///
    /// A path that selects nothing now but something later (`.paid.donald` before the first payment) is
    /// fine: a watch on it stops where it appears.
    func requireSelectsSomething(_ path: JSONPath) throws(CommandFailure) {
        if !path.evaluate(on: try currentState()).isEmpty { return }
        let source = timeline.source(forBranch: nil)
        let isCancelled = self.isCancelled
        try CommandFailure.translating { () throws(DebuggerError) in try source.requirePathExists(path, isCancelled: isCancelled) }
    }

    /// Refuses a predicate with a state path that selects nothing at any step of the branch (see
    /// ``requireSelectsSomething(_:)``).
    func requirePathsSelectSomething(of predicate: StatePredicate) throws(CommandFailure) {
        for path in predicate.referencedPaths { try requireSelectsSomething(path) }
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
