import StateDebugger
import StateJSON
import StateJournal

/// A source that counts how many states are read through it.
final class CountingSource: RecordingSource {
    let inner: any RecordingSource
    private(set) var statesRead = 0

    init(_ inner: any RecordingSource) {
        self.inner = inner
    }

    var name: String { inner.name }
    var info: RecordingInfo { inner.info }
    var baseStep: Int { inner.baseStep }
    var lastStep: Int { inner.lastStep }
    var events: [LocatedEvent] { inner.events }

    func state(at step: Int) throws(DebuggerError) -> JSONValue {
        statesRead += 1
        return try inner.state(at: step)
    }

    func record(at step: Int) throws(DebuggerError) -> StepRecord { try inner.record(at: step) }
    func line(ofStep step: Int) -> Int? { inner.line(ofStep: step) }
    func parent(ofStep step: Int) -> Int { inner.parent(ofStep: step) }
}
