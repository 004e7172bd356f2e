import StateJSON
import StateEncoding
import StateJournal
import StateRecorder

/// Re-runs every recorded action through the current reducer and checks each result against the
/// recording: the regression test a recording is.
///
/// Each step's result is compared by fingerprint with the hash its line records, so recorded states
/// are rebuilt only at a mismatch. A step whose action cannot run (``StateJournal/JournalAction/ReplayMode``:
/// a state replacement, or an action recorded without `Codable`) is not run: the replay continues from
/// the state it recorded, and the report counts it (``VerifyReport/replayedSteps``,
/// ``VerifyReport/notReplayed``); a report that replayed no step does not pass. The schema check
/// (``SchemaCompatibility``) comes first and is reported whatever its outcome; when it finds the recording incompatible, a state or action that
/// then fails to decode is the expected consequence, reported in ``VerifyReport/failure`` rather than
/// thrown, so the verdict that explains it is not lost.
///
/// ```swift
/// let verifier = ReplayVerifier(source: try JournalSource(path: "counter.jsonl"), app: counterApp)
/// let report = try verifier.verify(isCancelled: { interrupted.load(ordering: .relaxed) })
/// report.passed        // true
/// ```
public struct ReplayVerifier {
    /// The recording.
    public let source: any RecordingSource
    /// The app whose current code replays it.
    public let app: any RegisteredApp

    /// A verifier of `source` against `app`.
    public init(source: any RecordingSource, app: any RegisteredApp) {
        self.source = source
        self.app = app
    }

    /// The schema check alone: of the recording as the app's migrations leave it, when it is read
    /// through them, and of a journal against the version of the types it was made with.
    public var compatibility: SchemaCompatibility {
        if let migrated = source as? MigratedSource { return migrated.migration.compatibility }
        if source.info.format == .journal, let migration = try? RecordingMigration(app: app, header: source.info.header) {
            return migration.compatibility
        }
        return app.schema.compatibility(withRecorded: source.info.schema)
    }

    /// The migrations the recording is read through, when it is (see ``RecordingLoader/readingThrough(_:_:)``).
    public var migration: AppliedMigration? {
        (source as? MigratedSource)?.plan.applied
    }

    /// Replays the recording and stops at the first divergence.
    ///
    /// - Parameters:
    ///   - progressInterval: How many steps pass between calls of `progress`.
    ///   - progress: Called with the last step replayed, every `progressInterval` steps.
    ///   - isCancelled: Polled as often as `progress`; returning `true` stops the replay, and the report
    ///     says it was cancelled.
    /// - Throws: ``DebuggerError/unknownActionType(_:step:line:source:known:)`` for an action the current
    ///   code does not know, ``DebuggerError/replayFailed(_:step:line:source:)`` for one that does not
    ///   decode (both only when the schema is not incompatible; otherwise they are the report's
    ///   ``VerifyReport/failure``), and ``DebuggerError/journal(_:)`` when the file cannot be read.
    public func verify(progressInterval: Int = 4096, progress: (Int) -> Void = { _ in },
                       isCancelled: () -> Bool = { false }) throws(DebuggerError) -> VerifyReport {
        try verify(checkingRecordedStatesThrough: nil, progressInterval: progressInterval, progress: progress, isCancelled: isCancelled)
    }

    /// Replays the recording through step `last` and also checks, in the same pass over the file, that
    /// each step's recorded state (its keyframe, or its patch applied to the state before it) has the
    /// hash its line records: what `statedbg replay --verify` proves, in one read of each line. The
    /// lines are read, their states checked and their actions decoded on a second thread, a bounded
    /// number of steps ahead of the replay (``RecordedStepPipeline``); what either finds is reported
    /// as one thread would report it.
    ///
    /// The recorded states are checked through `last` whatever the replay finds: a recorded state that
    /// does not match its hash is thrown as ``DebuggerError/journal(_:)`` (the journal is damaged, which
    /// outweighs any verdict), also when the replay stopped before it at a divergence or an error. Only
    /// a cancellation stops both. A source that is not a journal gets the replay of ``verify(progressInterval:progress:isCancelled:)``,
    /// since its states carry no hashes to check.
    package func verify(checkingRecordedStatesThrough last: Int?, progressInterval: Int = 4096, progress: (Int) -> Void = { _ in },
                        isCancelled: () -> Bool = { false }) throws(DebuggerError) -> VerifyReport {
        let base = source.baseStep
        var report = VerifyReport(compatibility: compatibility, source: source.name, firstStep: base + 1,
                                  checkedThrough: base, lastStep: source.lastStep, divergence: nil, cancelled: false)
        report.migration = migration
        let journal = last == nil ? nil : (source as? JournalSource) ?? (source as? MigratedSource)?.journal
        var recordedThrough = base
        do {
            try replay(into: &report, checkingRecorded: journal.map { ($0, last ?? $0.lastStep) }, recordedThrough: &recordedThrough,
                       progressInterval: progressInterval, progress: progress, isCancelled: isCancelled)
        } catch {
            if let journal, let last { try Self.checkRecordedStates(of: journal, after: recordedThrough, through: last) }
            guard case .incompatible = report.compatibility else { throw error }
            switch error {
            case .replayFailed, .unknownActionType, .migration: report.failure = error
            default: throw error
            }
            return report
        }
        if let journal, let last, !report.cancelled { try Self.checkRecordedStates(of: journal, after: recordedThrough, through: last) }
        return report
    }

