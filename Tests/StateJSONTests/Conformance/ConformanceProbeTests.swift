import Testing
@testable import StateJSON

/// The edge cases in `conformance/probes`, each turned into the byte-exact answer statedbg gives.
///
/// Two spellings of "é" recur: NFC, the one scalar U+00E9 (UTF-8 `C3 A9`), and NFD, "e" followed by
/// the combining acute accent U+0301 (`65 CC 81`). Swift's `String ==` takes them as equal; JSON, and
/// statedbg, keep them apart. Numbers compare by the exact decimal value their text says.
///
/// The patch probes hold `doc`, `patch` and `expected` or `error`; where `patch` is empty and
/// `expected` differs from `doc`, the probe asks whether the two are told apart.
@Suite(.conformanceSuitesPresent)
struct ConformanceProbeTests {
    static let nfc = "\u{E9}"
    static let nfd = "e\u{301}"

    static let probeNames = [
        "big1.json", "big2.json", "big3.json", "big4.json", "big5.json", "big6.json",
        "diff-nfc-to-nfd-key.json", "diff-nfc-to-nfd-value.json", "keys1.json", "keys2.json", "keys3.json",
        "nfc-add-to-nfd-doc.json", "nfc-nfd-remove.json", "nfc-nfd-test.json", "nfc-test-against-nfd.json",
        "vals.json", "value-nfc-vs-nfd.json",
    ]

    private func bytes(_ name: String) throws -> [UInt8] { try ConformanceSuite.bytes("probes/\(name)") }

    private func probe(_ name: String) throws -> JSONValue { try JSONValue(parsing: try bytes(name)) }

