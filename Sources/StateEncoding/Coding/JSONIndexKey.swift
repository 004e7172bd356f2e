import StateJSON

/// The key of an element in an unkeyed container, rendered as `[index]` in coding paths.
struct JSONIndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { index = intValue }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}
