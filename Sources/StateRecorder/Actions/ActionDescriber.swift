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
public struct ActionDescriber: Sendable {
    /// The prefix of every tag, usually the app's identifier.
    public var prefix: String
    /// The longest label, in characters, before it is cut with `…`.
    public var maxLabelLength: Int

    /// Creates a describer for tags that start with `prefix`.
    public init(prefix: String, maxLabelLength: Int = 120) {
        self.prefix = prefix
        self.maxLabelLength = maxLabelLength
    }

    /// The tag and label of `action`.
    ///
    /// - Parameter hiding: Argument and field names whose values the label shows as `<redacted>`.
    public func describe(_ action: Any, hiding: Set<String> = []) -> (type: String, label: String) {
        if let described = action as? DescribedAction {
            return (described.actionType, described.actionLabel)
        }
        var chain: [String] = []
        var arguments = ""
        var value: Any = action
        while true {
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .enum else {
                if chain.isEmpty, mirror.displayStyle == .struct || mirror.displayStyle == .class {
                    // A struct or class action (ReSwift style): its type is the tag, its fields the arguments.
                    if prefix.isEmpty { chain.append(shortTypeName(value)) }
                    arguments = mirror.children.isEmpty ? "" : "(" + fields(of: mirror, depth: 1, hiding: hiding) + ")"
                } else {
                    arguments = "(\(render(value, depth: 0, hiding: hiding)))"
                }
                break
            }
            guard let child = mirror.children.first else {
                chain.append(String(describing: value))
                break
            }
            chain.append(child.label ?? String(describing: value))
            let payload = Mirror(reflecting: child.value)
            if payload.displayStyle == .enum {
                value = child.value
                continue
            }
            if payload.displayStyle == .tuple {
                arguments = "(" + payload.children.map { element -> String in
                    let rendered = render(element.value, depth: 1, hiding: hiding)
                    guard let label = element.label, !label.hasPrefix(".") else { return rendered }
                    return "\(label): \(hiding.contains(label) ? "<redacted>" : rendered)"
                }.joined(separator: ", ") + ")"
            } else {
                arguments = "(\(render(child.value, depth: 1, hiding: hiding)))"
            }
            break
        }
        let type = ([prefix] + chain).filter { !$0.isEmpty }.joined(separator: ".")
        return (type, cut(type + arguments))
    }

    /// `label`, cut at ``maxLabelLength`` with `…`.
    func cut(_ label: String) -> String {
        guard label.utf8.count > maxLabelLength, label.count > maxLabelLength else { return label }
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
            if depth > 2 { return "\(shortTypeName(value))(…)" }
            return "\(shortTypeName(value))(\(fields(of: mirror, depth: depth + 1, hiding: hiding)))"
        case .collection, .set:
            let count = mirror.children.count
            if count == 0 { return "[]" }
            if count > 3 || depth > 2 { return "[… \(count) elements]" }
            return "[" + mirror.children.map { render($0.value, depth: depth + 1, hiding: hiding) }.joined(separator: ", ") + "]"
        case .dictionary:
            let count = mirror.children.count
            return count == 0 ? "[:]" : "[… \(count) entries]"
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