    /// The probe's `doc`, `patch` and `expected` (`nil` for an `error` probe).
    private func patchProbe(_ name: String) throws -> (doc: JSONValue, patch: JSONPatch, expected: JSONValue?) {
        let probe = try probe(name)
        let doc = try #require(probe["doc"], "\(name) has no doc")
        let patch = try JSONPatch(jsonValue: try #require(probe["patch"], "\(name) has no patch"))
        return (doc, patch, probe["expected"])
    }

    /// The reason applying the probe's patch fails, or `nil` when it applies.
    private func failure(_ name: String) throws -> JSONPatchError.Reason? {
        let (doc, patch, _) = try patchProbe(name)
        do {
            _ = try patch.apply(to: doc)
            return nil
        } catch {
            return error.reason
        }
    }

    private func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func everyProbeHasAnAssertion() throws {
        #expect(try ConformanceSuite.fileNames(in: "probes") == Self.probeNames)
    }

    // MARK: - Numbers

    @Test func big1TestTellsTwoToTheSixtyFourFromTheNextInteger() throws {
        let (doc, patch, _) = try patchProbe("big1.json")
        #expect(doc["a"] == .bigNumber("18446744073709551616"))
        #expect(patch.operations.first?.value == .bigNumber("18446744073709551617"))
        #expect(try failure("big1.json") == .testFailed(actual: .bigNumber("18446744073709551616")))
    }

    @Test func big2TestTellsNumbersBeyondDoubleApart() throws {
        #expect(try patchProbe("big2.json").doc["a"] == .bigNumber("1e400"))
        #expect(try failure("big2.json") == .testFailed(actual: .bigNumber("1e400")))
    }

    @Test func big3TestTellsAnIntegerFromTheNearestDouble() throws {
        let (doc, patch, _) = try patchProbe("big3.json")
        #expect(doc["a"] == .integer(9_007_199_254_740_993))
        #expect(patch.operations.first?.value == .double(9_007_199_254_740_992))
        #expect(try failure("big3.json") == .testFailed(actual: .integer(9_007_199_254_740_993)))
    }

    @Test func big4TestComparesTheDecimalTextNotTheNearestDouble() throws {
        // The stricter of the two answers the probe allows: 0.10000000000000000001 is not 0.1.
        let (_, patch, _) = try patchProbe("big4.json")
        #expect(patch.operations.first?.value == .bigNumber("0.10000000000000000001"))
        #expect(try failure("big4.json") == .testFailed(actual: .double(0.1)))
    }

    @Test(arguments: ["big5.json", "big6.json"])
    func bigNumbersThatDifferInTheLastDigitOrExponentAreToldApart(_ name: String) throws {
        let (doc, patch, expected) = try patchProbe(name)
        let want = try #require(expected)
        let result = try patch.apply(to: doc)
        #expect(result != want)
        #expect(!result.isEquivalent(to: want))
        let diff = JSONDiff.patch(from: doc, to: want)
        #expect(diff.operations == [.replace(path: JSONPointer(tokens: ["a"]), value: try #require(want["a"]))])
        #expect(try diff.apply(to: doc).serialized() == want.serialized())
    }

    // MARK: - Strings and keys

    @Test func diffOfAKeyRespelledInNFDRemovesOneKeyAndAddsTheOther() throws {
        let (doc, _, expected) = try patchProbe("diff-nfc-to-nfd-key.json")
        let want = try #require(expected)
        #expect(doc != want)
        let diff = JSONDiff.patch(from: doc, to: want)
        #expect(diff.operations.map(\.name) == ["add", "remove"])
        #expect(diff.operations.map { utf8($0.path.tokens[0]) } == [utf8(Self.nfd), utf8(Self.nfc)])
        #expect(try diff.apply(to: doc).serialized() == want.serialized())
    }

    @Test func diffOfAValueRespelledInNFDReplacesIt() throws {
        let (doc, _, expected) = try patchProbe("diff-nfc-to-nfd-value.json")
        let want = try #require(expected)
        #expect(doc != want)
        let diff = JSONDiff.patch(from: doc, to: want)
        #expect(diff.operations.map(\.description) == ["replace /a"])
        #expect(diff.operations.first?.value?.stringValue.map(utf8) == utf8(Self.nfd))
    }

    @Test func keys1ASiblingKeyInNFDIsNotReadAsTheNFCKeyBeforeIt() throws {
        let value = try probe("keys1.json")
        #expect(value[0]?.objectValue?.keys.map(utf8) == [utf8(Self.nfc)])
        #expect(value[1]?.objectValue?.keys.map(utf8) == [utf8(Self.nfd)])
        #expect(value[0] != value[1])
        #expect(value.serialized() == (try bytes("keys1.json")))
    }

    @Test func keys2AnNFDKeyIsReadAsWritten() throws {
        let value = try probe("keys2.json")
        #expect(value[0]?.objectValue?.keys.map(utf8) == [utf8(Self.nfd)])
        #expect(value.serialized() == (try bytes("keys2.json")))
    }

    @Test func keys3AnNFDKeyAfterAnNFCStringKeepsBothSpellings() throws {
        let object = try #require(try probe("keys3.json").objectValue)
        // Sorted by bytes: "e" (0x65) comes before "x".
        #expect(object.keys.map(utf8) == [utf8(Self.nfd), utf8("x")])
        #expect(object["x"]?.stringValue.map(utf8) == utf8(Self.nfc))
        #expect(object[Self.nfd] == 2)
        #expect(object[Self.nfc] == nil)
    }

    @Test func valsStringsInNFCAndNFDStayDifferentValues() throws {
        let value = try probe("vals.json")
        #expect(value[0]?.stringValue.map(utf8) == utf8(Self.nfc))
        #expect(value[1]?.stringValue.map(utf8) == utf8(Self.nfd))
        #expect(value[0] != value[1])
        #expect(value != [.string(Self.nfc), .string(Self.nfc)])
        #expect(Set([value[0], value[1]]).count == 2)
        #expect(value.serialized() == (try bytes("vals.json")))
    }

    @Test func addingAnNFCKeyBesideAnNFDKeyKeepsBoth() throws {
        let (doc, patch, expected) = try patchProbe("nfc-add-to-nfd-doc.json")
        let result = try patch.apply(to: doc)
        #expect(result.objectValue?.keys.map(utf8) == [utf8(Self.nfd), utf8(Self.nfc)])
        #expect(result == expected)
        #expect(result.serialized() == expected?.serialized())
    }

    @Test func removingTheNFDKeyLeavesTheNFCKey() throws {
        let (doc, patch, expected) = try patchProbe("nfc-nfd-remove.json")
        let result = try patch.apply(to: doc)
        #expect(result.objectValue?.keys.map(utf8) == [utf8(Self.nfc)])
        #expect(result["\u{E9}"] == "NFC")
        #expect(result.serialized() == expected?.serialized())
    }

    @Test func testingEachSpellingFindsItsOwnMember() throws {
        let (doc, patch, expected) = try patchProbe("nfc-nfd-test.json")
        #expect(try patch.apply(to: doc) == expected)
    }

    @Test func testingAnNFCKeyDoesNotFindTheNFDMember() throws {
        #expect(try failure("nfc-test-against-nfd.json") == .pathNotFound)
    }

    @Test func testingAnNFCStringAgainstAnNFDOneFails() throws {
        #expect(try failure("value-nfc-vs-nfd.json") == .testFailed(actual: .string(Self.nfd)))
    }
}
