import StateJSON
import StateJournal
import StateQuery

/// Searches a journal file in one pass, without indexing it: `changes`, `log` and a linear `bisect`
/// that print each result as they find it and run in memory that does not grow with the journal.
///
/// A step line whose raw bytes show that its patch cannot touch the path searched is passed over
/// without parsing it (see ``StateJournal/PatchLineFilter``); every other line is parsed as
/// ``RecordingQuery`` parses it, and the results are the same.
///
/// ```swift
/// let search = JournalSearch(path: "bank.jsonl")
/// try search.changes(of: JSONPath(parsing: ".accounts.jenny")) { print($0) }
/// ```
package struct JournalSearch {
    /// Something the reader met that a command tells the user about once, on standard error.
    package enum Notice {
        /// The first damaged line.
        case damaged(JournalError)
        /// The incomplete last line, which is ignored.
        case torn(TornLine)
    }

    /// The journal's path.
    package let path: String
    /// Told about damaged and torn lines as they are met.
    package var notice: (Notice) -> Void

    /// A search of the journal at `path`.
    package init(path: String, notice: @escaping (Notice) -> Void = { _ in }) {
        self.path = path
        self.notice = notice
    }

    /// The steps at which the values `jsonPath` selects changed, handed to `found` as they are found;
    /// the report counts them, and holds them too when `keeping` is set.
    package func changes(of jsonPath: JSONPath, in range: ClosedRange<Int>? = nil, keeping: Bool = false,
                         isCancelled: () -> Bool = { false },
                         found: (ValueChange) -> Void = { _ in }) throws(DebuggerError) -> ChangesReport {
        let stream = try open()
        let header = stream.header
        let firstStep = header.firstStep
        var steps = firstStep..<Int.max
        if let range {
            guard range.lowerBound >= firstStep else {
                let last = try Self.journal { () throws(JournalError) in try stream.readToEnd() }
                throw .noSuchStep(range.lowerBound, source: path, range: firstStep...max(firstStep, last))
            }
            steps = range.lowerBound..<(range.upperBound + 1)
        }
        var report = ChangesReport(path: jsonPath, steps: steps, changes: [], statesRead: 1, stepsSkipped: 0, cancelled: false)
        let dependency = jsonPath.dependency
        let filter = PatchLineFilter(topLevelKeys: Self.filterKeys(dependency))
        var tracker = StreamedState(stream: stream)
        var previous: [ValueChange.Match]? = Self.matches(jsonPath, in: header.initialState)
        var previousStep = firstStep - 1
        var failure: DebuggerError?
        var lastSeen = firstStep - 1
        do throws(JournalError) {
            try stream.forEachStep { line in
                do throws(DebuggerError) {
                    try Self.noteDamage(line, stream: stream, notice: notice)
                    let step = line.step
                    lastSeen = step
                    guard step < steps.upperBound else { return false }
                    let searching = step >= steps.lowerBound
                    if searching {
                        if step & 1023 == 0, isCancelled() {
                            report.cancelled = true
                            return false
                        }
                        report.lastStepSearched = step
                        if let damage = line.damage { throw DebuggerError.journal(stream.unreadable(step, through: step, line: damage.line ?? line.line)) }
                        if step == steps.lowerBound, previous == nil {
                            previous = Self.matches(jsonPath, in: try Self.journal { () throws(JournalError) in try tracker.state(at: step - 1) })
                        }
                    }
                    if line.parent != previousStep {
                        // After a time travel: the state before the step is an earlier one, read through the index.
                        let source = try JournalSource(path: path)
                        let state = try source.state(at: line.parent)
                        tracker.reset(to: state, at: line.parent)
                        previous = Self.matches(jsonPath, in: state)
                        report.statesRead += 1
                    }
                    previousStep = step
                    if !filter.mayTouch(line) {
                        try Self.journal { () throws(JournalError) in try tracker.pass(over: line) }
                        report.stepsSkipped += 1
                        return true
                    }
                    if line.damage != nil {
                        try Self.journal { () throws(JournalError) in try tracker.pass(over: line) }
                        previous = nil
                        return true
                    }
                    let record = try Self.journal { () throws(JournalError) in try stream.parse(line) }
                    if case .patch(let patch) = record.content {
                        let (changed, resized) = Self.reach(of: patch)
                        if !dependency.isTouched(changed: changed, resized: resized) {
                            try Self.journal { () throws(JournalError) in try tracker.pass(over: line) }
                            report.stepsSkipped += 1
                            return true
                        }
                    }
                    guard searching || tracker.broken == nil || record.isKeyframe else {
                        try Self.journal { () throws(JournalError) in try tracker.pass(over: line) }
                        previous = nil
                        return true
                    }
                    let state = try Self.journal { () throws(JournalError) in try tracker.apply(record, line: line.line) }
                    report.statesRead += 1
                    let current = Self.matches(jsonPath, in: state)
                    if searching, let before = previous, current != before {
                        let change = ValueChange(step: step, action: record.action, old: before, new: current)
                        report.changeCount += 1
                        if keeping { report.changes.append(change) }
                        found(change)
                    }
                    previous = current
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
        } catch {
            throw .journal(error)
        }
        if let failure { throw failure }
        if !report.cancelled { finish(stream) }
        if range == nil { report.steps = firstStep..<(lastSeen + 1) } else if lastSeen < steps.upperBound - 1 {
            throw .noSuchStep(steps.upperBound - 1, source: path, range: firstStep...max(firstStep, lastSeen))
        }
        if report.changeCount == 0, previous?.isEmpty ?? true, !report.steps.isEmpty, !report.cancelled {
            try JournalSource(path: path).requirePathExists(jsonPath)
        }
        return report
    }

    /// The steps whose action's type matches `typePattern` (all when `nil`), handed to `found` in order;
    /// a damaged step is left out. Returns how many were found.
    @discardableResult
    package func log(typePattern: ActionPattern? = nil, isCancelled: () -> Bool = { false },
                     found: (StepSummary) -> Void) throws(DebuggerError) -> Int {
        let stream = try open()
        var count = 0
        var verdicts: [String: Bool] = [:]
        var failure: DebuggerError?
        var cancelled = false
        do throws(JournalError) {
            try stream.forEachStep { line in
                do throws(DebuggerError) {
                    try Self.noteDamage(line, stream: stream, notice: notice)
                    if line.step & 1023 == 0, isCancelled() {
                        cancelled = true
                        return false
                    }
                    if line.damage != nil { return true }
                    let action = try Self.journal { () throws(JournalError) in try stream.action(of: line) }
                    if let typePattern {
                        let matches = verdicts[action.type] ?? {
                            let verdict = typePattern.matchesType(action.type)
                            if verdicts.count < 4096 { verdicts[action.type] = verdict }
                            return verdict
                        }()
                        guard matches else { return true }
                    }
                    count += 1
                    found(StepSummary(step: line.step, line: line.line, action: action, time: line.time))
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
        } catch {
            throw .journal(error)
        }
        if let failure { throw failure }
        if cancelled { throw .cancelled("Interrupted: the log stopped before it finished.") }
        finish(stream)
        return count
    }

    /// The first step at which `predicate` holds, scanning every step from the base step in order.
    package func bisectLinear(_ predicate: StatePredicate, isCancelled: () -> Bool = { false }) throws(DebuggerError) -> BisectReport {
        let stream = try open()
        let base = stream.header.firstStep - 1
        var report = BisectReport(predicate: predicate.source, step: nil, action: nil, method: .forcedLinearScan,
                                  statesRead: 1, steps: base...base, cancelled: false)
        if predicate.evaluate(state: stream.header.initialState, action: nil, step: base) {
            report.step = base
            return report
        }
        var tracker = StreamedState(stream: stream)
        var failure: DebuggerError?
        var previousStep = base
        do throws(JournalError) {
            try stream.forEachStep { line in
                do throws(DebuggerError) {
                    try Self.noteDamage(line, stream: stream, notice: notice)
                    report.steps = base...line.step
                    // Found: the rest is read only for the number of the last step.
                    if report.step != nil { return true }
                    if line.step & 1023 == 0, isCancelled() {
                        report.cancelled = true
                        return false
                    }
                    if let damage = line.damage { throw DebuggerError.journal(stream.unreadable(line.step, through: line.step, line: damage.line ?? line.line)) }
                    if line.parent != previousStep {
                        tracker.reset(to: try JournalSource(path: path).state(at: line.parent), at: line.parent)
                    }
                    previousStep = line.step
                    let record = try Self.journal { () throws(JournalError) in try stream.parse(line) }
                    let state = try Self.journal { () throws(JournalError) in try tracker.apply(record, line: line.line) }
                    report.statesRead += 1
                    if predicate.evaluate(state: state, action: record.action.jsonValue, step: line.step) {
                        report.step = line.step
                        report.action = record.action
                    }
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
        } catch {
            throw .journal(error)
        }
        if let failure { throw failure }
        if report.cancelled { return report }
        finish(stream)
        if report.step == nil { try JournalSource(path: path).requirePathsExist(of: predicate) }
        return report
    }

    private func open() throws(DebuggerError) -> JournalStream {
        do {
            return try JournalStream(path: path)
        } catch {
            throw .journal(error)
        }
    }

    private func finish(_ stream: JournalStream) {
        if let torn = stream.torn { notice(.torn(torn)) }
    }

    private static func noteDamage(_ line: JournalStream.StepLine, stream: JournalStream, notice: (Notice) -> Void) throws(DebuggerError) {
        if let damage = line.damage, stream.damagedLineCount == 1 { notice(.damaged(damage)) }
    }

    private static func journal<T>(_ body: () throws(JournalError) -> T) throws(DebuggerError) -> T {
        do {
            return try body()
        } catch {
            throw .journal(error)
        }
    }

    /// The first key of the locations a path depends on, when it is an object member: the prefilter
    /// looks for it. An array index (which an insertion before it moves) or the whole document gives none.
    private static func filterKeys(_ dependency: JSONPathDependency) -> [String] {
        guard let first = dependency.prefix.tokens.first, !first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), first != "-" else { return [] }
        return [first]
    }

    /// The locations a patch may change and the containers it resizes (see ``JournalSource``).
    private static func reach(of patch: JSONPatch) -> ([JSONPointer], [JSONPointer]) {
        var changed: [JSONPointer] = []
        var containers: [JSONPointer] = []
        for operation in patch.operations {
            let structural = operation.name != "replace" && operation.name != "test"
            changed.append(reach(of: operation.path, structural: structural))
            if structural, let parent = operation.path.parent { containers.append(parent) }
            if let from = operation.from {
                changed.append(reach(of: from, structural: operation.name == "move"))
                if operation.name == "move", let parent = from.parent { containers.append(parent) }
            }
        }
        return (changed, containers)
    }

    private static func reach(of pointer: JSONPointer, structural: Bool) -> JSONPointer {
        guard structural, let last = pointer.tokens.last, last == "-" || last.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let parent = pointer.parent else { return pointer }
        return parent
    }

    private static func matches(_ path: JSONPath, in state: JSONValue) -> [ValueChange.Match] {
        path.evaluate(on: state).map { ValueChange.Match(pointer: $0.pointer, value: $0.value) }
    }
}
