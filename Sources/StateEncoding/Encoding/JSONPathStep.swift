import StateJSON

/// Where a value sits in its parent: the last step of its coding path.
enum JSONPathStep {
    /// At the parent's own path: the top-level value, or the value of a single-value container.
    case noKey
    case key(any CodingKey)
    /// An array element; kept as a number so that the key is only made when a path is asked for.
    case index(Int)

    /// `path` followed by this step.
    func appended(to path: [any CodingKey]) -> [any CodingKey] {
        switch self {
        case .noKey: path
        case .key(let key): path + [key]
        case .index(let index): path + [JSONIndexKey(index)]
        }
    }
}
