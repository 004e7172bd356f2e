/// A plain string key, for `super` and for error paths.
struct JSONStringKey: CodingKey {
    let stringValue: String

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }

    var intValue: Int? { nil }
    static let superKey = JSONStringKey("super")
}
