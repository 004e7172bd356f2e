import StateLive
import Testing

/// Where a subscription from a step starts in the live history, from the step ends the writer gives.
@Suite struct LiveHistoryTests {
    private func history() -> LiveHistory {
        var history = LiveHistory()
        history.rebase(header: Array("H\n".utf8), firstStep: 1)
        // Steps 1 and 2, a marker, step 3, then an event after the last step.
        let lines = Array("S1\nS2\nE\nS3\nE\n".utf8)
        // Safe because the pointer is used only inside the closure.
        lines.withUnsafeBytes { history.append($0, steps: LiveStepEnds(firstStep: 1, ends: [3, 6, 11])) }
        return history
    }

    @Test func aSubscriptionStartsAtTheStepOrTheEventsJustBeforeIt() {
        let history = history()
        #expect(history.offset(ofStep: 0) == 2)
        #expect(history.offset(ofStep: 1) == 2)
        #expect(history.offset(ofStep: 2) == 5)
        // The marker before step 3 comes with it.
        #expect(history.offset(ofStep: 3) == 8)
        // From the next step: only the lines after the last step.
        #expect(history.offset(ofStep: 4) == 13)
        #expect(history.offset(ofStep: 9) == 13)
    }

    @Test func stepEndsHandedOverInPartsCountFromEachPart() {
        var history = LiveHistory()
        history.rebase(header: Array("H\n".utf8), firstStep: 5)
        var ends = LiveStepEnds(firstStep: 5, ends: [3])
        ends.append(LiveStepEnds(firstStep: 6, ends: [3]), shiftedBy: 3)
        Array("S5\nS6\n".utf8).withUnsafeBytes { history.append($0, steps: ends) }
        #expect(history.offset(ofStep: 6) == 5)
        #expect(history.offset(ofStep: 7) == 8)
    }
}
