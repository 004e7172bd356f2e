import StateJSON
import StateJournal
import StateRecorder

/// Re-runs every recorded action through the current reducer and checks each result against the
/// recording: the regression test a recording is.
///
/// Each step's result is compared by fingerprint with the hash its line records, so recorded states
/// are rebuilt only at a mismatch. Steps of type `statedbg.replaceState` are not run: the replay
/// continues from the state they recorded. The schema check (``SchemaCompatibility``) comes first and
/// is reported whatever its outcome.
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

    /// The schema check alone.
    public var compatibility: SchemaCompatibility {
        app.schema.compatibility(withRecorded: source.info.schema)
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
    ///   decode, and ``DebuggerError/journal(_:)`` when the file cannot be read.
    public func verify(progressInterval: Int = 4096, progress: (Int) -> Void = { _ in },
                       isCancelled: () -> Bool = { false }) throws(DebuggerError) -> VerifyReport {
        let base = source.baseStep
        var report = VerifyReport(compatibility: compatibility, source: source.name, firstStep: base + 1,
                                  checkedThrough: base, lastStep: source.lastStep, divergence: nil, cancelled: false)
        guard source.lastStep > base else { return report }
        var replayer = try makeReplayer(at: base)
        var replayerStep = base
        let interval = max(1, progressInterval)
        var untilCheck = interval
        for step in (base + 1)...source.lastStep {
            untilCheck -= 1
            if untilCheck == 0 {
                untilCheck = interval
                progress(step - 1)
                if isCancelled() {
                    report.cancelled = true
                    return report
                }
            }
            let record = try source.record(at: step)
            let parent = source.parent(ofStep: step)
            if record.action.type == ReplaceStateAction.type {
                replayer = try makeReplayer(at: step)
                replayerStep = step
                report.checkedThrough = step
                continue
            }
            if parent != replayerStep {
                // The recording travelled back before this step: continue from the recorded parent state.
                replayer = try makeReplayer(at: parent)
            }
            let outcome = try apply(record.action, to: replayer, step: step)
            switch outcome {
            case .rejected(let rejection):
                report.divergence = Divergence(
                    step: step, line: source.line(ofStep: step), source: source.name, action: record.action,
                    kind: .rejected(rejection), recorded: try source.state(at: step), actual: replayer.state)
                return report
            case .applied:
                let matches: Bool
                if let hash = record.hash {
                    matches = replayer.fingerprint == hash
                } else {
                    matches = try source.state(at: step) == replayer.state
                }
                if !matches {
                    report.divergence = Divergence(
                        step: step, line: source.line(ofStep: step), source: source.name, action: record.action,
                        kind: .stateMismatch, recorded: try source.state(at: step), actual: replayer.state)
                    return report
                }
            }
            replayerStep = step
            report.checkedThrough = step
        }
        progress(source.lastStep)
        return report
    }

    private func makeReplayer(at step: Int) throws(DebuggerError) -> any Replayer {
        let state = try source.state(at: step)
        do {
            return try app.makeReplayer(from: state)
        } catch {
            throw .replayFailed(error, step: step, line: source.line(ofStep: step), source: source.name)
        }
    }

    private func apply(_ action: JournalAction, to replayer: any Replayer, step: Int) throws(DebuggerError) -> ReplayOutcome {
        do {
            return try replayer.apply(action)
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
