/// A small deterministic generator, so that a failing test fails the same way again.
struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &+ 0x9e37_79b9_7f4a_7c15
    }

    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