    /// Checks the recorded states of the steps after `step` through `last` against their hashes: the
    /// rest of the recording after the replay stopped early.
    private static func checkRecordedStates(of journal: JournalSource, after step: Int, through last: Int) throws(DebuggerError) {
        guard step < last else { return }
        var mismatch: DebuggerError?
        do {
            try journal.reader.forEachRecordedStep((step + 1)...last) { recorded in
                mismatch = hashMismatch(recorded, in: journal)
                return mismatch == nil
            }
        } catch {
            throw .journal(error)
        }
        if let mismatch { throw mismatch }
    }

    /// The error for a recorded state that does not have the hash its line records; `nil` when it has.
    private static func hashMismatch(_ recorded: RecordedStep, in journal: JournalSource) -> DebuggerError? {
        guard recorded.fingerprint != recorded.hash else { return nil }
        return .journal(JournalError(.malformed, path: journal.name, line: journal.line(ofStep: recorded.step),
                                     "step \(recorded.step) records hash \(StateFingerprint.hex(recorded.hash)) but its rebuilt state hashes to \(StateFingerprint.hex(recorded.fingerprint)); the journal was edited or damaged."))
    }

    /// The redaction the recorder applied, from the header's `options.redaction`; `nil` when none.
    var redaction: Redaction? {
        guard case .object(let options) = source.info.header.options, case .object(let rules)? = options["redaction"] else { return nil }
        let paths = (rules["paths"]?.arrayValue ?? []).compactMap(\.stringValue)
        let keys = (rules["keys"]?.arrayValue ?? []).compactMap(\.stringValue)
        guard let redaction = try? Redaction(paths: paths, keys: keys), !redaction.isEmpty else { return nil }
        return redaction
    }

