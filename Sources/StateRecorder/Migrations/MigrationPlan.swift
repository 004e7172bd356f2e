import StateJSON
import StateJournal

/// The migrations one recording is read through, from its version to the app's, checked and compiled:
/// what turns its states, patches and actions into today's.
///
/// Made by ``RecordingMigration``, which decides from a recording's header whether it needs one.
///
/// ```swift
/// let plan = try MigrationPlan(app.migrations, from: 1, to: app.schemaVersion)
/// let state = try plan.migrate(state: header.initialState)
/// let action = try plan.migrate(action: step.action)
/// print(plan)      // the migration from version 1 to 2: rename .users[*].age to years
/// ```
public struct MigrationPlan: Sendable, CustomStringConvertible {
    /// The recording's version.
    public let from: Int
    /// The version the plan reads it as: the app's.
    public let to: Int
    /// The migrations, from ``from`` to `to - 1`, in order.
    public let migrations: [Migration]
    /// Every step of every migration, in order, with what matching needs.
    let steps: [CompiledStep]

    /// One step with its place among the migrations and its compiled scope.
    struct CompiledStep: Sendable {
        let step: MigrationStep
        /// The version its migration starts from.
        let migration: Int
        /// Its position in that migration, from 1.
        let position: Int
        /// The scope's path, for a step with a scope.
        let pattern: MigrationPattern?

        /// The step's value in the state, when it applies to the state.
        var statePattern: MigrationPattern? {
            guard let scope = step.scope, case .state = scope.target else { return nil }
            return pattern
        }

        /// The error for a failure of this step on a value at `location` of `place`.
        func error(_ failure: MigrationFailure, at location: [String], in place: Place) -> MigrationError {
            let pointer = location + (failure.location ?? [])
            let whereText: String
            switch place {
            case .state:
                whereText = pointer.isEmpty ? "the state" : "\(JSONPointer(tokens: pointer)) of the state"
            case .payload(let tag):
                whereText = pointer.isEmpty ? "the payload of \(tag)" : "\(JSONPointer(tokens: pointer)) of the payload of \(tag)"
            }
            return MigrationError(.stepFailed(migration: migration, step: position, declaration: step.description,
                                              location: whereText, reason: failure.reason))
        }
    }

    /// Where a value that failed lies.
    enum Place {
        case state
        case payload(String)
    }

    /// Checks `migrations` and compiles the chain from version `from` to `to`.
    ///
    /// - Throws: ``MigrationError`` for a declaration that cannot work, or when a migration of the
    ///   chain is missing (``MigrationError/Code/invalidScope(_:reason:)`` and its siblings).
    public init(_ migrations: [Migration], from: Int, to: Int) throws(MigrationError) {
        try Self.check(migrations, schemaVersion: to)
        var chain: [Migration] = []
        for version in from..<max(from, to) {
            guard let migration = migrations.first(where: { $0.version == version }) else {
                throw MigrationError(.invalidStep(".from(\(version), …)", reason: "it is missing, so a recording made with version \(from) cannot be read with version \(to)"))
            }
            chain.append(migration)
        }
        var steps: [CompiledStep] = []
        for migration in chain {
            for (index, step) in migration.steps.enumerated() {
                steps.append(CompiledStep(step: step, migration: migration.version, position: index + 1,
                                          pattern: try Self.compile(step)))
            }
        }
        self.from = from
        self.to = to
        self.migrations = chain
        self.steps = steps
    }

    /// Refuses migrations that no recording could use or that contradict each other.
    static func check(_ migrations: [Migration], schemaVersion: Int) throws(MigrationError) {
        guard schemaVersion >= 1 else { throw MigrationError(.invalidSchemaVersion(schemaVersion)) }
        var seen: Set<Int> = []
        for migration in migrations {
            guard seen.insert(migration.version).inserted else { throw MigrationError(.repeatedMigration(from: migration.version)) }
            guard migration.version < schemaVersion, migration.version >= 1 else {
                throw MigrationError(.migrationBeyondVersion(from: migration.version, schemaVersion: schemaVersion))
            }
            for step in migration.steps { _ = try compile(step) }
        }
    }

