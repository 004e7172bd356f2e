/// The breakpoints and watchpoints of a REPL session, numbered from 1 in the order they were set.
struct BreakpointTable: Sendable {
    private(set) var all: [Breakpoint] = []
    private var nextNumber = 1
    /// The lines last shown for each watched path, to print only what changed after a move.
    var shown: [String: [String]] = [:]

    /// Adds a breakpoint and returns its number.
    mutating func add(_ condition: Breakpoint.Condition) -> Int {
        let number = nextNumber
        nextNumber += 1
        all.append(Breakpoint(number: number, condition: condition))
        return number
    }

    /// The watchpoint on `text`, if any.
    func watch(on text: String) -> Breakpoint? {
        all.first { if case .watch(_, let path) = $0.condition { path == text } else { false } }
    }

    var watchedPaths: [String] {
        all.compactMap { if case .watch(_, let text) = $0.condition { text } else { nil } }
    }

    var enabledWatchedPaths: [String] {
        all.filter(\.isEnabled).compactMap { if case .watch(_, let text) = $0.condition { text } else { nil } }
    }

    var enabled: [Breakpoint] { all.filter(\.isEnabled) }

    func contains(_ number: Int) -> Bool {
        all.contains { $0.number == number }
    }

    /// Removes breakpoint `number`; returns it, or `nil` when there is none.
    mutating func remove(_ number: Int) -> Breakpoint? {
        guard let index = all.firstIndex(where: { $0.number == number }) else { return nil }
        let removed = all.remove(at: index)
        if case .watch(_, let text) = removed.condition { shown[text] = nil }
        return removed
    }

    mutating func removeAll(where shouldRemove: (Breakpoint) -> Bool) {
        for breakpoint in all where shouldRemove(breakpoint) { _ = remove(breakpoint.number) }
    }

    /// Marks breakpoint `number` as set in the attached app as a trap too.
    mutating func markTrapping(_ number: Int) {
        guard let index = all.firstIndex(where: { $0.number == number }) else { return }
        all[index].trapsApp = true
    }

    mutating func setEnabled(_ number: Int, _ enabled: Bool) {
        guard let index = all.firstIndex(where: { $0.number == number }) else { return }
        all[index].isEnabled = enabled
    }

    mutating func countHit(_ number: Int) {
        guard let index = all.firstIndex(where: { $0.number == number }) else { return }
        all[index].hits += 1
    }
}
