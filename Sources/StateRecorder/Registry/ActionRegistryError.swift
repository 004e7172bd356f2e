import StateJournal

/// Why an ``ActionRegistry`` refused a name.
///
/// ```text
/// The name "statedbg.cart" cannot tag the actions of Cart.Action: names that start with "statedbg." are statedbg's own (statedbg.replaceState marks a state set from outside the reducer); register the type under another name, such as "cart".
/// ```
public enum ActionRegistryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name is in the reserved `statedbg.` namespace (`ReservedActionTag`); `type` is
    /// the Swift type it was to tag.
    case reservedName(String, type: String)

    /// The refusal as a sentence, with another name to use.
    public var description: String {
        switch self {
        case .reservedName(let name, let type):
            let suggestion = name.split(separator: ".").dropFirst().first.map { ", such as \"\($0)\"" } ?? ""
            return "The name \"\(name)\" cannot tag the actions of \(type): names that start with \"\(ReservedActionTag.prefix)\" are statedbg's own (\(ReservedActionTag.replaceState) marks a state set from outside the reducer); register the type under another name\(suggestion)."
        }
    }
}
