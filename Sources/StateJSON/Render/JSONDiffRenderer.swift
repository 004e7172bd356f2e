/// Renders the difference between two JSON values in the style of swift-custom-dump.
///
/// Lines of the old value start with `-`, lines of the new value with `+`, context with two
/// spaces. Only changed leaves are marked. Unchanged array elements collapse into
/// `… (N unchanged)` runs; unchanged object members stay visible as context when they are scalars
/// in a short run, and collapse otherwise.
///
/// ```swift
/// let renderer = JSONDiffRenderer()
/// print(renderer.render(from: ["count": 3, "users": [["id": 1, "age": 30]]],
///                       to: ["count": 3, "users": [["id": 1, "age": 31]]]) ?? "equal")
/// ```
/// ```text
///   {
///     "count": 3,
///     "users": [
///       {
/// -       "age": 30,
/// +       "age": 31,
///         "id": 1
///       }
///     ]
///   }
/// ```
public struct JSONDiffRenderer: Sendable {
    /// How the diff looks.
    public struct Options: Sendable, Hashable {
        /// What is written around `-`, `+` and `…` lines; ``JSONDiffStyle/plain`` writes nothing.
        public var style: JSONDiffStyle
        /// The longest run of unchanged scalar members shown as context; longer runs collapse.
        public var contextMembers: Int
        /// Added and removed arrays show at most this many elements; `nil` shows all.
        public var maxArrayElements: Int?
        /// A line printed before the diff, such as the path or steps being compared.
        public var header: String?
        /// How array elements are matched, as for ``JSONDiff``.
        public var diffOptions: JSONDiff.Options

        /// Options for undecorated output with three members of context.
        public init(
            style: JSONDiffStyle = .plain, contextMembers: Int = 3, maxArrayElements: Int? = nil, header: String? = nil,
            diffOptions: JSONDiff.Options = JSONDiff.Options()
        ) {
            self.style = style
            self.contextMembers = contextMembers
            self.maxArrayElements = maxArrayElements
            self.header = header
            self.diffOptions = diffOptions
        }
    }

    /// The options in effect.
    public var options: Options
    /// What the numbers at some paths stand for, written beside them (a `Date`'s ISO 8601 rendering).
    public var notes: JSONValueNotes

    /// A renderer with the given options and notes.
    public init(options: Options = Options(), notes: JSONValueNotes = JSONValueNotes()) {
        self.options = options
        self.notes = notes
    }

    /// The rendered difference, or `nil` when the values are equal.
    public func render(from old: JSONValue, to new: JSONValue) -> String? {
        if old.isFastEqual(to: new) { return nil }
        return render(.whole(old), new)
    }

    /// The rendered difference from the value a patch was applied to, told by the patch's footprint,
    /// to the value it made; `nil` when they are equal. The same text as ``render(from:to:)`` with the
    /// whole value before, found by looking only where the patch wrote.
    package func render(from footprint: JSONPatchFootprint, to new: JSONValue) -> String? {
        if footprint.root.isEqual(to: new) { return nil }
        return render(footprint.root, new)
    }

    private func render(_ old: JSONPatchFootprint.Node, _ new: JSONValue) -> String {
        var writer = JSONLineWriter(style: options.style, maxArrayElements: options.maxArrayElements)
        if let header = options.header { writer.line(.none, indent: 0, header) }
        renderChange(old, new, indent: 0, label: "", comma: false, notes: notes.root, into: &writer)
        return writer.output
    }

    private enum Entry {
        case collapsed(Int)
        case context(label: String, value: JSONValue, notes: JSONValueNotes.Node?)
        case changed(label: String, old: JSONPatchFootprint.Node, new: JSONValue, notes: JSONValueNotes.Node?)
        case removed(label: String, value: JSONValue, notes: JSONValueNotes.Node?)
        case added(label: String, value: JSONValue, notes: JSONValueNotes.Node?)
    }

