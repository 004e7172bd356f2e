import Foundation
import StateJSON
import StateEncoding
import StateRecorder
import Testing

/// A recording is replayed from its text: every value must come back from encode → canonical text →
/// parse → decode with the same bits, or a correct app diverges on replay. The values are those a
/// lossy format breaks.
@Suite struct ExactRoundTripTests {
    static let dates = [
        Date(timeIntervalSinceReferenceDate: 785_000_000.123456789),
        Date.distantPast,
        Date.distantFuture,
        // Sub-millisecond: 0.0001234 s past a whole second.
        Date(timeIntervalSince1970: 1_767_225_600.000_123_4),
        Date(timeIntervalSinceReferenceDate: -0.000_000_1),
        Date(timeIntervalSinceReferenceDate: 0),
    ]

    /// A subnormal near 1e-310 (a literal that small draws a warning), the least and greatest
    /// magnitudes, negative zero, and values whose shortest text is long.
    static let doubles: [Double] = [
        0.1, 1e-300 / 1e10, -0.0, 1.7976931348623157e308, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .pi, 1,
        1e22, 0.30000000000000004,
    ]

    static let strings = [
        "\u{e9}", "e\u{301}", "👩‍👩‍👧‍👦", "🇺🇸", "\u{0}", "a\u{0}b", "\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}\u{7f}",
        "\u{10000}\u{1D11E}\u{1F600}\u{10FFFF}", "\u{2028}\u{2029}", "\"\\/", "",
    ]

    /// Every kind of value above in one state, as an app would hold them.
    struct Exotic: Codable, Equatable {
        var dates: [Date]
        var doubles: [Double]
        var decimal: Decimal
        var largest: UInt64
        var smallest: Int64
        var big: JSONValue
        var strings: [String]
        var keyed: [String: Int]
    }

    static let exotic = Exotic(
        dates: dates, doubles: doubles, decimal: Decimal(string: "12345678901234567890.123456789") ?? 0,
        largest: .max, smallest: .min, big: .bigNumber("123456789012345678901234567890"), strings: strings,
        keyed: ["e\u{301}": 1, "\u{1F600}": 2, "\u{0}": 3])

