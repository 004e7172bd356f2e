import Foundation
import StateDebugger
import StateJSON
import StateJournal
import StateRecorder

/// Replays recordings through an app's current reducer and returns what it found, without
/// recording test failures: the value-returning side of
/// ``assertReplay(_:app:invariants:strict:fileID:filePath:line:column:)-(_,RecordableApp<State,Action>,_,_,_,_,_,_)``.
///
/// The replay itself is `ReplayVerifier`'s: the schema is checked first (an incompatible
/// schema stops the replay, a risky one adds a note), then every action runs through the reducer and
/// validators and each state is compared with the recorded one. Invariants are checked on the states
/// the replay confirmed, from the initial state up to the first divergence, and the earlier of a
/// broken invariant and a divergence is the failure. A replay that could run none of the recording's
/// steps checked nothing, and fails (``ReplayFailure/nothingReplayed(steps:notReplayed:)``).
///
/// ```swift
/// let result = RecordingReplay.run(recording: "Recordings/counter.jsonl", app: CounterApp.app,
///                                  invariants: [".count >= 0"])
/// print(result.message ?? "passed")
/// ```
/// ```text
/// passed
/// ```
public enum RecordingReplay {
    /// Replays one recording through `app`.
    ///
    /// - Parameters:
    ///   - recording: A statedbg journal (or a Redux DevTools export); a relative path is resolved
    ///     against the package root that holds `filePath`, then against the working directory.
    ///   - app: The app whose current code replays the recording; its id must be the recording's.
    ///   - invariants: Checked on the initial state and after every step.
    ///   - strict: Whether a step that could not be replayed is a failure rather than a note.
    ///   - filePath: The test file, to find the package root.
    public static func run<State, Action>(
        recording: String, app: RecordableApp<State, Action>, invariants: [Invariant<State>] = [],
        strict: Bool = false, filePath: String = #filePath
    ) -> ReplayResult {
        replay(recording, resolved: RecordingPath.resolve(recording, filePath: filePath), apps: [app],
               invariants: InvariantChecker(invariants), strict: strict)
    }

    /// Replays one recording through an app with a store of its own, described by an
    /// `AppDefinition`: its actions decoded through its registry, run through its reducer.
    ///
    /// - Parameters:
    ///   - recording: A statedbg journal; a relative path is resolved as for the other `run`.
    ///   - app: The app whose current reducer replays the recording; its id must be the recording's.
    ///   - invariants: Checked on the initial state and after every step. Typed invariants need a
    ///     `Decodable` state; predicate texts work on any.
    ///   - strict: Whether a step that could not be replayed is a failure rather than a note.
    ///   - filePath: The test file, to find the package root.
    public static func run<State, Action>(
        recording: String, app: AppDefinition<State, Action>, invariants: [Invariant<State>] = [],
        strict: Bool = false, filePath: String = #filePath
    ) -> ReplayResult {
        replay(recording, resolved: RecordingPath.resolve(recording, filePath: filePath), apps: [app],
               invariants: InvariantChecker(invariants), strict: strict)
    }

