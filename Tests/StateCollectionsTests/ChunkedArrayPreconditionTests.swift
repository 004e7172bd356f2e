import StateCollections
import Testing

/// A position or count outside the array stops the program, as it does for `Array`, rather than
/// reading or writing another run's element.
@Suite struct ChunkedArrayPreconditionTests {
    @Test func readingPastTheEndStops() async {
        await #expect(processExitsWith: .failure) {
            let array = ChunkedArray(0..<64)
            _ = array[64]
        }
    }

    @Test func writingAtANegativePositionStops() async {
        await #expect(processExitsWith: .failure) {
            var array = ChunkedArray(0..<100)
            array[-1] = 0
        }
    }

    @Test func removingMoreElementsThanThereAreStops() async {
        await #expect(processExitsWith: .failure) {
            var array = ChunkedArray(0..<10)
            array.removeLast(11)
        }
    }

    @Test func replacingARangePastTheEndStops() async {
        await #expect(processExitsWith: .failure) {
            var array = ChunkedArray(0..<10)
            array.replaceSubrange(5..<11, with: [1])
        }
    }
}
