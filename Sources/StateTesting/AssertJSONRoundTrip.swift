import StateJSON
import StateEncoding

/// Checks that a `JSONValueEncodable` type's `init(from:)` reads back what its
/// `jsonValue()` writes, recording a failure that shows both values when it does not.
///
/// A conformance writes its JSON by hand while decoding usually stays synthesized, so a renamed
/// property or a mistyped key would otherwise surface only when a recording is read back:
///
/// ```swift
/// @Test func usersRoundTrip() {
///     assertJSONRoundTrip(User(id: 7, name: "Blob", email: "blob@example.com"))
/// }
/// ```
/// ```text
/// User's jsonValue() writes JSON that its init(from:) cannot read: email: required key "email" is missing.
/// ```
///
/// Use values that set every field, optional ones included, so that each key is checked.
public func assertJSONRoundTrip<Value: JSONValueEncodable & Decodable & Equatable>(
    _ value: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    if let message = jsonRoundTripMismatch(value) {
        TestFailureReporter(fileID: fileID, filePath: filePath, line: line, column: column).fail(message)
    }
}

/// The failure message when `value`'s JSON does not decode back to `value`, or `nil` when it does.
func jsonRoundTripMismatch<Value: JSONValueEncodable & Decodable & Equatable>(_ value: Value) -> String? {
    let name = String(describing: Value.self)
    let written: JSONValue
    do {
        written = try value.jsonValue()
    } catch {
        return "\(name)'s jsonValue() threw: \(error)"
    }
    let readBack: Value
    do {
        readBack = try JSONValueDecoder().decode(Value.self, from: written)
    } catch {
        return "\(name)'s jsonValue() writes JSON that its init(from:) cannot read: \(error)"
    }
    guard readBack != value else { return nil }
    var message = """
        \(name)'s init(from:) reads back another value than the one its jsonValue() wrote:
          written from: \(String(reflecting: value))
          read back:    \(String(reflecting: readBack))
        """
    if let again = try? readBack.jsonValue(), let diff = JSONDiffRenderer().render(from: written, to: again) {
        message += "\nthe JSON written, and the JSON of the value read back (Written: -, Read back: +):\n" + diff
    }
    return message
}