    /// - Parameters:
    ///   - checkingRecorded: The journal whose recorded states are checked in the same pass, and the
    ///     last step to check and replay; `nil` replays every step and checks only the replayed states.
    ///   - recordedThrough: Set to the last step whose recorded state was checked.
    private func replay(into report: inout VerifyReport, checkingRecorded: (journal: JournalSource, last: Int)?,
                        recordedThrough: inout Int, progressInterval: Int, progress: (Int) -> Void,
                        isCancelled: () -> Bool) throws(DebuggerError) {
        let base = source.baseStep
        let end = checkingRecorded?.last ?? source.lastStep
        guard end > base else { return }
        // A redacted recording is compared as the recorder wrote it: each replayed state redacted the
        // same way, against the redacted hashes. It starts from the app's initial state when that,
        // redacted, is the recorded one.
        let redaction = self.redaction
        // The replayer fingerprints as today's journals do; a recording of an older version is checked
        // under its own scheme.
        let scheme = source.info.header.fingerprintScheme
        let fingerprinter = IncrementalFingerprinter(scheme: scheme)
        let replayerFingerprints = redaction == nil && scheme == JournalFormat.fingerprintScheme
        if let redaction { report.redaction = redaction.paths + redaction.keys.sorted() }
        var replayer: any Replayer
        if let redaction {
            do {
                replayer = try makeRedactedStart(at: base, redaction)
            } catch {
                // A recording that starts mid-session (a flight recorder's crash journal) from a state
                // with redacted values has nothing to replay from: its steps are skipped, as those of a
                // redacted action are, rather than the whole verification refused.
                guard Self.holdsPlaceholder(try source.state(at: base)) else { throw error }
                report.redactedFrom = base + 1
                return
            }
        } else {
            replayer = try makeReplayer(at: base)
        }
        var replayerStep = base
        let isJournal = source.info.format == .journal
        // A divergence's diff writes a `Date`'s ISO 8601 rendering beside its number.
        let renderer = JSONDiffRenderer(notes: JSONValueNotes(stateSchema: source.info.schema["state"] ?? .null))
        // A divergence names the action as the current code labels it.
        let migrated = source as? MigratedSource
        func shown(_ action: JournalAction, at step: Int) -> JournalAction {
            guard let migrated else { return action }
            return (try? migrated.record(at: step).action) ?? action
        }
        let interval = max(1, progressInterval)
        var untilCheck = interval
        func visit(_ step: Int, _ action: JournalAction, _ hash: UInt64?, predecoded: PredecodedAction? = nil) throws(DebuggerError) -> Bool {
            untilCheck -= 1
            if untilCheck == 0 {
                untilCheck = interval
                progress(step - 1)
                if isCancelled() {
                    report.cancelled = true
                    return false
                }
            }
            let parent = source.parent(ofStep: step)
            switch action.replayMode {
            case .decode:
                break
            case .recordedState, .notReplayable:
                // No action to run (a state set from outside the reducer), or nothing can decode it:
                // continue from the recorded state when the state type can be decoded, else stop there
                // and say why.
                let taken = UnreplayableStep(step: step, line: source.line(ofStep: step), type: action.type)
                do {
                    replayer = try makeReplayer(at: step)
                } catch {
                    report.stoppedAt = taken
                    return false
                }
                replayerStep = step
                report.checkedThrough = step
                if action.replayMode == .notReplayable { report.notReplayed.append(taken) } else { report.stateReplacements += 1 }
                return true
            }
            if redaction != nil, Self.holdsPlaceholder(action.payload) || parent != replayerStep {
                // Redacted values cannot be decoded: nothing can be replayed from here on.
                report.redactedFrom = step
                return false
            }
            if parent != replayerStep {
                // The recording travelled back before this step: continue from the recorded parent state.
                replayer = try makeReplayer(at: parent)
            }
            switch try apply(action, predecoded: predecoded, to: replayer, step: step, isJournal: isJournal) {
            case .rejected(let rejection):
                report.divergence = Divergence(
                    step: step, line: source.line(ofStep: step), source: source.name, action: shown(action, at: step),
                    kind: .rejected(rejection), recorded: source.hasState(at: step) ? try source.state(at: step) : replayer.state,
                    actual: redaction?.apply(to: replayer.state) ?? replayer.state, renderer: renderer)
                return false
            case .applied:
                let actual = redaction?.apply(to: replayer.state) ?? replayer.state
                let fingerprint = replayerFingerprints ? replayer.fingerprint : fingerprinter.fingerprint(actual)
                // An export that holds no state for the step (the extension's Export file) is computed, not compared.
                let matches = if let hash { fingerprint == hash } else if !source.hasState(at: step) { true } else { try source.state(at: step) == actual }
                if !matches {
                    report.divergence = Divergence(
                        step: step, line: source.line(ofStep: step), source: source.name, action: shown(action, at: step),
                        kind: .stateMismatch, recorded: try source.state(at: step), actual: actual, renderer: renderer)
                    return false
                }
            }
            replayerStep = step
            report.checkedThrough = step
            report.replayedSteps += 1
            return true
        }
        if let journal = checkingRecorded?.journal {
            // The pipeline checks each recorded hash before the visit replays the step; the actions are
            // decoded on the reading thread too, by a decoder of their own.
            let decoder = (replayer as? any ActionPredecoding)?.makeActionDecoder()
            try replayPipelined(journal, steps: (base + 1)...end, decoder: decoder, migration: migrated?.plan, checked: { recordedThrough = $0 },
                                visit: { (step) throws(DebuggerError) in
                                    if let read = step.migrated {
                                        let (action, hash) = try read.get()
                                        return try visit(step.recorded.step, action, hash, predecoded: step.predecoded)
                                    }
                                    return try visit(step.recorded.step, step.recorded.action, step.recorded.hash,
                                                     predecoded: step.predecoded)
                                },
                                wasCancelled: { report.cancelled })
        } else {
            try source.forEachActionAndHash((base + 1)...end) { (step, action, hash) throws(DebuggerError) -> Bool in
                try visit(step, action, hash)
            }
        }
        if report.cancelled || report.divergence != nil || report.stoppedAt != nil || report.redactedFrom != nil { return }
        progress(source.lastStep)
    }

