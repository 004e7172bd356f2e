import StateJSON
import StateJournal
import Testing

/// Keyframes follow the bytes of the patches they serve: a large state changed a little at a time is
/// not written whole every `interval` steps, so keyframes keep to a bounded share of the journal.
@Suite struct KeyframePolicyTests {
    /// 60 users, one age changed a step: patches of a few dozen bytes against a state of about 3 KB.
    /// Each step's kind and the bytes of its `state` or `patch` member.
    private static func steps(_ policy: KeyframePolicy, count: Int = 400) -> [(keyframe: Bool, bytes: Int)] {
        let builder = JournalBuilder(header: JournalRoundTripTests.header(initial: JournalRoundTripTests.users(60)), policy: policy)
        return (1...count).map { step in
            let state = JournalRoundTripTests.users(60, changedAge: step % 60, age: Int64(step))
            let prepared = builder.prepareStep(state: state, parent: nil)
            return (prepared.keyframe, prepared.content.count)
        }
    }

    @Test func theIntervalWaitsUntilThePatchesWeighHalfTheKeyframe() {
        let steps = Self.steps(KeyframePolicy(interval: 10, smallStateBytes: 0))
        var keyframeBytes = JournalRoundTripTests.users(60).serialized(.canonical).count
        var patchBytes = 0
        var keyframes = 0
        for (index, step) in steps.enumerated() {
            guard step.keyframe else {
                patchBytes += step.bytes
                continue
            }
            // Made by the interval once the patches reach half the last keyframe, and never later than
            // the step whose patch would make them weigh more than twice it.
            #expect(2 * patchBytes >= keyframeBytes, "step \(index + 1)")
            #expect(patchBytes <= 2 * keyframeBytes, "step \(index + 1)")
            keyframes += 1
            keyframeBytes = step.bytes
            patchBytes = 0
        }
        let allPatchBytes = steps.filter { !$0.keyframe }.map(\.bytes).reduce(0, +)
        let allKeyframeBytes = steps.filter(\.keyframe).map(\.bytes).reduce(0, +)
        #expect(keyframes >= 3)
        #expect(keyframes < 40, "fewer than one every 10 steps")
        #expect(allKeyframeBytes <= 2 * allPatchBytes + keyframeBytes)
    }

    @Test func aShareOfZeroMakesTheIntervalACountOfSteps() {
        let steps = Self.steps(KeyframePolicy(interval: 10, smallStateBytes: 0, intervalPatchShare: 0))
        let keyframes = steps.indices.filter { steps[$0].keyframe }.map { $0 + 1 }
        #expect(keyframes == Array(stride(from: 10, through: 400, by: 10)))
    }

    @Test func anIntervalOfOneWritesEveryStateWhole() {
        #expect(Self.steps(.everyStep, count: 30).allSatisfy { $0.keyframe })
        #expect(Self.steps(KeyframePolicy(interval: 1, smallStateBytes: 0), count: 30).allSatisfy { $0.keyframe })
    }

    @Test(arguments: [1.0, 2.0, 3.5])
    func patchesThatWouldOutweighTheirShareOfTheStateMakeAKeyframeWhateverTheInterval(share: Double) {
        let steps = Self.steps(KeyframePolicy(interval: 1_000_000, smallStateBytes: 0, patchShare: share), count: 1_000)
        var keyframeBytes = JournalRoundTripTests.users(60).serialized(.canonical).count
        var patchBytes = 0
        // The largest patch: a keyframe comes only once one more patch could pass the share.
        let largestPatch = steps.filter { !$0.keyframe }.map(\.bytes).max() ?? 0
        var keyframes = 0
        for (index, step) in steps.enumerated() {
            if step.keyframe {
                #expect(Double(patchBytes + largestPatch) > share * Double(keyframeBytes), "step \(index + 1) came early")
                keyframes += 1
                keyframeBytes = step.bytes
                patchBytes = 0
            } else {
                patchBytes += step.bytes
                #expect(Double(patchBytes) <= share * Double(keyframeBytes), "step \(index + 1)")
            }
        }
        #expect(keyframes >= 2)
    }
}
