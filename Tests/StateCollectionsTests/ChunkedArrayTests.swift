import StateCollections
import Testing

@Suite struct ChunkedArrayTests {
    @Test func behavesAsAnArrayOfTheSameElements() {
        var chunked = ChunkedArray(0..<200)
        var plain = Array(0..<200)
        chunked[130] = -1
        plain[130] = -1
        chunked.append(7)
        plain.append(7)
        chunked.replaceSubrange(10..<70, with: [1, 2, 3])
        plain.replaceSubrange(10..<70, with: [1, 2, 3])
        chunked.removeLast(5)
        plain.removeLast(5)
        #expect(Array(chunked) == plain)
        #expect(chunked.count == plain.count)
    }
}
