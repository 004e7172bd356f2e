import Foundation
import StateRecorder
import Testing
import TestSupport

/// What the dispatching thread leaves to the writer when the recorder hands it states: freeing old
/// states; and the journal is the same whichever thread encoded the states.
@Suite struct RecorderCaptureThreadTests {
    /// Which threads freed the canaries.
    final class FreeLog: @unchecked Sendable {
        private let lock = NSLock()
        private var threads: [pthread_t] = []

        // The writer is a plain POSIX thread: `Thread.current` does not tell it from the caller.
        func noteFree() {
            let thread = pthread_self()
            lock.withLock { threads.append(thread) }
        }

        var freedOn: [pthread_t] { lock.withLock { threads } }
    }

    final class Canary: Sendable {
        let log: FreeLog

        init(_ log: FreeLog) {
            self.log = log
        }

        deinit { log.noteFree() }
    }

    /// A state the recorder queues for its writer under `.onWriterThread` (an existential, which the type
    /// cannot show to be free of objects), whose every step holds a canary of its own.
    struct Tagged {
        var step: Int
        var tag: any Sendable
    }

    /// Records 30 steps one at a time, each written before the next (as an app's dispatches come), and
    /// returns the threads that freed the states let go of.
    private func freeingThreads(canTravel: Bool) throws -> (recording: pthread_t, freed: [pthread_t]) {
        let directory = try TemporaryDirectory()
        let log = FreeLog()
        var options = RecorderOptions()
        options.stateCapture = .onWriterThread
        options.recentStates = 8
        var setState: (@Sendable (Tagged) -> Void)?
        if canTravel { setState = { _ in } }
        let recorder = try Recorder<Tagged, Int>(
            journal: directory.file("tagged.jsonl"), app: "tagged", initialState: Tagged(step: 0, tag: Canary(log)),
            options: options, setState: setState, clock: RecordingClock.fixed())
        for step in 1...30 {
            recorder.record(step, state: Tagged(step: step, tag: Canary(log)), site: nil)
            recorder.flush()
        }
        let freed = log.freedOn
        try recorder.close()
        return (pthread_self(), freed)
    }

    /// Freeing a state releases every object in it: the state the recent-state ring lets go of goes to
    /// the writer, which frees it, whether or not the app can travel.
    ///
    /// Repeated, since the way it failed was a race: the queue copied the old state into its slot and
    /// the dispatching thread released its own reference after the put returned, so a writer that took
    /// and released the slot first left the last release to the dispatching thread (with two CPU hogs
    /// running, about 28 of 8,800 states were freed there; none since the state is moved into the slot).
    @Test func oldStatesAreFreedOnTheWriterThread() throws {
        for round in 0..<40 {
            let (recording, freed) = try freeingThreads(canTravel: round % 2 == 1)
            #expect(freed.count >= 20)
            let onRecordingThread = freed.filter { $0 == recording }.count
            #expect(onRecordingThread == 0, "round \(round): \(onRecordingThread) of \(freed.count) states freed on the recording thread")
        }
    }

    /// The ReSwift-style todo state: public in an app, `Codable`, not declared `Sendable`.
    struct Todos: Codable, Equatable {
        struct Todo: Codable, Equatable {
            var id: Int
            var title: String
            var done: Bool
        }

        var todos: [Todo]
        var filter: String
    }

    struct Toggle: Codable {
        var id: Int
    }

    /// The same session recorded with the state queued for the writer (the default for this state) and
    /// encoded on the calling thread writes the same bytes.
    @Test func aTodoSessionIsTheSameFileWhicheverThreadEncodedTheStates() throws {
        let directory = try TemporaryDirectory()
        var files: [String] = []
        for capture in [RecorderOptions.StateCapture.automatic, .onCallingThread] {
            var options = RecorderOptions()
            options.snapshots = .patches(keyframeInterval: 40)
            options.stateCapture = capture
            let path = directory.file("todos-\(files.count).jsonl")
            var state = Todos(todos: (0..<300).map { .init(id: $0, title: "todo number \($0), long enough for the heap", done: false) },
                              filter: "all")
            let recorder = try Recorder<Todos, Toggle>(journal: path, app: "todos", initialState: state,
                                                       actions: ActionRegistry(Toggle.self), options: options,
                                                       clock: RecordingClock.fixed())
            var random = SeededGenerator(seed: 11)
            for step in 1...250 {
                let id = Int(random.next() % UInt64(state.todos.count))
                // The ReSwift-style reducer: a changed copy of the state.
                var next = state
                switch step % 7 {
                case 3: next.todos.append(.init(id: 1000 + step, title: "added at step \(step)", done: false))
                case 5: next.todos.remove(at: id)
                case 6: next.filter = step % 2 == 0 ? "done" : "all"
                default: next.todos[id].done.toggle()
                }
                state = next
                recorder.record(Toggle(id: id), state: state, site: nil)
                if step == 100 { recorder.mark("a hundred") }
                if step == 120 { recorder.recordRejected(Toggle(id: -1), validator: "bounds", reason: "no todo -1") }
            }
            try recorder.close()
            files.append(try String(contentsOfFile: path, encoding: .utf8))
        }
        #expect(files[0].split(separator: "\n").count > 250)
        #expect(files[0] == files[1])
    }
}
