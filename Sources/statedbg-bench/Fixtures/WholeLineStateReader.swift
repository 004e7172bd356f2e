import StateJSON
import StateEncoding
import StateJournal

/// How `JournalReader.state(at:)` rebuilt states before issue 20, kept as the reading rows' baseline:
/// every line on the way parsed whole (action included) through `JournalReader.step(_:)`, every patch
/// applied by the atomic `JSONPatch.apply(to:)` while the previous state is still held (so each
/// container on the patch's path is copied), the requested state fingerprinted incrementally.
final class WholeLineStateReader {
    let reader: JournalReader
    private var cache: (step: Int, state: JSONValue)?
    private let fingerprinter = IncrementalFingerprinter(scheme: JournalFormat.fingerprintScheme)

    init(_ reader: JournalReader) {
        self.reader = reader
    }

    func state(at step: Int) throws -> JSONValue {
        if step == reader.baseStep { return reader.header.initialState }
        if let cache, cache.step == step { return cache.state }
        var chain: [Int] = []
        var cursor = step
        var state: JSONValue?
        while state == nil {
            if cursor == reader.baseStep {
                state = reader.header.initialState
            } else if let cache, cache.step == cursor {
                state = cache.state
            } else {
                chain.append(cursor)
                if reader.isKeyframe(cursor) { state = .null } else { cursor = reader.parent(ofStep: cursor) }
            }
        }
        var current = state ?? .null
        var hash: UInt64 = 0
        for number in chain.reversed() {
            let record = try reader.step(number)
            switch record.content {
            case .keyframe(let whole): current = whole
            case .patch(let patch): current = try patch.apply(to: current)
            }
            hash = record.hash
        }
        guard fingerprinter.fingerprint(current) == hash else {
            throw BenchmarkError.wrongResult(scenario: "reading", "step \(step) rebuilds to a state that does not match its hash.")
        }
        cache = (step, current)
        return current
    }
}
