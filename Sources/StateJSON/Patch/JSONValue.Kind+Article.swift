extension JSONValue.Kind {
    /// The kind with its indefinite article, for sentences: `a number`, `an object`.
    var withArticle: String {
        switch self {
        case .array, .object: "an \(rawValue)"
        default: "a \(rawValue)"
        }
    }
}
