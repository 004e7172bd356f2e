import StateJSON

extension MigrationPlan.CompiledStep {
    /// What a patch operation on the state before this step becomes after it.
    enum PatchMigration {
        /// These operations (none, one, or the operation changed).
        case operations([JSONPatchOperation])
        /// The value of the scope the operation lies in, the first `depth` tokens of its path, is to be
        /// migrated again from the state before the step and written whole.
        case unit(depth: Int)
        /// Nothing short of migrating the whole state again reads the operation right.
        case whole
    }

    /// How `operation`, written on the state before this step (a step of the state), reads after it.
    ///
    /// An operation outside the step's scope stays; one that writes a value above or at the scope has
    /// its value migrated; one inside a value of the scope is rewritten by the step (a renamed member's
    /// path, a converted value, a dropped member's operation gone) or, for a step that may look at the
    /// whole value (a closure, a move), becomes a write of that value migrated again.
    func migrate(_ operation: JSONPatchOperation, pattern: MigrationPattern) throws(MigrationError) -> PatchMigration {
        let path: JSONPointer
        var value: JSONValue?
        switch operation {
        case .add(let target, let written), .replace(let target, let written):
            path = target
            value = written
        case .remove(let target):
            path = target
        case .test:
            // A check the writer never makes; after a migration its value may read otherwise.
            return .operations([])
        case .move, .copy:
            return .whole
        }
        let tokens = path.tokens
        switch pattern.place(tokens) {
        case .outside:
            return .operations([operation])
        case .above(let remaining):
            guard var written = value else { return .operations([operation]) }
            try MigrationPlan.apply(self, remaining, to: &written, at: tokens, in: .state)
            return .operations([Self.rewritten(operation, path: path, value: written)])
        case .at:
            guard var written = value else { return .operations([operation]) }
            try MigrationPlan.apply(self, [], to: &written, at: tokens, in: .state)
            return .operations([Self.rewritten(operation, path: path, value: written)])
        case .inside(let depth):
            return try migrateInside(operation, tokens: tokens, depth: depth, value: value)
        }
    }

    /// An operation inside a value of the scope, whose path goes on with `tokens[depth...]` there.
    private func migrateInside(_ operation: JSONPatchOperation, tokens: [String], depth: Int,
                               value: JSONValue?) throws(MigrationError) -> PatchMigration {
        let unit = tokens[..<depth]
        let inner = tokens[depth...]
        let first = inner[inner.startIndex]
        switch step.operation {
        case .renameField(let name, let newName):
            guard JSONObject.sameKey(first, name) else { return .operations([operation]) }
            let path = JSONPointer(tokens: Array(unit) + [newName] + inner.dropFirst())
            return .operations([Self.rewritten(operation, path: path, value: value)])
        case .dropField(let name):
            return .operations(JSONObject.sameKey(first, name) ? [] : [operation])
        case .addField(let name, let added):
            // The member removed reads as the member added with its value, as a state without it does.
            guard JSONObject.sameKey(first, name), inner.count == 1, case .remove(let path) = operation else { return .operations([operation]) }
            return .operations([.replace(path: path, value: added)])
        case .convertField(let name, let conversion):
            guard JSONObject.sameKey(first, name) else { return .operations([operation]) }
            if inner.count > 1 { return conversion.isCustom ? .unit(depth: depth) : .operations([operation]) }
            guard let written = value else { return .operations([operation]) }
            do {
                return .operations([Self.rewritten(operation, path: JSONPointer(tokens: tokens), value: try conversion.convert(written))])
            } catch {
                throw self.error(MigrationFailure(error.reason), at: tokens, in: .state)
            }
        case .renameCase(let name, let newName):
            guard JSONObject.sameKey(first, name) else { return .operations([operation]) }
            let path = JSONPointer(tokens: Array(unit) + [newName] + inner.dropFirst())
            return .operations([Self.rewritten(operation, path: path, value: value)])
        case .transform, .moveField:
            return .unit(depth: depth)
        case .renameAction, .retagAction:
            return .operations([operation])
        }
    }

    /// `operation` with another path and value, of the same kind.
    private static func rewritten(_ operation: JSONPatchOperation, path: JSONPointer, value: JSONValue?) -> JSONPatchOperation {
        switch operation {
        case .add: .add(path: path, value: value ?? .null)
        case .replace: .replace(path: path, value: value ?? .null)
        case .remove: .remove(path: path)
        default: operation
        }
    }
}