    /// Replays `steps` of `journal` as a ``RecordedStepPipeline`` reads them on another thread: each
    /// step's recorded state is checked against its hash, then its action replayed, in order.
    ///
    /// When the replay stops before the end (a divergence, a stop, a replay error), the recorded states
    /// after it are still checked from the same pipeline through the last step, and a damaged one is
    /// thrown instead of the replay's error: the journal's damage outweighs any verdict. Only a
    /// cancellation stops both.
    ///
    /// - Parameters:
    ///   - checked: Called with each step whose recorded state was checked.
    ///   - visit: Replays a step; `false` stops the replay.
    ///   - wasCancelled: Whether the replay stopped because it was cancelled.
    private func replayPipelined(_ journal: JournalSource, steps: ClosedRange<Int>, decoder: (any ActionDecoding)?,
                                 migration: MigrationPlan?, checked: (Int) -> Void, visit: (RecordedStepPipeline.Step) throws(DebuggerError) -> Bool,
                                 wasCancelled: () -> Bool) throws(DebuggerError) {
        let pipeline: RecordedStepPipeline
        do {
            pipeline = try RecordedStepPipeline(journal.reader, steps: steps, decoder: decoder, migration: migration)
        } catch {
            throw .journal(error)
        }
        defer { pipeline.stop() }
        var replaying = true
        /// What stopped the replay, thrown once the rest of the journal proves intact.
        var replayError: DebuggerError?
        while true {
            switch pipeline.next() {
            case .steps(let batch):
                for step in batch {
                    if let mismatch = Self.hashMismatch(step.recorded, in: journal) { throw mismatch }
                    checked(step.recorded.step)
                    guard replaying else { continue }
                    do throws(DebuggerError) {
                        replaying = try visit(step)
                    } catch {
                        replayError = error
                        replaying = false
                    }
                    if !replaying, wasCancelled() { return }
                }
            case .failed(let error):
                throw .journal(error)
            case .finished:
                if let replayError { throw replayError }
                return
            }
        }
    }

    /// A replayer for a redacted recording's first state: the recorded one when it decodes (nothing
    /// in it was redacted), else the app's initial state when redacting it gives the recorded one.
    private func makeRedactedStart(at step: Int, _ redaction: Redaction) throws(DebuggerError) -> any Replayer {
        let recorded = try source.state(at: step)
        if !Self.holdsPlaceholder(recorded) { return try makeReplayer(at: step) }
        guard let initial = try? app.initialStateJSON(), redaction.apply(to: initial) == recorded else {
            throw .replayFailed(.undecodableState(detail: "values in it are redacted, and it is not the app's initial state redacted, so the replay has nothing to start from"),
                                step: step, line: source.line(ofStep: step), source: source.name)
        }
        do {
            return try app.makeReplayer(from: initial)
        } catch {
            throw .replayFailed(error, step: step, line: source.line(ofStep: step), source: source.name)
        }
    }

    /// Whether `value` holds the placeholder a redaction leaves.
    package static func holdsPlaceholder(_ value: JSONValue) -> Bool {
        switch value {
        case .string:
            return value == Redaction.placeholder
        case .array(let elements):
            return elements.contains { holdsPlaceholder($0) }
        case .object(let object):
            return object.values.contains { holdsPlaceholder($0) }
        default:
            return false
        }
    }

    private func makeReplayer(at step: Int) throws(DebuggerError) -> any Replayer {
        let state = try source.state(at: step)
        do {
            return try app.makeReplayer(from: state)
        } catch {
            throw .replayFailed(error, step: step, line: source.line(ofStep: step), source: source.name)
        }
    }

    /// - Parameters:
    ///   - predecoded: The action as a decoder of the replayer's app decoded it ahead, on another thread.
    ///   - isJournal: Whether the source is a journal, whose actions carry the app's own tags and
    ///     go to the replayer as they are (the answer of `source.apply`, asked once rather than per step).
    private func apply(_ action: JournalAction, predecoded: PredecodedAction?, to replayer: any Replayer, step: Int,
                       isJournal: Bool) throws(DebuggerError) -> ReplayOutcome {
        do {
            if isJournal, let predecoded, let predecoding = replayer as? any ActionPredecoding {
                return try predecoding.apply(action, predecoded: predecoded)
            }
            return try isJournal ? replayer.apply(action) : source.apply(action, to: replayer)
        } catch {
            throw DebuggerError(replaying: error, step: step, in: source)
        }
    }
}

extension DebuggerError {
    /// The error for a replay failure at a step of `source`, naming unknown action types plainly.
    init(replaying error: ReplayError, step: Int, in source: any RecordingSource) {
        if case .unknownActionType(let type, let detail) = error {
            let known = detail.hasPrefix("known types: ") ? String(detail.dropFirst("known types: ".count)) : detail
            self = .unknownActionType(type, step: step, line: source.line(ofStep: step), source: source.name, known: known)
        } else {
            self = .replayFailed(error, step: step, line: source.line(ofStep: step), source: source.name)
        }
    }
}
