import StateJSON
import StateEncoding
import StateJournal
import StateRecorder

/// The parts of one recorded step, timed one by one, so that a slow recording can be traced to the
/// part that costs: the copy the app's state makes while the recorder holds the previous one, the
/// action's tag and label, the incremental state encoding, the fingerprint, the diff and the line.
///
/// Each part runs over a short cycle of consecutive states, one action apart (the wrap-around from the
/// last back to the first is a few actions apart). The cycle is short so that the states stay in the
/// processor's cache, as a state the recorder encodes right after the reducer made it does.
struct RecordingStepBenchmarks {
    let context: BenchmarkContext

    func run() throws -> [Measurement] {
        let users = context.scale.users
        context.progress("recording parts: counter and \(users) users")
        let counter = try measure(label: "counter", app: CounterFixture.app, action: CounterFixture.action,
                                  mutate: { $0.count += 1 })
        let large = try measure(label: "\(users) users", app: UsersFixture.app(users: users),
                                action: { UsersFixture.action($0, users: users) }, mutate: { $0.users[0].age += 1 })
        return counter + large
    }

    private func measure<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
        label: String, app: RecordableApp<State, Action>, action: (Int) -> Action, mutate: (inout State) -> Void
    ) throws -> [Measurement] {
        let cycle = 4
        var states = [app.initialState]
        var actions: [Action] = []
        for step in 1...cycle {
            let next = action(step)
            var state = states[states.count - 1]
            app.reducer.reduce(into: &state, action: next)
            states.append(state)
            actions.append(next)
        }
        states.removeFirst()
        let encoder = IncrementalJSONEncoder<State>()
        // With the encoder's notes of which array elements each step replaced, as the recorder hands them
        // to the diff: all pairs of consecutive trees but the last and the first (the notes name each pair).
        var notes = JSONArrayChanges()
        let trees = try states.map { state throws(JSONEncodingError) in
            let tree = try encoder.encode(state)
            notes.merge(encoder.arrayChanges)
            return tree
        }
        let describer = ActionDescriber(prefix: app.id)
        let actionEncoder = JSONValueEncoder()
        let journalActions = try actions.map { action throws(JSONEncodingError) -> JournalAction in
            let described = describer.describe(action)
            return JournalAction(type: described.type, label: described.label, payload: try actionEncoder.encode(action))
        }

        // Processor time of this thread: the parts are compared with the processor time per step of
        // the recording rows, and the wall clock on a shared machine counts waiting for a core.
        let stopwatch = Stopwatch(countsProcessorTime: true)
        let repetitions = context.scale.repetitions
        let budget = context.scale.budget
        var index = 0
        func next() -> Int {
            index = index == cycle - 1 ? 0 : index + 1
            return index
        }

        let held = states[0]
        let copying = stopwatch.perCall(repetitions: repetitions, budget: budget) {
            var copy = held
            mutate(&copy)
            blackHole(copy)
        }
        let describing = stopwatch.perCall(repetitions: repetitions, budget: budget) {
            blackHole(describer.describe(actions[next()]))
        }
        let encodingAction = try stopwatch.perCall(repetitions: repetitions, budget: budget) {
            blackHole(try actionEncoder.encode(actions[next()]))
        }
        // As in the recorder: the reducer changes the live state (copying it, since the encoder's memo
        // holds the previous one), then the encoder sees it.
        var live = states[cycle - 1]
        var step = cycle
        let encodingState = try stopwatch.perCall(repetitions: repetitions, budget: budget) {
            step += 1
            app.reducer.reduce(into: &live, action: action(step))
            blackHole(try encoder.encode(live))
        }
        let fingerprinter = IncrementalFingerprinter(scheme: JournalFormat.fingerprintScheme)
        let fingerprinting = stopwatch.perCall(repetitions: repetitions, budget: budget) {
            blackHole(fingerprinter.fingerprint(trees[next()]))
        }
        let diffing = stopwatch.perCall(repetitions: repetitions, budget: budget) {
            let current = next()
            blackHole(JSONDiff.patch(from: trees[current == 0 ? cycle - 1 : current - 1], to: trees[current]))
        }
        var noted = 0
        let diffingWithNotes = stopwatch.perCall(repetitions: repetitions, budget: budget) {
            noted = noted == cycle - 1 ? 1 : noted + 1
            blackHole(JSONDiff.patch(from: trees[noted - 1], to: trees[noted], changes: notes))
        }
        let builder = JournalBuilder(header: JournalHeader(
            tool: JournalFormat.tool, app: app.id, stateType: "\(State.self)", actionType: "\(Action.self)",
            schema: .null, schemaHash: "", created: "2026-01-01T00:00:00Z", initialState: trees[cycle - 1], hash: 0))
        var line: [UInt8] = []
        let appending = stopwatch.perCall(repetitions: repetitions, budget: budget) {
            line.removeAll(keepingCapacity: true)
            let current = next()
            builder.appendStep(action: journalActions[current], state: trees[current], time: 1_763_000_000_000, into: &line)
        }
        blackHole(line)

        let perStep = "per step"
        func row(_ name: String, _ samples: Samples, _ note: String = perStep) -> Measurement {
            Measurement(group: "recording parts", name: "\(label): \(name)", unit: .microsecondsPerOperation,
                        samples: samples.map { $0 * 1e6 }, note: "processor time, \(note)")
        }
        return [
            row("copy-on-write of the state while the recorder holds the previous one", copying,
                "on the dispatching thread, per step, when the recorder keeps the app state (recent states, queue: states captured on the writer thread; a RecordingStore with a large state captures on the calling thread and keeps none)"),
            row("ActionDescriber.describe (tag and label by reflection)", describing,
                "per step unless the recorder's action cache hits (Hashable actions, up to 1,024 distinct)"),
            row("JSONValueEncoder.encode(action)", encodingAction, "per step unless the action cache hits"),
            row("reducer + IncrementalJSONEncoder.encode(state)", encodingState,
                "per step: one action applied to the live state (copy-on-write above included), then encoded"),
            row("IncrementalFingerprinter.fingerprint", fingerprinting),
            row("JSONDiff.patch between consecutive states", diffing, "per patch step; keyframe steps skip it"),
            row("JSONDiff.patch given the encoder's notes of the elements it replaced", diffingWithNotes,
                "per patch step, as the recorder diffs"),
            row("JournalBuilder.appendStep (fingerprint, diff or keyframe, line)", appending),
        ]
    }
}
