import Foundation

/// Derives an action's journal tag and label from its enum case by reflection.
///
/// For `BankApp.Action.pay(from: .jenny, to: .donald, amount: 10)` in the app `bank`:
///
/// ```text
/// type:  bank.pay
/// label: bank.pay(from: jenny, to: donald, amount: 10)
/// ```
///
/// A case whose only associated value is another enum (a feature's actions inside the root action)
/// contributes both names: `tracker.project.create`. A struct or class action is tagged with the
/// prefix alone and labelled with its stored properties: `AddUser(name: "Blob", age: 30)`. Strings are quoted, nested enums and structs
/// are written as Swift would write them, and long labels are cut at ``maxLabelLength`` with `…`.
///
/// A describer that does not ``abbreviates`` writes the whole action — every element, every level,
/// no cut — which `statedbg log --full` prints and the REPL's `dispatch` reads back.
public struct ActionDescriber: Sendable {
    /// The prefix of every tag, usually the app's identifier.
    public var prefix: String
    /// The longest label, in characters, before it is cut with `…`.
    public var maxLabelLength: Int
    /// Whether long labels are cut and deep or long values shortened (`[… 8 elements]`, `Repository(…)`);
    /// `true` for the labels a journal stores.
    public var abbreviates: Bool

    /// Creates a describer for tags that start with `prefix`.
    public init(prefix: String, maxLabelLength: Int = 120, abbreviates: Bool = true) {
        self.prefix = prefix
        self.maxLabelLength = maxLabelLength
        self.abbreviates = abbreviates
    }

    /// This describer, writing whole labels (``abbreviates`` off).
    public var unabbreviated: ActionDescriber {
        var copy = self
        copy.abbreviates = false
        return copy
    }

    /// The tag and label of `action`.
    ///
    /// - Parameters:
    ///   - action: The action, of any type.
    ///   - hiding: Argument and field names whose values the label shows as `<redacted>`.
    public func describe(_ action: Any, hiding: Set<String> = []) -> (type: String, label: String) {
        if let described = action as? DescribedAction {
            return (described.actionType, described.actionLabel)
        }
        let (type, payload) = walk(action)
        let arguments: String
        switch payload {
        case .none:
            arguments = ""
        case .fields(let mirror):
            arguments = mirror.children.isEmpty ? "" : "(" + fields(of: mirror, depth: 1, hiding: hiding) + ")"
        case .tuple(let mirror):
            arguments = "(" + mirror.children.map { element -> String in
                let rendered = render(element.value, depth: 1, hiding: hiding)
                guard let label = element.label, !label.hasPrefix(".") else { return rendered }
                return "\(label): \(hiding.contains(label) ? "<redacted>" : rendered)"
            }.joined(separator: ", ") + ")"
        case .value(let value, let depth):
            arguments = "(\(render(value, depth: depth, hiding: hiding)))"
        }
        return (type, cut(type + arguments))
    }

    /// The tag of `action`: the `type` that ``describe(_:hiding:)`` gives, without rendering the label,
    /// for a replay that checks each decoded action against its recorded tag.
    func tag(of action: Any) -> String {
        if let described = action as? DescribedAction { return described.actionType }
        return walk(action).type
    }

    /// What follows an action's tag in its label.
    private enum Payload {
        case none
        /// A struct or class action's stored properties.
        case fields(Mirror)
        /// An enum case's associated values.
        case tuple(Mirror)
        /// One value, rendered at `depth`.
        case value(Any, depth: Int)
    }

    /// The tag of `action` (the prefix and the chain of case names down to the last enum) and the
    /// payload its label shows.
    private func walk(_ action: Any) -> (type: String, payload: Payload) {
        var chain: [String] = []
        var payload = Payload.none
        var value: Any = action
        while true {
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .enum else {
                if chain.isEmpty, mirror.displayStyle == .struct || mirror.displayStyle == .class {
                    // A struct or class action (ReSwift style): its type is the tag, its fields the arguments.
                    if prefix.isEmpty { chain.append(shortTypeName(value)) }
                    payload = .fields(mirror)
                } else {
                    payload = .value(value, depth: 0)
                }
                break
            }
            guard let child = mirror.children.first else {
                chain.append(String(describing: value))
                break
            }
            chain.append(child.label ?? String(describing: value))
            let inner = Mirror(reflecting: child.value)
            if inner.displayStyle == .enum {
                value = child.value
                continue
            }
            payload = inner.displayStyle == .tuple ? .tuple(inner) : .value(child.value, depth: 1)
            break
        }
        return (([prefix] + chain).filter { !$0.isEmpty }.joined(separator: "."), payload)
    }

