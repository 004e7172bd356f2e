import Testing
@testable import StateJSON
@testable import StateEncoding

/// Strings and keys are compared by their Unicode scalars (their UTF-8 bytes) everywhere in the data
/// model, never by Swift's canonical equivalence, under which "é" written as the one scalar U+00E9
/// (NFC) equals "e" followed by U+0301 (NFD).
@Suite struct ByteExactEqualityTests {
    static let nfc = "\u{E9}"
    static let nfd = "e\u{301}"

    private func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func stringsThatDifferOnlyInNormalizationAreDifferentValues() {
        #expect(Self.nfc == Self.nfd, "the premise: Swift's == takes the two spellings as equal")
        #expect(JSONValue.string(Self.nfc) != .string(Self.nfd))
        #expect(JSONValue.string(Self.nfd) == .string("e" + "\u{301}"))
        #expect(Set<JSONValue>([.string(Self.nfc), .string(Self.nfd)]).count == 2)
        #expect(JSONValue.array([.string(Self.nfc)]) != .array([.string(Self.nfd)]))
    }

    @Test func objectsWhoseKeysDifferOnlyInNormalizationAreDifferent() {
        let composed: JSONObject = [Self.nfc: 1]
        let decomposed: JSONObject = [Self.nfd: 1]
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(JSONValue.object(composed) != .object(decomposed))
        #expect(Set<JSONValue>([.object(composed), .object(decomposed)]).count == 2)
    }

    @Test func anObjectHoldsBothSpellingsOfAKeyAsTwoMembers() {
        var object: JSONObject = [Self.nfc: 1]
        #expect(object[Self.nfd] == nil)
        object[Self.nfd] = 2
        #expect(object.keys.map(utf8) == [utf8(Self.nfd), utf8(Self.nfc)])
        #expect(object[Self.nfc] == 1)
        #expect(object[Self.nfd] == 2)
        object[Self.nfc] = nil
        #expect(object.keys.map(utf8) == [utf8(Self.nfd)])
    }

    @Test func theParserReadsASiblingKeyInNFDAsWrittenAfterOneInNFC() throws {
        // Sibling objects share their keys while the keys match; an NFD key must not match an NFC one.
        let text = "[{\"a\":0,\"\(Self.nfc)\":1},{\"a\":0,\"\(Self.nfd)\":2},{\"\(Self.nfc)\":3}]"
        let value = try JSONValue(parsing: text)
        #expect(value[0]?.objectValue?.keys.map(utf8) == [utf8("a"), utf8(Self.nfc)])
        #expect(value[1]?.objectValue?.keys.map(utf8) == [utf8("a"), utf8(Self.nfd)])
        #expect(value[2]?.objectValue?.keys.map(utf8) == [utf8(Self.nfc)])
        #expect(value.canonicalText.utf8.elementsEqual(text.utf8))
    }

