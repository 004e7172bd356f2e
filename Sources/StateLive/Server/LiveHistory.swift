/// The journal lines a live server can replay to a client that subscribes: the header it started
/// from and every line after it, up to a byte limit, with where each step's line ends.
///
/// Step lines hold patches against the step before, so history is only ever cut by starting again
/// from a new header whose initial state is the state after the last step (a *rebase*). The journal's
/// writer says where its step lines end (``LiveStepEnds``): the history never reads a journal line.
package struct LiveHistory {
    /// The header line, then step and event lines, each ending with a line feed.
    package private(set) var bytes: [UInt8] = []
    /// The length of the header line.
    package private(set) var headerLength = 0
    /// The first step the history holds after its header.
    package private(set) var firstStep = 1
    /// Where the line of each step from `firstStep` on ends (the offset after its line feed).
    private var stepEnds: [Int] = []

    /// An empty history; ``rebase(header:firstStep:)`` gives it its header.
    package init() {}

    /// Starts again from `header` (a whole header line) whose first step is `firstStep`.
    package mutating func rebase(header: [UInt8], firstStep: Int) {
        bytes = header
        bytes.reserveCapacity(1 << 16)
        headerLength = header.count
        self.firstStep = firstStep
        stepEnds = []
    }

    // Safe because the bytes are copied into the history during the call and never kept.
    /// Appends whole journal lines, among which the step lines end where `steps` says.
    package mutating func append(_ lines: UnsafeRawBufferPointer, steps: LiveStepEnds) {
        let base = bytes.count
        bytes.append(contentsOf: lines)
        var expected = firstStep + stepEnds.count
        for (step, end) in zip(steps.firstStep..., steps.ends) where step >= expected {
            // Steps follow one another in a journal; a gap would leave the steps in it where the one
            // before them ended.
            while expected < step {
                stepEnds.append(stepEnds.last ?? headerLength)
                expected += 1
            }
            stepEnds.append(base + end)
            expected += 1
        }
    }

    /// The offset of the first line a subscriber from `step` gets after the header: the first step
    /// line numbered `step` or later, or the event lines just before it (those after the line of the
    /// step before).
    package func offset(ofStep step: Int) -> Int {
        guard step > firstStep else { return headerLength }
        let before = min(step - 1 - firstStep, stepEnds.count - 1)
        return before >= 0 ? stepEnds[before] : headerLength
    }
}

/// Where step lines end among journal lines the writer hands to a live server: the step of the first,
/// and each one's end (the offset after its line feed), counted from the start of the lines handed over.
package struct LiveStepEnds: Sendable, Equatable {
    /// The step of the first line ended in ``ends``.
    package var firstStep: Int
    /// The end of each step line, in order; steps follow one another.
    package var ends: [Int]

    /// No step lines, the next one being `firstStep`.
    package init(firstStep: Int, ends: [Int] = []) {
        self.firstStep = firstStep
        self.ends = ends
    }

    /// Appends the end of the next step's line.
    package mutating func append(end: Int) {
        ends.append(end)
    }

    /// These step ends followed by `later`, whose offsets count from `shift` bytes further on.
    package mutating func append(_ later: LiveStepEnds, shiftedBy shift: Int) {
        if ends.isEmpty { firstStep = later.firstStep }
        ends.append(contentsOf: later.ends.map { $0 + shift })
    }
}