    /// `label`, cut at ``maxLabelLength`` with `…` when the describer ``abbreviates``.
    func cut(_ label: String) -> String {
        guard abbreviates, label.utf8.count > maxLabelLength, label.count > maxLabelLength else { return label }
        return String(label.prefix(maxLabelLength - 1)) + "…"
    }

    /// The argument labels of an enum case's associated values in declaration order (nil for an
    /// unlabeled one), or nil when `action` is not an enum case with a flat list of values.
    func argumentLabels(of action: Any) -> [String?]? {
        let mirror = Mirror(reflecting: action)
        guard mirror.displayStyle == .enum else { return nil }
        guard let child = mirror.children.first else { return [] }
        let payload = Mirror(reflecting: child.value)
        guard payload.displayStyle == .tuple else { return [nil] }
        return payload.children.map { element in
            guard let label = element.label, !label.hasPrefix(".") else { return nil }
            return label
        }
    }

    private func render(_ value: Any, depth: Int, hiding: Set<String>) -> String {
        // The common argument types first, by a cast each: a `Mirror` costs a microsecond, and a recorder
        // describes every action it has not seen before.
        switch value {
        case let text as String: return quoted(text)
        case let number as Int: return String(number)
        case let flag as Bool: return flag ? "true" : "false"
        case let number as Double: return String(describing: number)
        default: break
        }
        if let decimal = value as? Decimal { return decimal.description }
        if let date = value as? Date {
            return RecordingClock.iso8601(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded()))
        }
        if let text = value as? Substring { return quoted(String(text)) }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first else { return "nil" }
            return render(wrapped.value, depth: depth, hiding: hiding)
        case .enum:
            guard let child = mirror.children.first else { return String(describing: value) }
            let name = child.label ?? String(describing: value)
            return "\(name)(\(render(child.value, depth: depth + 1, hiding: hiding)))"
        case .tuple:
            return mirror.children.map { element in
                let rendered = render(element.value, depth: depth + 1, hiding: hiding)
                guard let label = element.label, !label.hasPrefix(".") else { return rendered }
                return "\(label): \(hiding.contains(label) ? "<redacted>" : rendered)"
            }.joined(separator: ", ")
        case .struct, .class:
            if abbreviates, depth > 2 { return "\(shortTypeName(value))(…)" }
            return "\(shortTypeName(value))(\(fields(of: mirror, depth: depth + 1, hiding: hiding)))"
        case .collection, .set:
            let count = mirror.children.count
            if count == 0 { return "[]" }
            if abbreviates, count > 3 || depth > 2 { return "[… \(count) elements]" }
            return "[" + mirror.children.map { render($0.value, depth: depth + 1, hiding: hiding) }.joined(separator: ", ") + "]"
        case .dictionary:
            let count = mirror.children.count
            if count == 0 { return "[:]" }
            if abbreviates { return "[… \(count) entries]" }
            // A dictionary's order changes from run to run; sorted, the whole label is the same each time.
            let entries = mirror.children.map { entry -> String in
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { return render(entry.value, depth: depth + 1, hiding: hiding) }
                return render(pair[0].value, depth: depth + 1, hiding: hiding) + ": " + render(pair[1].value, depth: depth + 1, hiding: hiding)
            }
            return "[" + entries.sorted().joined(separator: ", ") + "]"
        default:
            return String(describing: value)
        }
    }

    /// `label: value, …` for the stored properties of a struct or class.
    private func fields(of mirror: Mirror, depth: Int, hiding: Set<String>) -> String {
        mirror.children.map { child -> String in
            let label = child.label ?? "_"
            return "\(label): \(hiding.contains(label) ? "<redacted>" : render(child.value, depth: depth, hiding: hiding))"
        }.joined(separator: ", ")
    }

    private func shortTypeName(_ value: Any) -> String {
        let full = String(describing: type(of: value))
        return full.split(separator: ".").last.map(String.init) ?? full
    }

    func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
