import StateJSON
import StateJournal

extension MigrationStep {
    /// Whether a patch that changes something inside a value of the scope is migrated by migrating that
    /// whole value again (a closure, a move, a custom conversion), which needs the value before the
    /// step: the walk then keeps the state as it is before this step.
    var needsItsInput: Bool {
        switch operation {
        case .transform, .moveField: true
        case .convertField(_, let conversion): conversion.isCustom
        default: false
        }
    }

    /// Whether the step changes actions' tags.
    var changesTags: Bool {
        switch operation {
        case .renameAction, .retagAction: true
        default: false
        }
    }

    /// Changes one value the scope selects.
    func apply(toUnit value: inout JSONValue) throws(MigrationFailure) {
        switch operation {
        case .renameField(let name, let newName):
            guard case .object(var object) = value, let moved = object.removeValue(forKey: name) else { return }
            value = .null
            object[newName] = moved
            value = .object(object)
        case .moveField(let source, let destination):
            guard let moved = Self.take(source[...], from: &value) else { return }
            try Self.put(moved, at: destination[...], in: &value, path: [])
        case .addField(let name, let added):
            guard case .object(var object) = value, object[name] == nil else { return }
            value = .null
            object[name] = added
            value = .object(object)
        case .dropField(let name):
            guard case .object(var object) = value, object.index(forKey: name) != nil else { return }
            value = .null
            object.removeValue(forKey: name)
            value = .object(object)
        case .convertField(let name, let conversion):
            guard case .object(var object) = value, let position = object.index(forKey: name) else { return }
            let converted: JSONValue
            do {
                converted = try conversion.convert(object.values[position])
            } catch {
                throw MigrationFailure(error.reason, location: [object.keys[position]])
            }
            value = .null
            object.setValue(converted, at: position)
            value = .object(object)
        case .renameCase(let name, let newName):
            switch value {
            case .string(let text) where text == name:
                value = .string(newName)
            case .object(var object) where object.count == 1 && JSONObject.sameKey(object.keys[0], name):
                let payload = object.values[0]
                value = .null
                object = JSONObject([(newName, payload)])
                value = .object(object)
            default:
                return
            }
        case .transform(_, let body):
            do {
                value = try body(value)
            } catch {
                throw MigrationFailure("it threw: \(error)")
            }
        case .renameAction, .retagAction:
            return
        }
    }

    /// Changes an action's tag (and its label's, and for a renamed case its payload's case key) when
    /// the step is about tags and names the action's.
    func applyToTag(of action: inout JournalAction) {
        switch operation {
        case .renameAction(let tag, let newTag) where action.type == tag:
            action.type = newTag
            action.label = Self.relabel(action.label, from: tag, to: newTag)
            if action.coding == .codable { Self.renameCaseKey(in: &action.payload, tag: tag, newTag: newTag) }
        case .retagAction(let tag, let newTag) where action.type == tag:
            action.type = newTag
            action.label = Self.relabel(action.label, from: tag, to: newTag)
        default:
            return
        }
    }

    /// A label that starts with the old tag (`users.updateAge(id: 5)`) starts with the new one.
    static func relabel(_ label: String, from tag: String, to newTag: String) -> String {
        guard label.hasPrefix(tag) else { return label }
        let rest = label.dropFirst(tag.count)
        guard rest.isEmpty || rest.hasPrefix("(") else { return label }
        return newTag + rest
    }

    /// Renames the key of the case an enum action's payload nests under: the payload
    /// `{"updateAge":{…}}` of `users.updateAge`, or `{"project":{"create":{…}}}` of
    /// `tracker.project.create`, whose last key takes the last part of `newTag`.
    static func renameCaseKey(in payload: inout JSONValue, tag: String, newTag: String) {
        let parts = tag.split(separator: ".").map(String.init)
        guard let newCase = newTag.split(separator: ".").last.map(String.init) else { return }
        // The longest tail of the tag that the payload nests as one-member objects names the case.
        for start in parts.indices {
            let chain = parts[start...]
            if Self.renameLast(of: chain, in: &payload, to: newCase) { return }
        }
    }

    private static func renameLast(of chain: ArraySlice<String>, in value: inout JSONValue, to newCase: String) -> Bool {
        guard let first = chain.first, case .object(var object) = value, object.count == 1,
              JSONObject.sameKey(object.keys[0], first) else { return false }
        var inner = object.values[0]
        if chain.count == 1 {
            value = .object(JSONObject([(newCase, inner)]))
            return true
        }
        guard renameLast(of: chain.dropFirst(), in: &inner, to: newCase) else { return false }
        object.setValue(inner, at: 0)
        value = .object(object)
        return true
    }

    /// Removes and returns the member at `path` of `value`, when there is one.
    private static func take(_ path: ArraySlice<String>, from value: inout JSONValue) -> JSONValue? {
        guard let first = path.first, case .object(var object) = value, let position = object.index(forKey: first) else { return nil }
        if path.count == 1 {
            value = .null
            let taken = object.removeValue(forKey: first)
            value = .object(object)
            return taken
        }
        var child = object.values[position]
        value = .null
        object.setValue(.null, at: position)
        let taken = take(path.dropFirst(), from: &child)
        object.setValue(child, at: position)
        value = .object(object)
        return taken
    }

    /// Sets the member at `path` of `value`, making the objects on the way that are missing.
    private static func put(_ moved: JSONValue, at path: ArraySlice<String>, in value: inout JSONValue,
                            path walked: [String]) throws(MigrationFailure) {
        guard let first = path.first else { return }
        guard case .object(var object) = value else {
            throw MigrationFailure("\(pathText(walked)) is \(MigrationFailure.article(value)), not an object, so nothing can move into it",
                                   location: walked)
        }
        value = .null
        if path.count == 1 {
            object[first] = moved
        } else {
            var child = object[first] ?? .object(JSONObject())
            object[first] = .null
            do {
                try put(moved, at: path.dropFirst(), in: &child, path: walked + [first])
            } catch {
                object[first] = child
                value = .object(object)
                throw error
            }
            object[first] = child
        }
        value = .object(object)
    }
}