    private static func compile(_ step: MigrationStep) throws(MigrationError) -> MigrationPattern? {
        if case .moveField(let source, let destination) = step.operation {
            if source.isEmpty || destination.isEmpty {
                throw MigrationError(.invalidStep(step.description, reason: "a move needs a member to take and a place to put it"))
            }
            if destination.starts(with: source) || source.starts(with: destination) {
                throw MigrationError(.invalidStep(step.description, reason: "the member would move into itself, or its own parent onto it"))
            }
        }
        guard let scope = step.scope else { return nil }
        return try MigrationPattern(scope.path, scope: scope)
    }

    /// Whether the plan changes nothing (the recording is at the app's version).
    public var isEmpty: Bool { steps.isEmpty && from == to }

    /// What the plan does, for reports: a change made in several places is said once, with them all
    /// (`rename owner to holder in .accounts[*] and .open of bank.open`).
    public var applied: AppliedMigration {
        var changes: [(change: String, places: [String])] = []
        for compiled in steps {
            let change = compiled.step.change
            guard let place = compiled.step.scope?.place else {
                changes.append((change, []))
                continue
            }
            if let index = changes.firstIndex(where: { $0.change == change && !$0.places.isEmpty }) {
                changes[index].places.append(place)
            } else {
                changes.append((change, [place]))
            }
        }
        let summaries = changes.map { change, places -> String in
            guard let last = places.last else { return change }
            return "\(change) in " + (places.count == 1 ? last : places.dropLast().joined(separator: ", ") + " and \(last)")
        }
        return AppliedMigration(from: from, to: to, steps: summaries)
    }

    /// `the migration from version 1 to 2: rename .users[*].age to years; …`, or for several
    /// `the migrations from version 1 to 3: …`.
    public var description: String {
        applied.description
    }

    /// A whole state migrated: the initial state, or a keyframe's.
    public func migrate(state: JSONValue) throws(MigrationError) -> JSONValue {
        var state = state
        for step in steps {
            guard let pattern = step.statePattern else { continue }
            try Self.apply(step, pattern.segments[...], to: &state, at: [], in: .state)
        }
        return state
    }

    /// A state migrated from step `index` of the plan on (the state as the steps before it left it).
    func migrate(state: inout JSONValue, fromStep index: Int, throughStep last: Int) throws(MigrationError) {
        guard index <= last else { return }
        for step in steps[index...last] {
            guard let pattern = step.statePattern else { continue }
            try Self.apply(step, pattern.segments[...], to: &state, at: [], in: .state)
        }
    }

    /// An action migrated: its tag, label and payload. An action recorded through reflection keeps its
    /// payload (nothing can decode it) but follows renamed tags.
    public func migrate(action: JournalAction) throws(MigrationError) -> JournalAction {
        var action = action
        for step in steps {
            if step.step.changesTags {
                step.step.applyToTag(of: &action)
                continue
            }
            guard action.coding == .codable, let scope = step.step.scope, case .action(let tag) = scope.target,
                  action.type == tag, let pattern = step.pattern else { continue }
            try Self.apply(step, pattern.segments[...], to: &action.payload, at: [], in: .payload(tag))
        }
        return action
    }

    /// Whether a step of the plan touches actions tagged `tag` or renames it.
    package func touches(actionTagged tag: String) -> Bool {
        var tag = tag
        var touched = false
        for step in steps {
            switch step.step.operation {
            case .renameAction(let old, let new), .retagAction(let old, let new):
                if old == tag {
                    tag = new
                    touched = true
                }
            default:
                if let scope = step.step.scope, case .action(let scoped) = scope.target, scoped == tag { touched = true }
            }
        }
        return touched
    }

    /// Applies `step` to every value `segments` selects inside `value`, which lies at `location`.
    static func apply(_ step: CompiledStep, _ segments: ArraySlice<MigrationPattern.Segment>, to value: inout JSONValue,
                      at location: [String], in place: Place) throws(MigrationError) {
        var walked = location
        do throws(MigrationFailure) {
            try MigrationPattern.forEachMatch(segments, in: &value, location: &walked) { unit, pointer throws(MigrationFailure) in
                do throws(MigrationFailure) {
                    try step.step.apply(toUnit: &unit)
                } catch {
                    throw MigrationFailure(error.reason, location: pointer + (error.location ?? []))
                }
            }
        } catch {
            throw step.error(MigrationFailure(error.reason), at: error.location ?? location, in: place)
        }
    }
}
