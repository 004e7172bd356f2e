import Testing
@testable import StateJSON

/// Every parsing case of JSONTestSuite (`JSONTestSuite/test_parsing`): `y_` must parse, `n_` must
/// be refused, `i_` may go either way but must not crash or hang. What parses must also come back
/// the same through its canonical text.
///
/// The time limit catches a parser that hangs, not a slow one: the cases take well under a second alone,
/// but share the machine with the rest of `swift test` (and, on CI, with other jobs).
@Suite(.conformanceSuitesPresent, .timeLimit(.minutes(10)))
struct JSONTestSuiteTests {
    static let parsingFolder = "JSONTestSuite/test_parsing"

    /// The cases whose names start with `prefix`, with their bytes.
    private func cases(_ prefix: String) throws -> [(name: String, bytes: [UInt8])] {
        try ConformanceSuite.fileNames(in: Self.parsingFolder)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .map { ($0, try ConformanceSuite.bytes("\(Self.parsingFolder)/\($0)")) }
    }

    /// Parsing the canonical text of `value` gives `value` back, strings and numbers included.
    private func expectRoundTrip(_ value: JSONValue, _ name: String) {
        let text = value.serialized()
        do {
            let again = try JSONValue(parsing: text)
            #expect(again == value, "\(name): the canonical text \(String(decoding: text, as: UTF8.self)) reads back as another value")
            #expect(again.serialized() == text, "\(name): the canonical text is not stable")
        } catch {
            Issue.record("\(name): the canonical text \(String(decoding: text, as: UTF8.self)) does not parse: \(error)")
        }
    }

    @Test func acceptsEveryMustAcceptCase() throws {
        let cases = try cases("y_")
        #expect(cases.count == 95, "JSONTestSuite has 95 y_ cases; found \(cases.count)")
        for (name, bytes) in cases {
            do {
                expectRoundTrip(try JSONValue(parsing: bytes), name)
            } catch {
                Issue.record("\(name) must parse, but: \(error)")
            }
        }
    }

    @Test func rejectsEveryMustRejectCase() throws {
        let cases = try cases("n_")
        #expect(cases.count == 188, "JSONTestSuite has 188 n_ cases; found \(cases.count)")
        for (name, bytes) in cases {
            if let value = try? JSONValue(parsing: bytes) {
                Issue.record("\(name) must be refused, but parsed as \(value.canonicalText)")
            }
        }
    }

    @Test func readsEveryImplementationDefinedCaseWithoutCrashing() throws {
        let cases = try cases("i_")
        #expect(cases.count == 35, "JSONTestSuite has 35 i_ cases; found \(cases.count)")
        for (name, bytes) in cases {
            // Either answer is allowed; what is accepted must keep its value through the canonical text.
            if let value = try? JSONValue(parsing: bytes) { expectRoundTrip(value, name) }
        }
    }

    @Test func anObjectKeepsKeysThatDifferOnlyInNormalization() throws {
        // test_transform/object_key_nfc_nfd.json and its mirror: {"é":"NFC","é":"NFD"}, one key
        // written as U+00E9, the other as "e" and U+0301.
        for name in ["object_key_nfc_nfd.json", "object_key_nfd_nfc.json"] {
            let value = try JSONValue(parsing: try ConformanceSuite.bytes("JSONTestSuite/test_transform/\(name)"))
            let object = try #require(value.objectValue, "\(name)")
            #expect(object.keys.map { Array($0.utf8) } == [[0x65, 0xCC, 0x81], [0xC3, 0xA9]], "\(name)")
            #expect(Array(object.values) == ["NFD", "NFC"], "\(name)")
        }
    }

    @Test func transformedNumbersKeepEveryDigit() throws {
        let expected: [String: JSONValue] = [
            "number_-9223372036854775808.json": .integer(Int64.min),
            "number_-9223372036854775809.json": .bigNumber("-9223372036854775809"),
            "number_1.0.json": .double(1.0),
            "number_1.000000000000000005.json": .bigNumber("1.000000000000000005"),
            "number_1000000000000000.json": .integer(1_000_000_000_000_000),
            "number_10000000000000000999.json": .unsigned(10_000_000_000_000_000_999),
            "number_1e-999.json": .bigNumber("1E-999"),
            "number_1e6.json": .double(1e6),
            "number_9223372036854775807.json": .integer(Int64.max),
            "number_9223372036854775808.json": .unsigned(9_223_372_036_854_775_808),
        ]
        for (name, number) in expected {
            let value = try JSONValue(parsing: try ConformanceSuite.bytes("JSONTestSuite/test_transform/\(name)"))
            #expect(value == [number], "\(name)")
        }
    }
}