    /// Replays every `.jsonl` recording under `folder` (recursively, in path order), each through the
    /// app whose id its header names.
    ///
    /// A recording made by none of `apps` fails rather than being skipped: a file in the folder that
    /// nothing checks would look like a passing test. A missing or empty folder gives one failed result.
    ///
    /// - Parameters:
    ///   - folder: Resolved like a recording path.
    ///   - apps: The apps that may have made the recordings.
    ///   - invariants: `StatePredicate` texts that must hold at every step of every recording.
    ///   - filePath: The test file, to find the package root.
    public static func runAll(
        in folder: String, apps: [any RegisteredApp], invariants: [String] = [], filePath: String = #filePath
    ) -> [ReplayResult] {
        let resolvedFolder = RecordingPath.resolve(folder, filePath: filePath)
        let checker = InvariantChecker(invariants.map(Invariant<Never>.init(predicate:)))
        let names: [String]
        do {
            names = try journalNames(in: resolvedFolder)
        } catch {
            return [ReplayResult(folder: folder, resolved: resolvedFolder, failure: error)]
        }
        guard !names.isEmpty else {
            return [ReplayResult(folder: folder, resolved: resolvedFolder,
                                 failure: .noRecordings(folder: folder, reason: "the folder holds no .jsonl recordings."))]
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return names.map { name in
            replay(prefix + name, resolved: resolvedFolder + "/" + name, apps: apps, invariants: checker)
        }
    }

    private static func journalNames(in folder: String) throws(ReplayFailure) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw .noRecordings(folder: folder, reason: "no such folder.")
        }
        guard isDirectory.boolValue else {
            throw .noRecordings(folder: folder, reason: "this is a file, not a folder of recordings.")
        }
        guard let paths = FileManager.default.subpaths(atPath: folder) else {
            throw .noRecordings(folder: folder, reason: "the folder cannot be listed.")
        }
        return paths.filter { $0.hasSuffix(".jsonl") }.sorted()
    }

    static func replay(_ recording: String, resolved: String, apps: [any RegisteredApp],
                       invariants: InvariantChecker, strict: Bool = false) -> ReplayResult {
        var result = ReplayResult(recording: recording, resolvedPath: resolved, recordedApp: nil, compatibility: nil,
                                  report: nil, failure: nil, notes: [], finalState: nil)
        if let (source, error) = invariants.parseErrors.first {
            result.failure = .badPredicate(source, error)
            return result
        }
        do {
            // A Redux DevTools export names no app; it is replayed with the only app given.
            let recorded = try RecordingLoader.open(path: resolved, app: apps.count == 1 ? apps[0].id : "redux")
            result.recordedApp = recorded.info.app
            guard let app = apps.first(where: { $0.id == recorded.info.app }) else {
                result.failure = .otherApp(recorded: recorded.info.app, given: apps.map(\.id))
                return result
            }
            // A recording made with an earlier version of the app's types is read through its migrations.
            let source = try RecordingLoader.readingThrough(app, recorded)
            let verifier = ReplayVerifier(source: source, app: app)
            if let migration = verifier.migration {
                result.notes.append("the recording was made with version \(migration.from) of the app's types; it was read through \(migration).")
            }
            let compatibility = verifier.compatibility
            result.compatibility = compatibility
            switch compatibility {
            case .compatible:
                break
            case .risky(let reasons):
                result.notes.append("the schema check finds the replay risky but goes on: "
                                    + (reasons.isEmpty ? "additions only" : reasons.joined(separator: "; ")) + ".")
            case .incompatible(let reasons):
                result.failure = .incompatibleSchema(reasons)
                return result
            }
            let report = try verifier.verify()
            result.report = report
            if let note = report.notReplayedNote { result.notes.append(note) }
            if let note = report.stateReplacementNote { result.notes.append(note + ".") }
            if let note = report.redactionNote { result.notes.append(note.replacingOccurrences(of: "\n", with: "; ") + ".") }
            let confirmedThrough = report.divergence.map { $0.step - 1 } ?? report.checkedThrough
            if !invariants.isEmpty, let broken = try firstBrokenInvariant(in: source, through: confirmedThrough, invariants) {
                result.failure = broken
                return result
            }
            if let stoppedAt = report.stoppedAt, report.divergence == nil {
                result.failure = .notReplayable(stoppedAt, stateType: app.stateTypeName)
                return result
            }
            if let divergence = report.divergence {
                switch divergence.kind {
                case .stateMismatch: result.failure = .stateDiffers(divergence)
                case .rejected(let rejection): result.failure = .rejected(divergence, rejection)
                }
                return result
            }
            if report.verifiedNothing {
                result.failure = .nothingReplayed(steps: report.coveredSteps, notReplayed: NotReplayedActions(report.notReplayed))
                return result
            }
            if strict, report.skippedSteps > 0 {
                result.failure = .notEveryStepReplayed(skipped: report.skippedSteps, of: report.coveredSteps,
                                                       notReplayed: NotReplayedActions(report.notReplayed))
                return result
            }
            result.finalState = try source.state(at: source.lastStep)
        } catch {
            result.failure = .unreadable(error)
        }
        return result
    }

    /// Checks the recorded states, which the verifier confirmed equal the replayed ones through `lastStep`.
    private static func firstBrokenInvariant(in source: any RecordingSource, through lastStep: Int,
                                             _ invariants: InvariantChecker) throws(DebuggerError) -> ReplayFailure? {
        guard lastStep >= source.baseStep else { return nil }
        for step in source.baseStep...lastStep {
            let state = try source.state(at: step)
            let action = step == source.baseStep ? nil : try source.action(at: step)
            switch invariants.check(state: state, action: action?.jsonValue, step: step) {
            case .holds:
                continue
            case .broken(let name):
                return .invariantBroken(name: name, step: step, action: action, state: state)
            case .undecodable(let name, let detail):
                return .invariantUncheckable(name: name, step: step, detail: detail)
            }
        }
        return nil
    }
}

extension ReplayResult {
    fileprivate init(folder: String, resolved: String, failure: ReplayFailure) {
        self.init(recording: folder, resolvedPath: resolved, recordedApp: nil, compatibility: nil, report: nil,
                  failure: failure, notes: [], finalState: nil)
    }
}
