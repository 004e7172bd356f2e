import StateRecorder
import ExampleApps
import Testing

@Suite struct SeededGeneratorTests {
    @Test func producesTheSplitMix64ReferenceSequence() {
        var rng = SeededGenerator(seed: 1_234_567)
        let values = (0..<3).map { _ in rng.next() }
        #expect(values == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }

    @Test func equalSeedsGiveEqualSequencesAndOtherSeedsDiffer() {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        var other = SeededGenerator(seed: 8)
        let a = (0..<50).map { _ in first.bounded(1000) }
        let b = (0..<50).map { _ in second.bounded(1000) }
        let c = (0..<50).map { _ in other.bounded(1000) }
        #expect(a == b)
        #expect(a != c)
    }

    @Test func boundedStaysInRangeAndReachesBothEnds() {
        var rng = SeededGenerator(seed: 3)
        let values = (0..<2000).map { _ in rng.bounded(in: -2...2) }
        #expect(Set(values) == [-2, -1, 0, 1, 2])
        #expect(rng.bounded(0) == 0)
        #expect(rng.bounded(-5) == 0)
    }
}
