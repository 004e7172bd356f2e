/// A plain string key, for `super` and for error paths.
package struct JSONStringKey: CodingKey {
    package let stringValue: String

    package init(_ string: String) { stringValue = string }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { stringValue = String(intValue) }

    package var intValue: Int? { nil }
    package static let superKey = JSONStringKey("super")
}
