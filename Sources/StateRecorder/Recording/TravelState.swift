import StateJournal

/// A recorder's step bookkeeping: where the app is, the last step, how steps branch after an
/// undo or a jump, and what redo would retrace.
struct TravelState: Sendable {
    /// The step whose state the app has.
    var current: Int
    /// The last step journaled (or being journaled).
    var lastStep: Int
    /// The parent of each step whose parent is not the step before it.
    var parents: [Int: Int] = [:]
    /// The steps redo goes back to, nearest last.
    var redo: [Int] = []
    /// Travels asked for whose new state the store has not yet reported.
    var pending: [(kind: JournalEvent.TravelKind, to: Int)] = []
    /// Set once the recording is closed: later events are not journaled.
    var closed = false
    /// Set while the journal is ended for now (the app went to the background): its last line is the
    /// closing line, so the next line must be the `resumed` marker.
    var ended = false

    init(current: Int, lastStep: Int) {
        self.current = current
        self.lastStep = lastStep
    }

    func parent(of step: Int) -> Int { parents[step] ?? step - 1 }

    /// Writes the `resumed` marker before the next line when the journal was ended for now (see
    /// ``ended``), so that it goes on as a valid journal.
    @inline(__always)
    mutating func resumeIfEnded(_ writer: @autoclosure () -> any JournalWriterControl, time: Int64) {
        if ended { resume(writer(), time: time) }
    }

    private mutating func resume(_ writer: any JournalWriterControl, time: Int64) {
        ended = false
        writer.put(.marker(after: lastStep, time: time, name: JournalEvent.resumedMarkerName))
    }

    /// Records a travel to `target` (undo, redo or jump): the redo stack and the current step change,
    /// and the journal gets the returned event.
    mutating func travel(_ kind: JournalEvent.TravelKind, to target: Int, time: Int64) -> RecorderEntry {
        switch kind {
        case .undo:
            // Remember the way back, nearest step last, so redo retraces it one step at a time.
            var step = current
            var way: [Int] = []
            while step != target && step > 0 {
                way.append(step)
                step = parent(of: step)
            }
            redo.append(contentsOf: way)
        case .redo:
            while let next = redo.popLast(), next != target {}
        case .jump:
            redo.removeAll()
        }
        current = target
        return .travel(after: lastStep, time: time, kind: kind, to: target)
    }

    /// Makes a new step after the current one: the number, and its parent when that is not the
    /// step before (after an undo or a jump).
    mutating func advance() -> (number: Int, parent: Int?) {
        let step = lastStep + 1
        let parent = current
        if parent != step - 1 { parents[step] = parent }
        lastStep = step
        current = step
        if !redo.isEmpty { redo.removeAll() }
        return (step, parent == step - 1 ? nil : parent)
    }
}
