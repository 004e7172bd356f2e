import StateJSON
import StateJournal
import StateQuery

/// Searches a journal file in one pass, without indexing it: `changes`, `log` and a linear `bisect`
/// that print each result as they find it and run in memory that does not grow with the journal.
///
/// A step line whose raw bytes show that it cannot change what is searched is passed over without
/// parsing it: a patch that cannot touch the path (see ``StateJournal/PatchLineFilter``), a keyframe
/// whose bytes at a member path are those of the last keyframe parsed (see
/// ``StateJournal/StateValueProbe``). Every other line is parsed as ``RecordingQuery`` parses it, and
/// the results are the same.
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
    /// Whether lines are looked at as raw bytes before parsing (the default); when `false`, every
    /// line is parsed: the reference the prefilters are tested against.
    package var prefilters = true

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
        var filter = PatchLineFilter(topLevelKeys: prefilters ? Self.filterKeys(dependency) : [])
        var probe = prefilters ? Self.probe(for: jsonPath) : nil
        // The raw bytes of the value at the last keyframe parsed, while no parsed step has changed it
        // since: a keyframe with the same bytes needs no parsing (see StateValueProbe).
        var kept: StateValueProbe.Kept?
        // The one location a member path selects, when a patch that only replaces it tells its new value.
        let replaceable = probe != nil && jsonPath.segments.last != .member("count") ? jsonPath.pointer : nil
        var tracker = StreamedState(stream: stream)
        var previous: [ValueChange.Match]? = Self.matches(jsonPath, in: header.initialState)
        var previousStep = firstStep - 1
        var failure: DebuggerError?
        var lastSeen = firstStep - 1
        var indexed: JournalSource?
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
                        if line.isDamaged { throw DebuggerError.journal(stream.unreadable(step, through: step, line: line.line)) }
                        if step == steps.lowerBound, previous == nil {
                            previous = Self.matches(jsonPath, in: try Self.journal { () throws(JournalError) in try tracker.state(at: step - 1) })
                        }
                    }
                    if line.parent != previousStep {
                        // After a time travel: the state before the step is an earlier one, read through the index.
                        let source: JournalSource
                        if let indexed { source = indexed } else { source = try JournalSource(path: path) }
                        indexed = source
                        let state = try source.state(at: line.parent)
                        tracker.reset(to: state, at: line.parent)
                        previous = Self.matches(jsonPath, in: state)
                        report.statesRead += 1
                        kept = nil
                    }
                    previousStep = step
                    var finding: StateValueProbe.Finding?
                    if line.isKeyframe, !line.isDamaged, previous != nil {
                        finding = probe?.find(in: line)
                        if let finding, let kept, kept.isSame(as: finding) {
                            try Self.journal { () throws(JournalError) in try tracker.pass(over: line) }
                            report.stepsSkipped += 1
                            return true
                        }
                    }
                    if !filter.mayTouch(line) {
                        try Self.journal { () throws(JournalError) in try tracker.pass(over: line) }
                        report.stepsSkipped += 1
                        return true
                    }
                    if line.isDamaged {
                        try Self.journal { () throws(JournalError) in try tracker.pass(over: line) }
                        previous = nil
                        kept = nil
                        return true
                    }
                    let record = try Self.journal { () throws(JournalError) in try stream.parse(line) }
                    if case .patch(let patch) = record.content {
                        let (changed, resized) = Self.reach(of: patch)
                        if prefilters, !dependency.isTouched(changed: changed, resized: resized) {
                            try Self.journal { () throws(JournalError) in try tracker.pass(over: line, parsed: patch) }
                            report.stepsSkipped += 1
                            return true
                        }
                        if let target = replaceable, let before = previous, !before.isEmpty,
                           let value = Self.replacement(in: patch, of: target, dependency: dependency) {
                            // The value was there and the patch only replaces it: no state needs rebuilding.
                            try Self.journal { () throws(JournalError) in try tracker.pass(over: line, parsed: patch) }
                            kept = nil
                            let current = [ValueChange.Match(pointer: target, value: value)]
                            if searching, current != before {
                                let change = ValueChange(step: step, action: record.action, old: before, new: current)
                                report.changeCount += 1
                                if keeping { report.changes.append(change) }
                                found(change)
                            }
                            previous = current
                            return true
                        }
                    }
                    // The step is applied: it may change the value, so the bytes kept no longer stand for it.
                    kept = nil
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
                    if record.isKeyframe, let finding { kept = StateValueProbe.Kept(finding) }
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
        if report.cancelled {
            // The range searched runs to the last step, which the end of the file tells.
            let last = try Self.journal { () throws(JournalError) in try stream.lastStepFromEnd() }
            report.steps = steps.lowerBound..<(min(last, steps.upperBound - 1) + 1)
            return report
        }
        finish(stream)
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
        // The longest run of the pattern without a wildcard must appear in the line of a step it lists.
        let literal = typePattern.map { pattern in
            pattern.text.split(whereSeparator: { $0 == "*" || $0 == "?" }).max { $0.utf8.count < $1.utf8.count }.map { TextLineFilter(String($0)) }
        } ?? nil
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
                    if line.isDamaged { return true }
                    if let literal, !literal.mayContain(line) { return true }
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
        if cancelled { throw .cancelled("log") }
        finish(stream)
        return count
    }

    /// The first step at which `predicate` holds, scanning every step from the base step in order;
    /// for a predicate of the state alone, steps that cannot change what it reads are passed over
    /// without parsing them. `method` is why the search scans (see ``BisectReport/Method/linearScan(for:asked:)``).
    package func bisectLinear(_ predicate: StatePredicate, method: BisectReport.Method = .forcedLinearScan,
                              isCancelled: () -> Bool = { false }) throws(DebuggerError) -> BisectReport {
        let stream = try open()
        let base = stream.header.firstStep - 1
        var report = BisectReport(predicate: predicate.source, step: nil, action: nil, method: method,
                                  statesRead: 1, steps: base...base, cancelled: false)
        if base & 1023 == 0, isCancelled() {
            report.cancelled = true
            return report
        }
        if predicate.evaluate(state: stream.header.initialState, action: nil, step: base) {
            report.step = base
            return report
        }
        var tracker = StreamedState(stream: stream)
        var failure: DebuggerError?
        var previousStep = base
        var indexed: JournalSource?
        // A predicate of the state alone has the same value on states equal at its paths, so the
        // prefilters of `changes` apply: patches that cannot touch the paths, keyframes whose bytes at
        // them are those of the last keyframe parsed (at which the predicate was false).
        var filter = PatchLineFilter(topLevelKeys: [])
        var probes: [StateValueProbe]?
        var kept: [StateValueProbe.Kept]?
        let paths = predicate.referencedPaths
        if prefilters, predicate.readsOnlyState, !paths.isEmpty {
            let made = paths.compactMap(Self.probe(for:))
            if made.count == paths.count { probes = made }
            let keys = paths.map { Self.filterKeys($0.dependency) }
            if keys.allSatisfy({ !$0.isEmpty }) { filter = PatchLineFilter(topLevelKeys: keys.flatMap { $0 }) }
        }
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
                    if line.isDamaged { throw DebuggerError.journal(stream.unreadable(line.step, through: line.step, line: line.line)) }
                    if line.parent != previousStep {
                        let source: JournalSource
                        if let indexed { source = indexed } else { source = try JournalSource(path: path) }
                        indexed = source
                        tracker.reset(to: try source.state(at: line.parent), at: line.parent)
                        kept = nil
                    }
                    previousStep = line.step
                    var findings: [StateValueProbe.Finding]?
                    if line.isKeyframe, let count = probes?.count {
                        findings = []
                        for index in 0..<count {
                            guard let finding = probes?[index].find(in: line) else {
                                findings = nil
                                break
                            }
                            findings?.append(finding)
                        }
                        if let findings, let kept, zip(kept, findings).allSatisfy({ $0.isSame(as: $1) }) {
                            try Self.journal { () throws(JournalError) in try tracker.pass(over: line) }
                            return true
                        }
                    } else if !filter.mayTouch(line) {
                        try Self.journal { () throws(JournalError) in try tracker.pass(over: line) }
                        return true
                    }
                    let record = try Self.journal { () throws(JournalError) in try stream.parse(line) }
                    let state = try Self.journal { () throws(JournalError) in try tracker.apply(record, line: line.line) }
                    report.statesRead += 1
                    if predicate.evaluate(state: state, action: record.action.jsonValue, step: line.step) {
                        report.step = line.step
                        report.action = record.action
                    }
                    kept = record.isKeyframe ? findings.map { $0.map(StateValueProbe.Kept.init) } : nil
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
        if line.isDamaged, stream.damagedLineCount == 1, let damage = stream.damage(of: line) { notice(.damaged(damage)) }
    }

    private static func journal<T>(_ body: () throws(JournalError) -> T) throws(DebuggerError) -> T {
        do {
            return try body()
        } catch {
            throw .journal(error)
        }
    }

    /// A raw-byte probe for a path made of object members only (`.a.b`), or `nil` for any other path.
    static func probe(for path: JSONPath) -> StateValueProbe? {
        var members: [String] = []
        for segment in path.segments {
            guard case .member(let key) = segment else { return nil }
            members.append(key)
        }
        return StateValueProbe(members: members)
    }

    /// The value `patch` leaves at `target` when each of its operations either replaces exactly `target`
    /// or cannot touch what the path depends on; `nil` otherwise (or when none replaces it).
    private static func replacement(in patch: JSONPatch, of target: JSONPointer, dependency: JSONPathDependency) -> JSONValue? {
        var value: JSONValue?
        for operation in patch.operations {
            if operation.name == "replace", operation.path == target, let replaced = operation.value {
                value = replaced
                continue
            }
            let (changed, resized) = reach(of: JSONPatch([operation]))
            if dependency.isTouched(changed: changed, resized: resized) { return nil }
        }
        return value
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
