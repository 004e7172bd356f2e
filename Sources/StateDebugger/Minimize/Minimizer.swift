import StateJSON
import StateJournal
import StateQuery
import StateRecorder

/// Finds a small subsequence of a recording's actions that still makes a predicate true, by delta
/// debugging (Zeller's ddmin), and writes it as a new recording.
///
/// A candidate subsequence is replayed from the recording's initial state through the current code;
/// it reproduces when the predicate holds after one of its steps (the `step` a predicate sees is the
/// position in the candidate, 1 for its first action, as in the file that would be written). A
/// candidate whose replay fails (an unknown or undecodable action, or one a validator rejects)
/// does not reproduce. The result is 1-minimal: removing any one kept action loses the bug.
///
/// A step whose action cannot run (``StateJournal/JournalAction/ReplayMode``: recorded without
/// `Codable`, such as a store's own start-up action, or a state replacement) takes what the recording
/// holds for it, as `replay --verify` takes its recorded state: the change it recorded
/// (``RecordedChanges``), which is its recorded state whenever the candidate stands where the recording
/// stood, and does not bring back the steps a candidate left out. The report names the kept steps that
/// were taken so (``MinimizeReport/notReplayed``). A recording none of whose steps can be replayed is
/// refused: there is nothing to minimize.
///
/// ```swift
/// let minimizer = Minimizer(source: source, app: bankApp)
/// let report = try minimizer.minimize(StatePredicate(parsing: "any(.accounts[*] < 0)"))
/// try minimizer.write(report.keptSteps, to: "overdraft-min.jsonl")
/// ```
public struct Minimizer {
    /// The recording.
    public let source: any RecordingSource
    /// The app whose current code replays the candidates.
    public let app: any RegisteredApp

    /// A minimizer of `source`'s actions replayed by `app`.
    public init(source: any RecordingSource, app: any RegisteredApp) {
        self.source = source
        self.app = app
    }

    /// Runs ddmin over the recorded actions.
    ///
    /// - Parameters:
    ///   - isCancelled: Polled before each replay and at each replayed step; the report then holds the
    ///     smallest candidate so far (every action when the first replay is cut short).
    ///   - progress: Called after each replay with the size of the smallest reproducing candidate.
    /// - Throws: The replay error when the whole recording cannot be replayed through the current code
    ///   (an unknown or undecodable action, a state that does not decode, an action a validator now
    ///   rejects), else ``DebuggerError/predicateNeverHolds(_:source:)`` when it does not make the
    ///   predicate true.
    public func minimize(_ predicate: StatePredicate, isCancelled: () -> Bool = { false },
                         progress: (Int) -> Void = { _ in }) throws(DebuggerError) -> MinimizeReport {
        let actions = try recordedActions()
        try refuseNothingReplayable(actions)
        let initial = try source.state(at: source.baseStep)
        var taken = RecordedChanges(source: source)
        var tests = 0
        var cache: [[Int]: Bool] = [:]
        func reproduces(_ candidate: [Int]) -> Bool {
            if let known = cache[candidate] { return known }
            let result = replayHolds(candidate, of: actions, from: initial, taking: &taken, predicate: predicate,
                                     isCancelled: isCancelled)
            // A replay cut short proves nothing, so it is neither remembered nor counted.
            if !isCancelled() {
                cache[candidate] = result
                tests += 1
            }
            return result
        }
        let all = Array(actions.indices)
        guard reproduces(all) else {
            if isCancelled() {
                return report(predicate, actions, kept: all, replays: tests, cancelled: true)
            }
            // Candidates that fail to replay merely do not reproduce; the whole recording failing is the news.
            if let failure = replayFailure(actions, from: initial, taking: &taken) { throw failure }
            try source.requirePathsExist(of: predicate)
            throw .predicateNeverHolds(predicate.source, source: source.name)
        }

        var current = all
        var granularity = 2
        var cancelled = false
        search: while current.count >= 2 {
            let chunks = Self.split(current, into: granularity)
            for chunk in chunks {
                if isCancelled() { cancelled = true; break search }
                if reproduces(chunk) {
                    current = chunk
                    granularity = 2
                    progress(current.count)
                    continue search
                }
            }
            if chunks.count > 2 {
                for index in chunks.indices {
                    if isCancelled() { cancelled = true; break search }
                    let complement = chunks.indices.filter { $0 != index }.flatMap { chunks[$0] }
                    if reproduces(complement) {
                        current = complement
                        granularity = max(granularity - 1, 2)
                        progress(current.count)
                        continue search
                    }
                }
            }
            if granularity >= current.count { break }
            granularity = min(current.count, granularity * 2)
        }
        return report(predicate, actions, kept: current, replays: tests, cancelled: cancelled)
    }

    /// The report of a search that kept the actions at the indices `kept`.
    private func report(_ predicate: StatePredicate, _ actions: [JournalAction], kept: [Int], replays: Int,
                        cancelled: Bool) -> MinimizeReport {
        let base = source.baseStep
        let notReplayed = kept.filter { actions[$0].replayMode != .decode }.map { index in
            UnreplayableStep(step: base + 1 + index, line: source.line(ofStep: base + 1 + index), type: actions[index].type)
        }
        return MinimizeReport(predicate: predicate.source, originalCount: actions.count, keptSteps: kept.map { base + 1 + $0 },
                              replays: replays, cancelled: cancelled, notReplayed: notReplayed)
    }

