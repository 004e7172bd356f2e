import StateJSON

extension MigrationPlan {
    /// The schema a recording made with `recorded` has once read through the plan: each step done to the
    /// description of the types, so that comparing it with the current schema shows what the
    /// migrations do not cover. What a closure makes of a value is unknown, so that value is taken on
    /// trust (``SchemaNode/isOpaque``), as is a field added, a converted field's new type where the
    /// conversion is a closure, and a scope the schema does not describe.
    func migrate(schema recorded: AppSchema) -> AppSchema {
        let state = SchemaNode(jsonValue: recorded.state)
        var actions = recorded.actions.mapValues { SchemaNode(jsonValue: $0) }
        for compiled in steps {
            let step = compiled.step
            switch step.operation {
            case .renameAction(let tag, let newTag):
                guard let node = actions.removeValue(forKey: tag) else { continue }
                if let oldCase = tag.split(separator: ".").last.map(String.init),
                   let newCase = newTag.split(separator: ".").last.map(String.init),
                   let position = node.cases?.firstIndex(where: { $0.name == oldCase }) {
                    node.cases?[position].name = newCase
                }
                actions[newTag] = node
                continue
            case .retagAction(let tag, let newTag):
                guard let node = actions.removeValue(forKey: tag) else { continue }
                actions[newTag] = node
                continue
            default:
                break
            }
            guard let scope = step.scope, let pattern = compiled.pattern else { continue }
            let root: SchemaNode
            switch scope.target {
            case .state: root = state
            case .action(let tag):
                guard let node = actions[tag] else { continue }
                root = node
            }
            for unit in Self.nodes(pattern.segments[...], in: root) {
                Self.apply(step.operation, to: unit)
            }
        }
        var migrated = recorded
        migrated.state = state.jsonValue
        migrated.actions = actions.mapValues { $0.jsonValue }
        return migrated
    }

    /// The nodes a scope's path selects: members by name (an enum's case by its name too), `[*]` an
    /// array's element or a dictionary's value, through optionals.
    private static func nodes(_ segments: ArraySlice<MigrationPattern.Segment>, in node: SchemaNode) -> [SchemaNode] {
        let node = node.wrapped ?? node
        guard let first = segments.first else { return [node] }
        let rest = segments.dropFirst()
        switch first {
        case .member(let name):
            if let child = node.existingField(name) ?? node.existingCase(name) { return nodes(rest, in: child) }
            // A part the schema does not describe: whatever the step does there is taken on trust.
            return []
        case .any:
            return [node.element, node.value].compactMap { $0 }.flatMap { nodes(rest, in: $0) }
        }
    }

    /// What a step does to the description of one value of its scope.
    private static func apply(_ operation: MigrationStep.Operation, to node: SchemaNode) {
        switch operation {
        case .renameField(let name, let newName):
            guard let position = node.fields?.firstIndex(where: { $0.name == name }) else { return }
            node.fields?[position].name = newName
        case .moveField(let source, let destination):
            guard let moved = take(source[...], from: node) else { return }
            put(moved, at: destination[...], in: node)
        case .addField(let name, _):
            guard node.fields != nil, node.existingField(name) == nil else { return }
            let added = SchemaNode(type: "")
            added.isOpaque = true
            node.fields?.append((name, added))
        case .dropField(let name):
            node.fields?.removeAll { $0.name == name }
        case .convertField(let name, let conversion):
            guard let field = node.existingField(name) else { return }
            let target = field.wrapped ?? field
            switch conversion.kind {
            case .toDouble, .multiplied, .dividedBy: target.type = "Double"
            case .toInt: target.type = "Int"
            case .toString: target.type = "String"
            case .custom: target.isOpaque = true
            }
            target.fields = nil
            if field !== target { field.type = "Optional<\(target.type)>" }
        case .renameCase(let name, let newName):
            guard let position = node.cases?.firstIndex(where: { $0.name == name }) else { return }
            node.cases?[position].name = newName
        case .transform:
            node.isOpaque = true
        case .renameAction, .retagAction:
            return
        }
    }

    private static func take(_ path: ArraySlice<String>, from node: SchemaNode) -> SchemaNode? {
        guard let first = path.first, let position = node.fields?.firstIndex(where: { $0.name == first }) else { return nil }
        guard path.count > 1 else { return node.fields?.remove(at: position).node }
        return node.fields.flatMap { take(path.dropFirst(), from: $0[position].node) }
    }

    private static func put(_ moved: SchemaNode, at path: ArraySlice<String>, in node: SchemaNode) {
        guard let first = path.first else { return }
        if path.count == 1 {
            node.fields = (node.fields ?? []).filter { $0.name != first } + [(first, moved)]
            return
        }
        let child = node.existingField(first) ?? {
            let made = SchemaNode(type: "")
            made.fields = []
            node.fields = (node.fields ?? []) + [(first, made)]
            return made
        }()
        put(moved, at: path.dropFirst(), in: child)
    }
}
