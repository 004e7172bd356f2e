import StateCollections
import Testing

extension ChunkedArray {
    /// Records an issue unless every run but the last is full, the last is not empty, and ``count``
    /// is the number of elements in the runs.
    func expectInvariants(sourceLocation: SourceLocation = #_sourceLocation) {
        let capacity = Self.chunkCapacity
        for (index, chunk) in chunks.enumerated() {
            if index < chunks.count - 1 {
                #expect(chunk.count == capacity, "run \(index) of \(chunks.count) holds \(chunk.count) elements", sourceLocation: sourceLocation)
            } else {
                #expect(!chunk.isEmpty, "the last run is empty", sourceLocation: sourceLocation)
            }
        }
        #expect(count == chunks.reduce(0) { $0 + $1.count }, "count is off", sourceLocation: sourceLocation)
    }
}