    /// Renders two values known to differ.
    private func renderChange(
        _ old: JSONPatchFootprint.Node, _ new: JSONValue, indent: Int, label: String, comma: Bool, notes: JSONValueNotes.Node?,
        into writer: inout JSONLineWriter
    ) {
        let end = comma ? "," : ""
        switch (old, new) {
        case (.whole(.object(let oldObject)?), .object(let newObject)):
            writer.line(.context, indent: indent, label + "{")
            render(memberEntries(oldObject, newObject, notes: notes), indent: indent + 1, into: &writer)
            writer.line(.context, indent: indent, "}" + end)
        case (.object(let members), .object(let newObject)):
            writer.line(.context, indent: indent, label + "{")
            render(memberEntries(members, newObject, notes: notes), indent: indent + 1, into: &writer)
            writer.line(.context, indent: indent, "}" + end)
        case (.whole(.array(let oldArray)?), .array(let newArray)):
            writer.line(.context, indent: indent, label + "[")
            render(elementEntries(JSONElementsBefore(whole: oldArray, after: newArray), newArray, notes: notes?.elements),
                   indent: indent + 1, into: &writer)
            writer.line(.context, indent: indent, "]" + end)
        case (.array(let count, let elements), .array(let newArray)):
            writer.line(.context, indent: indent, label + "[")
            render(elementEntries(JSONElementsBefore(count: count, patched: elements, after: newArray), newArray, notes: notes?.elements),
                   indent: indent + 1, into: &writer)
            writer.line(.context, indent: indent, "]" + end)
        default:
            writer.value(old.value(after: new) ?? .null, marker: .removed, indent: indent, label: label, comma: comma, notes: notes)
            writer.value(new, marker: .added, indent: indent, label: label, comma: comma, notes: notes)
        }
    }

    private func render(_ entries: [Entry], indent: Int, into writer: inout JSONLineWriter) {
        for (index, entry) in entries.enumerated() {
            let comma = index < entries.count - 1
            switch entry {
            case .collapsed(let count):
                writer.line(.collapsed, indent: indent, "… (\(count) unchanged)" + (comma ? "," : ""))
            case .context(let label, let value, let notes):
                writer.value(value, marker: .context, indent: indent, label: label, comma: comma, notes: notes)
            case .changed(let label, let old, let new, let notes):
                renderChange(old, new, indent: indent, label: label, comma: comma, notes: notes, into: &writer)
            case .removed(let label, let value, let notes):
                writer.value(value, marker: .removed, indent: indent, label: label, comma: comma, notes: notes)
            case .added(let label, let value, let notes):
                writer.value(value, marker: .added, indent: indent, label: label, comma: comma, notes: notes)
            }
        }
    }

    private func memberEntries(_ old: JSONObject, _ new: JSONObject, notes: JSONValueNotes.Node?) -> [Entry] {
        var entries = MemberEntries(contextMembers: options.contextMembers, notes: notes)
        JSONObjectMerge.forEachMember(old, new) { member in
            switch member {
            case .both(let key, let oldValue, let newValue):
                if oldValue.isFastEqual(to: newValue) {
                    entries.unchanged(key, oldValue)
                } else {
                    entries.append(.changed(label: JSONLineWriter.label(key), old: .whole(oldValue), new: newValue, notes: notes?.member(key)))
                }
            case .removed(let key, let value):
                entries.append(.removed(label: JSONLineWriter.label(key), value: value, notes: notes?.member(key)))
            case .added(let key, let value):
                entries.append(.added(label: JSONLineWriter.label(key), value: value, notes: notes?.member(key)))
            }
        }
        return entries.finished()
    }