    /// `value` after encode → canonical text → parse → decode.
    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        let text = try JSONValueEncoder().encode(value).canonicalText
        return try JSONValueDecoder().decode(T.self, from: JSONValue(parsing: text))
    }

    static func readBack<T: Decodable>(_ type: T.Type, _ value: JSONValue) throws -> T {
        try JSONValueDecoder().decode(T.self, from: JSONValue(parsing: value.canonicalText))
    }

    static func bits(_ dates: [Date]) -> [UInt64] { dates.map(\.timeIntervalSinceReferenceDate.bitPattern) }
    static func scalars(_ strings: [String]) -> [[Unicode.Scalar]] { strings.map { Array($0.unicodeScalars) } }
    static func scalars(_ keys: Dictionary<String, Int>.Keys) -> Set<[UInt32]> {
        Set(keys.map { $0.unicodeScalars.map(\.value) })
    }

    /// Compares what `==` would let slip: bit patterns of doubles and dates, and the scalars of
    /// strings (`==` on `String` takes NFC and NFD spellings as equal).
    static func expectIdentical(_ got: Exotic, _ want: Exotic) {
        #expect(bits(got.dates) == bits(want.dates))
        #expect(got.doubles.map(\.bitPattern) == want.doubles.map(\.bitPattern))
        #expect(got.decimal == want.decimal)
        #expect(got.decimal.description == want.decimal.description)
        #expect(got.largest == want.largest)
        #expect(got.smallest == want.smallest)
        #expect(got.big == want.big)
        #expect(scalars(got.strings) == scalars(want.strings))
        #expect(scalars(got.keyed.keys) == scalars(want.keyed.keys))
        #expect(got.keyed == want.keyed)
    }

    @Test func datesComeBackBitForBit() throws {
        #expect(Self.bits(try Self.roundTrip(Self.dates)) == Self.bits(Self.dates))
    }

    @Test func aDateIsWrittenAsTheShortestNumberOfSecondsSinceTheReferenceDate() throws {
        let date = Date(timeIntervalSinceReferenceDate: 785_000_000.123456789)
        #expect(try JSONValueEncoder().encode(date) == .double(785_000_000.123456789))
        #expect(try JSONValueEncoder().encode([date]).canonicalText == "[785000000.1234568]")
        #expect(try JSONValueEncoder().encode(Date(timeIntervalSince1970: 1_767_225_600)).canonicalText == "788918400.0")
    }

    @Test func datesReadTheSameAsFoundationsDefaultCodingWritesThem() throws {
        let foundationText = try JSONEncoder().encode(Self.dates)
        let read = try JSONValueDecoder().decode([Date].self, from: JSONValue(parsing: Array(foundationText)))
        #expect(Self.bits(read) == Self.bits(Self.dates))
        let ourText = try JSONValueEncoder().encode(Self.dates).serialized()
        #expect(Self.bits(try JSONDecoder().decode([Date].self, from: Data(ourText))) == Self.bits(Self.dates))
    }

    @Test func iso8601DatesOfOlderRecordingsStillDecode() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Date.self, from: "2026-01-01T00:00:00.000Z") == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(try decoder.decode(Date.self, from: "2026-01-01T01:00:00+01:00") == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(try decoder.decode(Date.self, from: 0) == Date(timeIntervalSinceReferenceDate: 0))
        #expect {
            try decoder.decode(Date.self, from: true)
        } throws: { error in
            "\(error)" == "the top-level value: expected a date (seconds since 2001-01-01 or an ISO 8601 string), found true."
        }
        #expect {
            try decoder.decode(Date.self, from: "yesterday")
        } throws: { error in
            "\(error)" == #"the top-level value: "yesterday" is not an ISO 8601 date such as "2024-03-01T12:34:56.789Z"."#
        }
    }

    @Test func theISO8601StrategyStillWritesMilliseconds() throws {
        let encoder = JSONValueEncoder(dateEncodingStrategy: .iso8601)
        #expect(try encoder.encode(Date(timeIntervalSince1970: 1_767_225_600.000_123_4)) == "2026-01-01T00:00:00.000Z")
        #expect {
            try JSONValueDecoder(dateDecodingStrategy: .iso8601).decode(Date.self, from: 0)
        } throws: { error in
            "\(error)" == "the top-level value: expected an ISO 8601 date string, found 0."
        }
    }

    @Test func doublesComeBackBitForBitNegativeZeroWithItsSign() throws {
        let back = try Self.roundTrip(Self.doubles)
        #expect(back.map(\.bitPattern) == Self.doubles.map(\.bitPattern))
        #expect(try Self.roundTrip(-0.0).sign == .minus)
    }

    @Test func aDecimalKeepsEveryDigit() throws {
        for text in ["12345678901234567890.123456789", "-0.000000000000000000000000000001", "0.1", "3.1415926535897932384626433832795028841"] {
            let decimal = try #require(Decimal(string: text))
            let back = try Self.roundTrip(decimal)
            #expect(back == decimal)
            #expect(back.description == decimal.description)
        }
    }

    @Test func everyParsedNumberWritesBackAsTheSameNumber() throws {
        var random = SeededGenerator(seed: 17)
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...30, using: &random)
            var digits = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            while digits.count > 1, digits.hasPrefix("0") { digits.removeFirst() }
            let point = Int.random(in: 1...digits.count, using: &random)
            var text = String(digits.prefix(point)) + "." + (point == digits.count ? "0" : String(digits.dropFirst(point)))
            if Bool.random(using: &random) { text += "e" + String(Int.random(in: -40...40, using: &random)) }
            if Bool.random(using: &random) { text = "-" + text }
            let written = try JSONValue(parsing: text).canonicalText
            #expect(Decimal(string: written) == Decimal(string: text), "\(text) was written back as \(written)")
        }
    }

    @Test func extremeIntegersComeBack() throws {
        #expect(try Self.roundTrip(UInt64.max) == .max)
        #expect(try Self.roundTrip(Int64.min) == .min)
        #expect(try Self.roundTrip([Int64.max]) == [.max])
        #expect(try Self.roundTrip(UInt64(Int64.max) + 1) == UInt64(Int64.max) + 1)
    }

    @Test func aBigIntegerSurvivesThroughJSONValue() throws {
        let big = try JSONValue(parsing: "123456789012345678901234567890")
        #expect(big == .bigNumber("123456789012345678901234567890"))
        #expect(try Self.roundTrip(big) == big)
        let object: JSONValue = ["n": big]
        #expect(try Self.roundTrip(object).canonicalText == #"{"n":123456789012345678901234567890}"#)
        #expect(try Self.readBack(Decimal.self, big) == Decimal(string: "123456789012345678901234567890"))
    }

    @Test func stringsKeepEveryScalarNFCAndNFDApart() throws {
        let back = try Self.roundTrip(Self.strings)
        #expect(Self.scalars(back) == Self.scalars(Self.strings))
        #expect(Array(back[0].unicodeScalars) != Array(back[1].unicodeScalars))
    }

    @Test func everyKindOfValueComesBackThroughTheIncrementalEncoder() throws {
        let incremental = IncrementalJSONEncoder<Exotic>()
        var state = Self.exotic
        let first = try incremental.encode(state)
        #expect(first == (try JSONValueEncoder().encode(state)))
        Self.expectIdentical(try Self.readBack(Exotic.self, first), state)
        // Again with one member changed, so that the others come from the memo.
        state.largest -= 1
        let second = try incremental.encode(state)
        #expect(second == (try JSONValueEncoder().encode(state)))
        Self.expectIdentical(try Self.readBack(Exotic.self, second), state)
        Self.expectIdentical(try Self.roundTrip(state), state)
    }
}