    /// Refuses a recording none of whose steps can be replayed: every candidate would be a list of
    /// recorded states, which proves nothing about the reducer.
    private func refuseNothingReplayable(_ actions: [JournalAction]) throws(DebuggerError) {
        guard !actions.isEmpty, !actions.contains(where: { $0.replayMode == .decode }) else { return }
        let base = source.baseStep
        let steps = actions.enumerated().filter { $0.element.replayMode == .notReplayable }.map { index, action in
            UnreplayableStep(step: base + 1 + index, line: source.line(ofStep: base + 1 + index), type: action.type)
        }
        throw .nothingReplayable(source: source.name, steps: actions.count, notReplayed: NotReplayedActions(steps),
                                 consequence: "there is nothing to minimize")
    }

    /// Writes the actions of `steps` (recorded step numbers) as a new recording: the original header
    /// and initial state, steps numbered from 1, states produced by replaying them.
    ///
    /// - Throws: ``DebuggerError/fileExists(path:)`` unless `force`, and replay errors naming the step.
    @discardableResult
    package func write(_ steps: [Int], to path: String, force: Bool = false) throws(DebuggerError) -> SaveReport {
        var actions: [JournalAction] = []
        for step in steps {
            try source.checkStep(step, allowBase: false)
            actions.append(try source.action(at: step))
        }
        var header = source.info.header
        header.tool = JournalFormat.tool
        // Every hash is computed again as the file is written, so it takes today's version.
        header.version = JournalFormat.currentVersion
        header.firstStep = 1
        header.previousFile = nil
        header.initialState = try source.state(at: source.baseStep)
        var replayer = try makeReplayer(from: header.initialState, step: source.baseStep)
        var taken = RecordedChanges(source: source)
        try JournalExport(path: path, force: force, header: header, inputs: [source.name]).write(count: actions.count) { (index) throws(DebuggerError) in
            let action = actions[index]
            if action.replayMode != .decode {
                // A step no replay can run takes the change it recorded.
                replayer = try makeReplayer(from: try taken.apply(step: steps[index], to: replayer.state), step: steps[index])
            } else {
                let outcome = try apply(action, to: replayer, step: steps[index])
                if case .rejected(let rejection) = outcome {
                    throw .replayFailed(.undecodableAction(action.type, detail: "the validator \(rejection.validator) rejects it: \(rejection.reason)"),
                                        step: steps[index], line: source.line(ofStep: steps[index]), source: source.name)
                }
            }
            return JournalExport.Entry(action: action, state: replayer.state, time: 0, parent: nil)
        }
        return SaveReport(path: path, branch: "minimized", steps: actions.count)
    }

    private func apply(_ action: JournalAction, to replayer: any Replayer, step: Int) throws(DebuggerError) -> ReplayOutcome {
        do {
            return try source.apply(action, to: replayer)
        } catch {
            throw DebuggerError(replaying: error, step: step, in: source)
        }
    }

    private func recordedActions() throws(DebuggerError) -> [JournalAction] {
        var actions: [JournalAction] = []
        actions.reserveCapacity(source.stepCount)
        guard source.lastStep > source.baseStep else { return [] }
        try source.forEachActionAndHash((source.baseStep + 1)...source.lastStep) { (_, action, _) throws(DebuggerError) -> Bool in
            actions.append(action)
            return true
        }
        return actions
    }

    private func makeReplayer(from state: JSONValue, step: Int) throws(DebuggerError) -> any Replayer {
        do {
            return try app.makeReplayer(from: state)
        } catch {
            throw .replayFailed(error, step: step, line: source.line(ofStep: step), source: source.name)
        }
    }

    /// Why replaying every recorded action through the current code fails, or `nil` when it does not.
    private func replayFailure(_ actions: [JournalAction], from initial: JSONValue,
                               taking taken: inout RecordedChanges) -> DebuggerError? {
        let base = source.baseStep
        do throws(DebuggerError) {
            var replayer = try makeReplayer(from: initial, step: base)
            for (offset, action) in actions.enumerated() {
                let step = base + 1 + offset
                if action.replayMode != .decode {
                    replayer = try makeReplayer(from: try taken.apply(step: step, to: replayer.state), step: step)
                } else if case .rejected(let rejection) = try apply(action, to: replayer, step: step) {
                    return .replayFailed(.undecodableAction(action.type, detail: "the validator \(rejection.validator) rejects it: \(rejection.reason)"),
                                         step: step, line: source.line(ofStep: step), source: source.name)
                }
            }
        } catch {
            return error
        }
        return nil
    }

    /// Whether replaying the actions at the indices `candidate` from `initial` makes `predicate` true
    /// after some step.
    private func replayHolds(_ candidate: [Int], of actions: [JournalAction], from initial: JSONValue,
                             taking taken: inout RecordedChanges, predicate: StatePredicate, isCancelled: () -> Bool) -> Bool {
        guard var replayer = try? app.makeReplayer(from: initial) else { return false }
        for (offset, index) in candidate.enumerated() {
            let action = actions[index]
            if offset & 255 == 255, isCancelled() { return false }
            if action.replayMode != .decode {
                guard let changed = try? taken.apply(step: source.baseStep + 1 + index, to: replayer.state),
                      let fresh = try? app.makeReplayer(from: changed) else { return false }
                replayer = fresh
            } else {
                guard case .applied? = try? source.apply(action, to: replayer) else { return false }
            }
            if predicate.evaluate(state: replayer.state, action: action.jsonValue, step: offset + 1) { return true }
        }
        return false
    }

    /// `items` cut into `count` nearly equal, contiguous, non-empty chunks.
    static func split(_ items: [Int], into count: Int) -> [[Int]] {
        let parts = min(max(count, 1), items.count)
        var chunks: [[Int]] = []
        var start = 0
        for part in 0..<parts {
            let end = start + (items.count - start) / (parts - part)
            chunks.append(Array(items[start..<end]))
            start = end
        }
        return chunks
    }
}
