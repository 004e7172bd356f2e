import Foundation
import StateJSON

/// Builds `Decodable` values from ``JSONValue`` trees directly, without going through `Data`.
///
/// The mapping mirrors ``JSONValueEncoder``: dates follow ``dateDecodingStrategy`` (by default
/// ``DateDecodingStrategy/secondsSinceReferenceDate``, which reads the number the encoder writes
/// exactly and also accepts an ISO 8601 string), `Data` reads base64, `URL` and `UUID` read
/// strings, `Decimal` reads any number exactly from its text. Integers are range-checked: `300`
/// does not decode as `UInt8`. An integral double such as `2.0` decodes as an integer; any number
/// decodes as `Double`.
///
/// ```swift
/// struct Settings: Decodable { var theme: String }
/// struct Root: Decodable { var settings: Settings }
/// do {
///     _ = try JSONValueDecoder().decode(Root.self, from: ["settings": [:]])
/// } catch {
///     print(error)
/// }
/// ```
/// ```text
/// settings.theme: required key "theme" is missing.
/// ```
public struct JSONValueDecoder: Sendable {
    /// How `Date` values are read.
    public enum DateDecodingStrategy: Sendable, Hashable {
        /// Seconds since 2001-01-01T00:00:00Z (`timeIntervalSinceReferenceDate`), any JSON number,
        /// or an ISO 8601 string as ``iso8601`` reads it (the default). A number written by
        /// ``JSONValueEncoder/DateEncodingStrategy/secondsSinceReferenceDate`` reads back as the
        /// same date to the last bit; strings keep recordings made with ISO 8601 dates readable.
        case secondsSinceReferenceDate
        /// An ISO 8601 string such as `"2024-03-01T12:34:56.789Z"` or `"2024-03-01T13:34:56+01:00"`,
        /// with fractional seconds of any length and `Z` or `±hh:mm` offsets.
        case iso8601
        /// Seconds since 1970-01-01T00:00:00Z, any JSON number.
        case secondsSince1970
        /// Milliseconds since 1970-01-01T00:00:00Z, any JSON number.
        case millisecondsSince1970
    }

    /// How `Date` values are read; ``DateDecodingStrategy/secondsSinceReferenceDate`` unless set.
    public var dateDecodingStrategy: DateDecodingStrategy
    /// Values handed to every `init(from:)` as `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// A decoder with the given options.
    public init(dateDecodingStrategy: DateDecodingStrategy = .secondsSinceReferenceDate, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.dateDecodingStrategy = dateDecodingStrategy
        self.userInfo = userInfo
    }

    /// A `T` built from `value`.
    ///
    /// - Throws: ``JSONDecodingError`` naming the coding path of the value that did not fit.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(JSONDecodingError) -> T {
        var plain: [CodingUserInfoKey: Any] = [:]
        for (key, value) in userInfo { plain[key] = value }
        let options = JSONDecoderOptions(dateStrategy: dateDecodingStrategy, userInfo: plain)
        defer { options.drainPool() }
        do {
            return try JSONDecoderCore.decodeValue(type, from: value, options: options, parent: nil, step: .noKey)
        } catch {
            throw JSONDecodingError.wrapping(error, at: [])
        }
    }
}

/// The decoder's settings, shared by reference by every nested decoder of one `decode` call, and
/// its spare decoders (see ``JSONCoderPool``).
final class JSONDecoderOptions {
    let dateStrategy: JSONValueDecoder.DateDecodingStrategy
    let userInfo: [CodingUserInfoKey: Any]
    // Safe because the options belong to one decode call on one thread; taking and returning a spare never overlaps
    // another access.
    @exclusivity(unchecked) private var spares = JSONCoderPool<JSONDecoderCore>()

    init(dateStrategy: JSONValueDecoder.DateDecodingStrategy, userInfo: [CodingUserInfoKey: Any]) {
        self.dateStrategy = dateStrategy
        self.userInfo = userInfo
    }

    /// A decoder for `value` at `step` under `parent`, a spare one when there is one.
    func makeDecoder(value: JSONValue, parent: JSONDecoderCore?, step: JSONPathStep) -> JSONDecoderCore {
        if let spare = spares.take() {
            spare.prepare(value: value, parent: parent, step: step)
            return spare
        }
        return JSONDecoderCore(value: value, options: self, reusable: true, parent: parent, step: step)
    }

    /// Takes back a decoder whose value is decoded (see ``JSONCoderPool/putBack(_:)``).
    func recycle(_ decoder: inout JSONDecoderCore) {
        spares.putBack(&decoder)
    }

    /// Drops the spare decoders, which refer back to these options (a cycle this breaks).
    func drainPool() {
        spares.removeAll()
    }
}
