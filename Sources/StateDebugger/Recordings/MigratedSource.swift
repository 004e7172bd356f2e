import StateJSON
import StateJournal
import StateRecorder

/// A journal made with an earlier version of its app's types, read as today's code reads it: through
/// the app's migrations (``StateRecorder/RecordingMigration``), which turn its initial state, its
/// keyframes, patches and actions, and the actions of its rejected-action events, into the current
/// types' as they are read. The file is never changed.
///
/// The states are followed step after step at the cost of each step's patch
/// (``StateRecorder/MigratedStateWalk``). A step's hash is that of its migrated state, computed when a
/// step's record is asked for, so that a replay compares with it as with any journal's while reading
/// states alone does not fingerprint them twice. The recorded states are still checked
/// against the hashes their lines record: a damaged journal reads as damaged. A step's label is written
/// again by the app's code when a migration touched its action.
///
/// ```swift
/// let source = try RecordingLoader.readingThrough(app, try JournalSource(path: "users-v1.jsonl"))
/// (source as? MigratedSource)?.migration.plan?.applied   // the migration from version 1 to 2: …
/// try source.state(at: 12)                                 // with `years`, not `age`
/// ```
package final class MigratedSource: RecordingSource {
    /// The journal as recorded.
    package let journal: JournalSource
    /// How the app reads it.
    package let migration: RecordingMigration
    /// The migrations it is read through.
    package let plan: MigrationPlan
    /// The header as the migrated journal's: the migrated initial state and its hash, the app's schema
    /// and version.
    package let info: RecordingInfo
    package private(set) var events: [LocatedEvent] = []
    private let app: any RegisteredApp
    private let walk: MigratedStateWalk
    /// The step whose states ``walk`` holds, and its record once asked for: reading states alone
    /// parses no action, as a journal's own reader does not.
    private var walked: (step: Int, record: StepRecord?)?
    /// Describes migrated actions again; `nil` until needed, and when the app cannot start from the
    /// migrated initial state.
    private lazy var describer: (any Replayer)? = try? app.makeReplayer(from: info.header.initialState)
    /// Labels written again, by migrated action.
    private var labels: [JournalAction: String] = [:]

    /// Reads `journal` through `plan`, the plan of `migration`, for `app`.
    ///
    /// - Throws: ``DebuggerError/migration(_:step:line:source:)`` when the initial state or a
    ///   rejected action does not migrate.
    package init(journal: JournalSource, migration: RecordingMigration, plan: MigrationPlan, app: any RegisteredApp) throws(DebuggerError) {
        self.journal = journal
        self.migration = migration
        self.plan = plan
        self.app = app
        let recorded = journal.reader.header
        let scheme = recorded.fingerprintScheme
        walk = MigratedStateWalk(plan: plan, scheme: scheme, keepsOriginal: true)
        var header = recorded
        do {
            try walk.reset(toOriginal: recorded.initialState, fingerprint: recorded.hash)
        } catch {
            throw .migration(error, step: nil, line: 1, source: journal.name)
        }
        header.initialState = walk.state
        header.hash = walk.fingerprint
        let schema = app.schema
        header.schema = schema.jsonValue
        header.schemaHash = schema.fingerprint
        header.schemaVersion = plan.to
        info = RecordingInfo(format: .journal, header: header)
        walked = (journal.baseStep, nil)
        var events: [LocatedEvent] = []
        // The actions events carry (a rejected one, a crash journal's action in flight) are migrated as
        // the steps' are: today's reducer runs the action in flight.
        for located in journal.events {
            guard let action = located.event.carriedAction else {
                events.append(located)
                continue
            }
            do {
                var migrated = located
                migrated.event = located.event.carrying(try plan.migrate(action: action))
                events.append(migrated)
            } catch {
                throw .migration(error, step: nil, line: located.line, source: journal.name)
            }
        }
        // Labelled again once every member is set: the app's code describes the migrated actions.
        self.events = zip(events, journal.events).map { located, recorded in
            guard let action = located.event.carriedAction, let original = recorded.event.carriedAction else { return located }
            var relabelled = located
            relabelled.event = located.event.carrying(relabel(action, recorded: original))
            return relabelled
        }
    }

    package var name: String { journal.name }
    package var baseStep: Int { journal.baseStep }
    package var lastStep: Int { journal.lastStep }

    package func line(ofStep step: Int) -> Int? { journal.line(ofStep: step) }
    package func parent(ofStep step: Int) -> Int { journal.parent(ofStep: step) }

    package func state(at step: Int) throws(DebuggerError) -> JSONValue {
        try checkStep(step)
        if step == baseStep { return info.header.initialState }
        try walk(to: step)
        return walk.state
    }

    package func record(at step: Int) throws(DebuggerError) -> StepRecord {
        try checkStep(step, allowBase: false)
        try walk(to: step)
        guard let walked else { throw .noSuchStep(step, source: name, range: (baseStep + 1)...max(baseStep + 1, lastStep)) }
        if let record = walked.record { return record }
        let line: JournalStep
        do {
            line = try journal.reader.step(step)
        } catch {
            throw .journal(error)
        }
        let action: JournalAction
        do {
            action = relabel(try plan.migrate(action: line.action), recorded: line.action)
        } catch {
            throw .migration(error, step: step, line: self.line(ofStep: step), source: name)
        }
        var record = StepRecord(action: action, hash: walk.fingerprint, changedPointers: nil, time: line.time)
        if let patch = walk.lastPatch { (record.changedPointers, record.resizedContainers) = JournalSource.reach(of: patch) }
        self.walked = (step, record)
        return record
    }

    /// Brings the walk to `step`: one patch from its parent when the walk is there, else the recorded
    /// state there, migrated whole.
    private func walk(to step: Int) throws(DebuggerError) {
        if walked?.step == step { return }
        let parent = journal.parent(ofStep: step)
        if walked?.step != parent {
            // A jump: the recorded state of the parent, then this step's line as the next one.
            let recorded = try journal.state(at: parent)
            do {
                if parent == baseStep {
                    try walk.reset(toOriginal: journal.reader.header.initialState, fingerprint: journal.reader.header.hash)
                } else {
                    try walk.reset(toOriginal: recorded)
                }
            } catch {
                walked = nil
                throw .migration(error, step: parent, line: line(ofStep: parent), source: name)
            }
            if parent != baseStep, !journal.reader.options.verifyHashes {
                // A reader that does not check its states leaves it to this one.
                let recordedHash = try journal.actionAndHash(at: parent).hash
                if let recordedHash, recordedHash != walk.originalFingerprint { throw mismatch(parent, recordedHash) }
            }
            walked = (parent, nil)
        }
        let line: (value: JournalStep.Content, hash: UInt64)
        do {
            line = try journal.reader.content(ofStep: step)
        } catch {
            walked = nil
            throw .journal(error)
        }
        walked = nil
        switch line.value {
        case .keyframe(let state):
            do {
                try walk.reset(toOriginal: state)
            } catch {
                throw .migration(error, step: step, line: self.line(ofStep: step), source: name)
            }
        case .patch(let patch):
            do {
                try walk.apply(patch, original: { try journal.state(at: step) })
            } catch {
                switch error {
                case .patchDoesNotApply(let reason):
                    throw .journal(JournalError(.patchDoesNotApply(step: step, parent: parent, reason), path: name, line: self.line(ofStep: step)))
                case .migration(let failure):
                    throw .migration(failure, step: step, line: self.line(ofStep: step), source: name)
                case .original(let failure):
                    // Only a walk that does not keep the recorded state asks for it; this one keeps it.
                    throw (failure as? DebuggerError) ?? .journal(JournalError(.malformed, path: name, line: self.line(ofStep: step), "\(failure)"))
                }
            }
        }
        if walk.originalFingerprint != line.hash { throw mismatch(step, line.hash) }
        walked = (step, nil)
    }

    /// The error for a recorded state that does not have the hash its line records.
    private func mismatch(_ step: Int, _ recorded: UInt64) -> DebuggerError {
        .journal(JournalError(.hashMismatch(step: step, recorded: recorded, actual: walk.originalFingerprint), path: name, line: line(ofStep: step)))
    }

    /// `action` with the label today's code gives it, when a migration touched `recorded`; otherwise,
    /// or when the code cannot decode it, as migrated.
    private func relabel(_ action: JournalAction, recorded: JournalAction) -> JournalAction {
        guard action.replayMode == .decode, plan.touches(actionTagged: recorded.type) else { return action }
        var relabelled = action
        if let known = labels[action] {
            relabelled.label = known
            return relabelled
        }
        guard let describer, let described = try? describer.describe(action), described.type == action.type else { return action }
        relabelled.label = described.label
        // A whole label longer than a journal keeps is cut as the recorder cuts it.
        if described.label.count > 120, let short = try? describer.normalize(action.payload), short.type == action.type {
            relabelled.label = short.label
        }
        if labels.count >= 4096 { labels.removeAll(keepingCapacity: true) }
        labels[action] = relabelled.label
        return relabelled
    }
}

extension JournalEvent {
    /// The action the event carries: a rejected action, or a crash journal's action in flight.
    fileprivate var carriedAction: JournalAction? {
        switch self {
        case .rejected(_, _, let action, _, _), .actionInFlight(_, _, let action): action
        default: nil
        }
    }

    /// The event with `action` in place of the one it carries.
    fileprivate func carrying(_ action: JournalAction) -> JournalEvent {
        switch self {
        case .rejected(let after, let time, _, let validator, let reason):
            .rejected(after: after, time: time, action: action, validator: validator, reason: reason)
        case .actionInFlight(let after, let time, _):
            .actionInFlight(after: after, time: time, action: action)
        default:
            self
        }
    }
}
