import Foundation
import StateJSON

/// Turns `Encodable` values into ``JSONValue`` trees directly, without going through `Data`.
///
/// Swift types map to JSON the way `JSONEncoder` maps them, with these choices:
/// - `Date` uses ``dateEncodingStrategy``, by default
///   ``DateEncodingStrategy/secondsSinceReferenceDate``: its `timeIntervalSinceReferenceDate` as a
///   `.double`, as `JSONEncoder`'s default `.deferredToDate` writes it, which reads back as the same
///   date to the last bit (a recorded date replays exactly).
/// - `Data` becomes a base64 string, `URL` its absolute string, `UUID` its uppercase string.
/// - `Decimal` keeps its exact digits: `.integer` when it is integral and fits `Int64`, otherwise
///   `.bigNumber` with its decimal text.
/// - `Float` is written via its shortest text, so `Float(0.1)` becomes `0.1` and not
///   `0.10000000149011612`; a non-finite `Float` or `Double` is an error.
/// - `encodeIfPresent` with `nil` leaves the key out; `encodeNil` writes `null`.
/// - A ``JSONValueEncodable`` value is encoded by its ``JSONValueEncodable/jsonValue()``, taken as
///   built (settings do not apply to it, and its numbers are not checked), and a ``JSONValue``
///   member as it is.
///
/// ```swift
/// struct User: Encodable { var id: Int; var name: String; var nickname: String? }
/// let value = try JSONValueEncoder().encode(User(id: 1, name: "Blob", nickname: nil))
/// print(value.canonicalText)
/// ```
/// ```text
/// {"id":1,"name":"Blob"}
/// ```
public struct JSONValueEncoder: Sendable {
    /// How `Date` values are written.
    public enum DateEncodingStrategy: Sendable, Hashable {
        /// Seconds since 2001-01-01T00:00:00Z, `timeIntervalSinceReferenceDate`, as a `.double`
        /// (the default): exact, so the date decodes to the same bits. The serializer writes the
        /// shortest text that reads back as the same `Double`, such as `785000000.1234568`.
        case secondsSinceReferenceDate
        /// A UTC ISO 8601 string with milliseconds, `"2024-03-01T12:34:56.789Z"`; finer fractions
        /// are rounded away.
        case iso8601
        /// Seconds since 1970-01-01T00:00:00Z as a `.double`.
        case secondsSince1970
        /// Milliseconds since 1970-01-01T00:00:00Z: `.integer` when whole, else `.double`.
        case millisecondsSince1970
    }

    /// How `Date` values are written; ``DateEncodingStrategy/secondsSinceReferenceDate`` unless set.
    public var dateEncodingStrategy: DateEncodingStrategy
    /// Values handed to every `encode(to:)` as `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]
    /// What one call leaves ready for the next; copies of this encoder share it.
    private let kept = JSONEncoderOptionsSlot()

    /// An encoder with the given options.
    public init(dateEncodingStrategy: DateEncodingStrategy = .secondsSinceReferenceDate, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.dateEncodingStrategy = dateEncodingStrategy
        self.userInfo = userInfo
    }

    /// The JSON form of `value`.
    ///
    /// - Throws: ``JSONEncodingError`` naming the coding path of the value that could not be
    ///   encoded (a non-finite number, or an error thrown by an `encode(to:)`).
    public func encode<T: Encodable>(_ value: T) throws(JSONEncodingError) -> JSONValue {
        let options = kept.take(dateStrategy: dateEncodingStrategy, userInfo: userInfo)
        defer { kept.putBack(options) }
        do {
            return try JSONEncoderCore.encodeValue(value, options: options, parent: nil, step: .noKey, memo: nil)
        } catch {
            throw JSONEncodingError.wrapping(error, at: [])
        }
    }

    /// The JSON form of `value` for ``JSONReflectingEncoder``: an error once the value nests deeper or holds more values
    /// than `limits` allow; `limits.values` is left with the values not spent.
    func encodeForReflection<T: Encodable>(
        _ value: T, within limits: inout JSONEncodingLimits
    ) throws(JSONEncodingError) -> JSONValue {
        let options = kept.take(dateStrategy: dateEncodingStrategy, userInfo: userInfo)
        options.limits = limits
        defer {
            limits.values = max(options.limits.values, 0)
            options.limits = .unlimited
            kept.putBack(options)
        }
        do {
            return try JSONEncoderCore.encodeValue(value, options: options, parent: nil, step: .noKey, memo: nil)
        } catch {
            throw JSONEncodingError.wrapping(error, at: [])
        }
    }
}
