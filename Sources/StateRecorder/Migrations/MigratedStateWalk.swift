import StateJSON
import StateEncoding

/// Follows a recording's states through a ``MigrationPlan`` step after step, at the cost of each
/// step's patch rather than of its state: each recorded patch is migrated into a patch of the migrated
/// state (a renamed member's path renamed, a converted value converted, a value of a closure's scope
/// migrated again), which is applied in place and fingerprinted along its paths.
///
/// A step that must see a whole value (a closure, a move) has the state as it is before that step kept
/// beside, patched the same way. An operation nothing can migrate on its own (a `move` or `copy`,
/// which the journal's writer never makes) has the whole state migrated again, from the recorded
/// state the caller gives; so does a patch that does not apply to a migrated state. Whatever way it
/// goes, the migrated state is the one ``MigrationPlan/migrate(state:)`` makes of the recorded state.
///
/// ```swift
/// let walk = MigratedStateWalk(plan: plan, scheme: header.fingerprintScheme, keepsOriginal: true)
/// try walk.reset(toOriginal: header.initialState)
/// try walk.apply(patch, original: { try reader.state(at: 1) })
/// walk.state          // step 1's state, migrated
/// walk.fingerprint    // its fingerprint, computed when asked for
/// ```
///
/// Not thread-safe.
package final class MigratedStateWalk {
    /// Why ``apply(_:original:)`` failed.
    package enum Failure: Error {
        /// The recorded patch does not apply to the recorded state (only a walk that keeps it can tell).
        case patchDoesNotApply(JSONPatchError)
        /// A migration failed on a value.
        case migration(MigrationError)
        /// The recorded state, asked for to migrate it whole, could not be read.
        case original(any Error)
    }

    package let plan: MigrationPlan
    private let fingerprinter: PatchedStateFingerprinter
    /// Follows the recorded state, when the walk keeps it.
    private let originalFingerprinter: PatchedStateFingerprinter?
    /// The state before each step that needs its input, by the step's index in the plan.
    private var inputs: [Int: JSONValue] = [:]
    private let inputSteps: [Int]
    /// The indices of the plan's steps that change the state.
    private let stateSteps: [Int]
    /// Whether the recorded state is kept too (and fingerprinted): for a reader that checks the recorded
    /// hashes and migrates `move` and `copy` operations from it.
    private let keepsOriginal: Bool
    /// The recorded state, when ``keepsOriginal``.
    package private(set) var original: JSONValue?
    /// The fingerprint of ``original``, which a reader compares with the recorded hash; 0 when the walk
    /// does not keep the recorded state.
    package private(set) var originalFingerprint: UInt64 = 0
    /// The migrated state.
    package private(set) var state: JSONValue = .null
    /// The fingerprint of ``state``, computed when asked for: a reader that only reads states (a
    /// sequential read, a jump) does not pay for it, while the recorded state is still checked against
    /// its line's hash. A caller that asks after every step (a replay comparing hashes) has each patch
    /// fingerprinted at the cost of the patch; one that asks now and then has the state fingerprinted
    /// whole once, and follows the patches from there as long as it keeps asking.
    package var fingerprint: UInt64 {
        askedForFingerprint = true
        if let settledFingerprint { return settledFingerprint }
        let print = fingerprinter.reset(to: state)
        settledFingerprint = print
        return print
    }
    /// The fingerprint of ``state`` when known; then, and only then, ``fingerprinter`` follows ``state``.
    private var settledFingerprint: UInt64?
    /// Whether ``fingerprint`` was asked for since the last step: the next patch is then fingerprinted
    /// as it is applied.
    private var askedForFingerprint = false
    /// The patch that made ``state`` from the one before, when the last step was migrated as a patch;
    /// `nil` after a whole state was migrated.
    package private(set) var lastPatch: JSONPatch?

    /// A walk through `plan`, fingerprinting under `scheme` (the journal's).
    package init(plan: MigrationPlan, scheme: FingerprintScheme, keepsOriginal: Bool) {
        self.plan = plan
        fingerprinter = PatchedStateFingerprinter(scheme: scheme)
        stateSteps = plan.steps.indices.filter { plan.steps[$0].statePattern != nil }
        inputSteps = stateSteps.filter { plan.steps[$0].step.needsItsInput }
        self.keepsOriginal = keepsOriginal
        originalFingerprinter = keepsOriginal ? PatchedStateFingerprinter(scheme: scheme) : nil
    }

    /// Starts again from a whole recorded state (the initial state, a keyframe's, a travel's target).
    /// The migrated state's ``fingerprint`` is computed when asked for.
    ///
    /// - Parameter fingerprint: The recorded state's fingerprint when the caller knows it (a keyframe
    ///   fingerprinted as it was read), so that a walk that keeps it need not compute it again.
    package func reset(toOriginal recorded: JSONValue, fingerprint known: UInt64? = nil) throws(MigrationError) {
        inputs.removeAll(keepingCapacity: true)
        // Spelled as an optional: a bare `nil` here would read as JSON null, the recorded state of nothing.
        original = keepsOriginal ? .some(recorded) : .none
        if let originalFingerprinter {
            if let known {
                originalFingerprinter.reset(to: recorded, fingerprint: known)
                originalFingerprint = known
            } else {
                originalFingerprint = originalFingerprinter.reset(to: recorded)
            }
        }
        var current = recorded
        var done = 0
        for index in inputSteps {
            try plan.migrate(state: &current, fromStep: done, throughStep: index - 1)
            inputs[index] = current
            done = index
        }
        try plan.migrate(state: &current, fromStep: done, throughStep: plan.steps.count - 1)
        state = current
        lastPatch = nil
        settledFingerprint = nil
        askedForFingerprint = false
    }

    /// Applies a recorded patch: the recorded state (when kept) and the migrated state follow it. The
    /// recorded state is fingerprinted at once (``originalFingerprint``), the migrated one when asked
    /// for (``fingerprint``).
    ///
    /// - Parameter original: The recorded state after the patch, asked for only when the whole state
    ///   must be migrated again and the walk does not keep it.
    package func apply(_ patch: JSONPatch, original recorded: () throws -> JSONValue) throws(Failure) {
        var operations = patch.operations
        if let originalFingerprinter {
            var tree = original.take() ?? .null
            if operations.contains(where: { $0.name == "move" || $0.name == "copy" }) {
                // A move or copy is written as what it does, so that each part can be migrated.
                var expanded: [JSONPatchOperation] = []
                for (index, operation) in operations.enumerated() {
                    switch operation {
                    case .move(let from, let path):
                        expanded += (try? from.resolve(in: tree)).map { [.remove(path: from), .add(path: path, value: $0)] } ?? [operation]
                    case .copy(let from, let path):
                        expanded += (try? from.resolve(in: tree)).map { [.add(path: path, value: $0)] } ?? [operation]
                    default:
                        expanded.append(operation)
                    }
                    do {
                        try JSONPatch.perform(operation, on: &tree)
                    } catch {
                        originalFingerprinter.forget()
                        throw .patchDoesNotApply(JSONPatchError(index: index, operation: operation, reason: error))
                    }
                }
                originalFingerprint = originalFingerprinter.reset(to: tree)
                operations = expanded
            } else {
                do {
                    originalFingerprint = try originalFingerprinter.apply(patch, to: &tree)
                } catch {
                    throw .patchDoesNotApply(error)
                }
            }
            original = tree
        }
        do {
            try migrate(operations)
        } catch {
            switch error {
            case .whole: try migrateWhole(recorded)
            case .failed(let failure): throw .migration(failure)
            }
        }
    }

    /// Why ``migrate(_:)`` stopped.
    private enum Stop: Error {
        case whole
        case failed(MigrationError)
    }

    private func migrate(_ recorded: [JSONPatchOperation]) throws(Stop) {
        var operations = recorded
        for index in stateSteps {
            let step = plan.steps[index]
            guard let pattern = step.statePattern else { continue }
            var input = inputs.removeValue(forKey: index)
            defer { if let input { inputs[index] = input } }
            var next: [JSONPatchOperation] = []
            next.reserveCapacity(operations.count)
            /// The position in `next` of the last write of a whole value, and its path.
            var lastUnit: (position: Int, path: ArraySlice<String>)?
            for operation in operations {
                if input != nil {
                    do {
                        try JSONPatch.perform(operation, on: &input!)
                    } catch {
                        throw .whole
                    }
                }
                let migrated: MigrationPlan.CompiledStep.PatchMigration
                do {
                    migrated = try step.migrate(operation, pattern: pattern)
                } catch {
                    throw .failed(error)
                }
                switch migrated {
                case .operations(let written):
                    next += written
                    lastUnit = nil
                case .unit(let depth):
                    guard let input else { throw .whole }
                    let path = operation.path.tokens[..<depth]
                    let pointer = JSONPointer(tokens: Array(path))
                    guard var value = try? pointer.resolve(in: input) else { throw .whole }
                    do {
                        try MigrationPlan.apply(step, [], to: &value, at: Array(path), in: .state)
                    } catch {
                        throw .failed(error)
                    }
                    let write = JSONPatchOperation.replace(path: pointer, value: value)
                    // A write of the same value just before is overwritten by this one.
                    if let lastUnit, lastUnit.position == next.count - 1, lastUnit.path == path {
                        next[lastUnit.position] = write
                    } else {
                        next.append(write)
                        lastUnit = (next.count - 1, path)
                    }
                case .whole:
                    throw .whole
                }
            }
            operations = next
        }
        let patch = JSONPatch(operations)
        do {
            if askedForFingerprint, settledFingerprint != nil {
                settledFingerprint = try fingerprinter.apply(patch, to: &state)
            } else {
                settledFingerprint = nil
                try patch.apply(inPlace: &state)
            }
        } catch {
            settledFingerprint = nil
            throw .whole
        }
        askedForFingerprint = false
        lastPatch = patch
    }

    private func migrateWhole(_ recorded: () throws -> JSONValue) throws(Failure) {
        let whole: JSONValue
        if let original {
            whole = original
        } else {
            do {
                whole = try recorded()
            } catch {
                throw .original(error)
            }
        }
        do {
            try reset(toOriginal: whole)
        } catch {
            throw .migration(error)
        }
    }
}