    @Test func theParserReadsAnEscapedNFDKeyAsWrittenAfterAnNFCOne() throws {
        // Escaped keys are read by another path than raw ones.
        let value = try JSONValue(parsing: #"[{"\u00e9":1},{"e\u0301":2}]"#)
        #expect(value[1]?.objectValue?.keys.map(utf8) == [utf8(Self.nfd)])
    }

    @Test func diffPairsKeysByTheirBytes() throws {
        let before: JSONValue = [Self.nfc: 1]
        let after: JSONValue = [Self.nfd: 1]
        let patch = JSONDiff.patch(from: before, to: after)
        #expect(patch.operations.map(\.name) == ["add", "remove"])
        #expect(patch.operations.map { utf8($0.path.tokens[0]) } == [utf8(Self.nfd), utf8(Self.nfc)])
        #expect(try patch.apply(to: before).serialized() == after.serialized())
    }

    @Test func diffSeesAStringRespelledInNFD() {
        let patch = JSONDiff.patch(from: ["a": .string(Self.nfc)], to: ["a": .string(Self.nfd)])
        #expect(patch.operations == [.replace(path: JSONPointer(tokens: ["a"]), value: .string(Self.nfd))])
    }

    @Test func memberLookupForArrayIdentitiesComparesBytes() {
        // The diff finds array elements' identities this way.
        let element: JSONValue = [Self.nfd: 1, "id": 7]
        #expect(element.member(Self.nfc) == nil)
        #expect(element.member(Self.nfd) == 1)
    }

    @Test func theIncrementalFingerprintFollowsAKeyRespelledInNFD() {
        let fingerprinter = IncrementalFingerprinter(scheme: .chunked)
        let before: JSONValue = [Self.nfc: ["x": 1]]
        let after: JSONValue = [Self.nfd: ["x": 1]]
        #expect(fingerprinter.fingerprint(before) == StateFingerprint.of(before, scheme: .chunked))
        #expect(fingerprinter.fingerprint(after) == StateFingerprint.of(after, scheme: .chunked))
        #expect(StateFingerprint.of(before, scheme: .chunked) != StateFingerprint.of(after, scheme: .chunked))
    }

    @Test func pointersWhoseTokensDifferOnlyInNormalizationAreDifferent() {
        let composed = JSONPointer(tokens: [Self.nfc])
        let decomposed = JSONPointer(tokens: [Self.nfd])
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(!composed.isPrefix(of: decomposed.appending(key: "x")))
        #expect(composed.isPrefix(of: composed.appending(key: "x")))
    }

    @Test func movingAMemberToTheOtherSpellingOfItsKeyMovesIt() throws {
        let document: JSONValue = [Self.nfc: 1]
        let moved = try JSONPatch([.move(from: JSONPointer(tokens: [Self.nfc]), path: JSONPointer(tokens: [Self.nfd]))])
            .apply(to: document)
        #expect(moved.objectValue?.keys.map(utf8) == [utf8(Self.nfd)])
        let nested = try JSONPatch([
            .move(from: JSONPointer(tokens: [Self.nfc]), path: JSONPointer(tokens: [Self.nfd])),
            .move(from: JSONPointer(tokens: [Self.nfd]), path: JSONPointer(tokens: [Self.nfc])),
        ]).apply(to: document)
        #expect(nested.objectValue?.keys.map(utf8) == [utf8(Self.nfc)])
    }

    @Test func patchTestComparesStringsAndKeysByScalars() {
        let document: JSONValue = ["a": .string(Self.nfd), "o": [Self.nfd: 1]]
        let testString = JSONPatch([.test(path: JSONPointer(tokens: ["a"]), value: .string(Self.nfc))])
        #expect(throws: JSONPatchError.self) { try testString.apply(to: document) }
        let testObject = JSONPatch([.test(path: JSONPointer(tokens: ["o"]), value: [Self.nfc: 1])])
        #expect(throws: JSONPatchError.self) { try testObject.apply(to: document) }
        let same = JSONPatch([.test(path: JSONPointer(tokens: ["o"]), value: [Self.nfd: 1])])
        #expect(throws: Never.self) { try same.apply(to: document) }
    }

    @Test func theEncoderWritesEachKeyAsSpelledAfterTheOtherSpelling() throws {
        // The encoder remembers the keys a type was encoded with; a dictionary whose key is spelled
        // the other way must not be written with the remembered spelling.
        let encoder = JSONValueEncoder()
        let first = try encoder.encode([Self.nfc: 1])
        let second = try encoder.encode([Self.nfd: 1])
        #expect(first.objectValue?.keys.map(utf8) == [utf8(Self.nfc)])
        #expect(second.objectValue?.keys.map(utf8) == [utf8(Self.nfd)])
    }

    /// A value that encodes one member under a key chosen at run time.
    struct Spelled: Encodable {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        var key: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: Key(stringValue: key))
        }
    }

    @Test func theEncoderWritesACodingKeyAsSpelledAfterTheOtherSpelling() throws {
        // The encoder learns the keys of a CodingKey type from its first value and expects them of
        // the next ones.
        let value = try JSONValueEncoder().encode([Spelled(key: Self.nfc), Spelled(key: Self.nfd), Spelled(key: Self.nfc)])
        #expect(value[0]?.objectValue?.keys.map(utf8) == [utf8(Self.nfc)])
        #expect(value[1]?.objectValue?.keys.map(utf8) == [utf8(Self.nfd)])
        #expect(value[2]?.objectValue?.keys.map(utf8) == [utf8(Self.nfc)])
    }

    @Test func theIncrementalEncoderWritesEachKeyAsSpelledAfterTheOtherSpelling() throws {
        let encoder = IncrementalJSONEncoder<[String: [Int]]>()
        let first = try encoder.encode([Self.nfc: [1]])
        let second = try encoder.encode([Self.nfd: [1]])
        #expect(first.objectValue?.keys.map(utf8) == [utf8(Self.nfc)])
        #expect(second.objectValue?.keys.map(utf8) == [utf8(Self.nfd)])
    }

    @Test func theDecoderFindsAKeyOnlyInTheSameSpellingWhateverTheObjectsSize() throws {
        struct Accented: Decodable {
            var value: Int
            enum CodingKeys: String, CodingKey { case value = "caf\u{E9}" }
        }
        for extra in [0, 12] {
            var members: [(String, JSONValue)] = (0..<extra).map { ("k\($0)", 0) }
            members.append(("cafe\u{301}", 1))
            let object = JSONValue.object(JSONObject(members))
            #expect(throws: JSONDecodingError.self, "\(extra + 1) members") {
                try JSONValueDecoder().decode(Accented.self, from: object)
            }
            members.append(("caf\u{E9}", 2))
            #expect(try JSONValueDecoder().decode(Accented.self, from: .object(JSONObject(members))).value == 2)
        }
    }

    @Test func theIncrementalEncoderSeesAStringRespelledInNFD() throws {
        // Swift's == finds the old and new elements equal; their JSON is not.
        let strings = IncrementalJSONEncoder<[String]>()
        _ = try strings.encode(["a", Self.nfc])
        let respelled = try strings.encode(["a", Self.nfd])
        #expect(respelled[1]?.stringValue.map(utf8) == utf8(Self.nfd))

        let doubles = IncrementalJSONEncoder<[Double]>()
        _ = try doubles.encode([1, 0.0])
        #expect(try doubles.encode([1, -0.0]) == [.double(1), .double(-0.0)])
    }

    @Test func aDoubleAndItsNegativeZeroAreDifferentValuesButEquivalent() {
        // The canonical text of -0.0 is "-0.0": equal values must have equal text, so == tells them apart.
        #expect(JSONValue.double(-0.0) != .double(0.0))
        #expect(JSONValue.double(-0.0).isEquivalent(to: .double(0.0)))
        #expect(JSONDiff.patch(from: ["x": 0.0], to: ["x": .double(-0.0)]).operations.count == 1)
    }

    @Test func equalValuesHaveEqualCanonicalText() {
        let values: [JSONValue] = [
            .double(0.0), .double(-0.0), .integer(0), .double(1.0), .integer(1), .bigNumber("1e400"),
            .bigNumber("1E400"), .string("\u{E9}"), .string("e\u{301}"),
        ]
        for lhs in values {
            for rhs in values where lhs == rhs {
                #expect(lhs.canonicalText.utf8.elementsEqual(rhs.canonicalText.utf8), "\(lhs) == \(rhs)")
                #expect(lhs.hashValue == rhs.hashValue, "\(lhs) == \(rhs)")
            }
        }
    }
}