    /// The entries of an object a patch wrote in: the members it did not write are the same on both
    /// sides, and come in runs between those it did.
    private func memberEntries(_ written: [JSONPatchFootprint.Member], _ new: JSONObject, notes: JSONValueNotes.Node?) -> [Entry] {
        var entries = MemberEntries(contextMembers: options.contextMembers, notes: notes)
        var next = 0
        for member in written {
            let (position, value) = JSONPatchFootprint.lookUp(member.key, in: new)
            entries.unchanged(new, next..<position)
            next = value == nil ? position : position + 1
            let label = JSONLineWriter.label(member.key)
            switch (member.node, value) {
            case (.whole(nil), nil):
                continue
            case (.whole(let old?), nil):
                entries.append(.removed(label: label, value: old, notes: notes?.member(member.key)))
            case (.whole(nil), let value?):
                entries.append(.added(label: label, value: value, notes: notes?.member(member.key)))
            case (let old, let value?):
                if old.isEqual(to: value) {
                    entries.unchanged(member.key, value)
                } else {
                    entries.append(.changed(label: label, old: old, new: value, notes: notes?.member(member.key)))
                }
            case (let old, nil):
                entries.append(.removed(label: label, value: old.value(after: nil) ?? .null, notes: notes?.member(member.key)))
            }
        }
        entries.unchanged(new, next..<new.count)
        return entries.finished()
    }

    /// The entries of an object's members in key order: runs of unchanged members become context lines,
    /// or one `… (N unchanged)` line when longer than `contextMembers` (a run's members are only
    /// looked at when it may be short).
    private struct MemberEntries {
        let contextMembers: Int
        let notes: JSONValueNotes.Node?
        var entries: [Entry] = []
        /// The run of unchanged members so far: its length, and its first members.
        var unchangedCount = 0
        var unchanged: [(key: String, value: JSONValue)] = []

        init(contextMembers: Int, notes: JSONValueNotes.Node?) {
            self.contextMembers = contextMembers
            self.notes = notes
        }

        mutating func unchanged(_ key: String, _ value: JSONValue) {
            unchangedCount += 1
            if unchanged.count <= contextMembers { unchanged.append((key, value)) }
        }

        mutating func unchanged(_ object: JSONObject, _ positions: Range<Int>) {
            for position in positions.prefix(max(contextMembers + 1 - unchanged.count, 0)) {
                unchanged.append((object.keys[position], object.values[position]))
            }
            unchangedCount += positions.count
        }

        mutating func append(_ entry: Entry) {
            flushUnchanged()
            entries.append(entry)
        }

        mutating func finished() -> [Entry] {
            flushUnchanged()
            return entries
        }

        private mutating func flushUnchanged() {
            defer {
                unchanged.removeAll(keepingCapacity: true)
                unchangedCount = 0
            }
            guard unchangedCount <= contextMembers else {
                entries.append(.collapsed(unchangedCount))
                return
            }
            for member in unchanged {
                if member.value.isSingleLine {
                    entries.append(.context(label: JSONLineWriter.label(member.key), value: member.value,
                                            notes: notes?.member(member.key)))
                } else if case .collapsed(let count)? = entries.last {
                    entries[entries.count - 1] = .collapsed(count + 1)
                } else {
                    entries.append(.collapsed(1))
                }
            }
        }
    }

    private func elementEntries(_ old: JSONElementsBefore, _ new: [JSONValue], notes: JSONValueNotes.Node?) -> [Entry] {
        let alignment = JSONArrayAlignment(
            before: old, new: new,
            identityKey: options.diffOptions.identityKey, maxEdits: options.diffOptions.maxArrayEdits
        )
        return alignment.steps.map { step in
            switch step {
            case .unchanged(_, _, let count): .collapsed(count)
            case .changed(let oldIndex, let newIndex):
                .changed(label: "", old: old.node(at: oldIndex, pairedWith: newIndex), new: new[newIndex], notes: notes)
            case .removed(let oldIndex): .removed(label: "", value: old.value(at: oldIndex), notes: notes)
            case .inserted(let newIndex): .added(label: "", value: new[newIndex], notes: notes)
            }
        }
    }
}

extension JSONValue {
    /// Whether the value renders on one line: a scalar or an empty container.
    fileprivate var isSingleLine: Bool {
        switch self {
        case .array(let array): array.isEmpty
        case .object(let object): object.isEmpty
        default: true
        }
    }
}
