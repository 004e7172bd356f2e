import StateJSON

/// An `Optional` seen through `Any`, unwrapped without a `Mirror`.
///
/// ``JSONReflectingEncoder`` writes an optional as its value or `null`, adding no level of its own,
/// which only a real `Optional` may do: its nesting is bounded by its type, while a custom mirror
/// that calls itself optional could wrap itself forever.
protocol JSONReflectedOptional {
    var reflectedWrapped: Any? { get }
}

extension Optional: JSONReflectedOptional {
    var reflectedWrapped: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
}
