import StateJSON
import StateEncoding
import Testing

@Suite struct UnorderedCollectionEncodingTests {
    struct Tags: Codable, Equatable { var selected: Set<String>; var byPoint: [Point: String] }
    struct Point: Codable, Hashable { var x: Int; var y: Int }

    /// Two sets with the same elements but built in different orders iterate differently; their JSON must not.
    @Test func aSetIsWrittenInAnOrderThatDependsOnlyOnItsElements() throws {
        var first: Set<String> = []
        var second: Set<String> = []
        let words = (0..<200).map { "tag\($0)" }
        for word in words { first.insert(word) }
        for word in words.reversed() { second.insert(word) }
        second.reserveCapacity(4096)
        #expect(Array(first) != Array(second), "the two sets should iterate differently for this test to mean anything")
        let encoder = JSONValueEncoder()
        #expect(try encoder.encode(first) == encoder.encode(second))
        #expect(try encoder.encode(first) == .array(words.sorted().map { JSONValue.string($0) }.sorted { $0.canonicalText < $1.canonicalText }))
    }

    @Test func aDictionaryWithStructKeysIsWrittenInCanonicalOrderAndDecodesBack() throws {
        var points: [Point: String] = [:]
        for index in (0..<50).reversed() { points[Point(x: index, y: -index)] = "p\(index)" }
        let value = Tags(selected: ["b", "a"], byPoint: points)
        let encoded = try JSONValueEncoder().encode(value)
        var rebuilt: [Point: String] = [:]
        rebuilt.reserveCapacity(1000)
        for (key, name) in points { rebuilt[key] = name }
        #expect(try JSONValueEncoder().encode(Tags(selected: ["a", "b"], byPoint: rebuilt)) == encoded)
        #expect(try JSONValueDecoder().decode(Tags.self, from: encoded) == value)
        let incremental = IncrementalJSONEncoder<Tags>()
        #expect(try incremental.encode(value) == encoded)
    }
}
