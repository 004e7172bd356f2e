import Foundation
import StateJSON
import StateJournal
import StateLive
import StateRecorder
import StateSync
import TestSupport
import Testing

/// An app whose store lives on the main actor, as every SwiftUI and UIKit store does: the debugger's
/// commands arrive on the live channel's thread, and every hook they call runs on the main actor while
/// the app keeps reading its store there. (The thread sanitizer runs this suite in CI.)
@MainActor @Suite struct MainActorHookTests {
    /// The basket as an app on the main actor makes it, with its live channel on a socket of its own.
    @MainActor final class App {
        let recorder: Recorder<BasketState, any BasketAction>
        let store: BasketStore<BasketState>
        /// Whether each hook ran on the main queue, in the order they ran.
        var hooks: [String] = []
        /// Holds actions while the debugger pauses the app.
        let gate = Gate()

        init(directory: TemporaryDirectory) throws {
            var channel = RecorderOptions.LiveChannel(socketPath: directory.file("app.sock"))
            channel.announces = false
            var options = RecorderOptions()
            options.live = channel
            recorder = try Recorder(journal: directory.file("app.jsonl"), app: "basket", initialState: BasketState(),
                                    actions: ActionRegistry(PutItem.self, TakeItem.self), options: options)
            let recording = recording(recorder)
            // The gate before the recording middleware: while the debugger pauses the app, actions wait.
            let gate = gate
            let holding: BasketStore<BasketState>.Middleware = { _, _ in { next in { action in
                if gate.holding, !(action is TravelAction<BasketState>) { gate.held.append(action) } else { next(action) }
            } } }
            store = BasketStore(reducer: recorder.travelling({ basketReducer(action: $0, state: $1) }), state: BasketState(),
                                middleware: [holding, recording])
            recorder.travelsOnMainActor(dispatching: { [weak store] in store?.dispatch($0) })
            recorder.liveControlOnMainActor(
                dispatch: { [unowned self] in
                    hooks.append("dispatch on main: \(MainQueue.isCurrent)")
                    store.dispatch($0)
                },
                pause: { [unowned self] in
                    hooks.append("pause on main: \(MainQueue.isCurrent)")
                    gate.holding = true
                },
                resume: { [unowned self] in
                    hooks.append("resume on main: \(MainQueue.isCurrent)")
                    gate.holding = false
                    let queued = gate.held
                    gate.held = []
                    for action in queued { store.dispatch(action) }
                    return queued.count
                })
        }
    }

    /// Runs a debugger's commands on a thread of its own, one at a time; `done` is set when the replies are in.
    nonisolated static func debugger(_ socket: String, _ commands: [LiveCommand], done: Done) -> Task<[JSONObject], any Error> {
        Task.detached {
            defer { done.set() }
            let connection = try LiveTestConnection(.unix(socket))
            return try commands.map { try connection.request($0) }
        }
    }

    @Test func theDebuggersCommandsRunOnTheMainActorWhileTheAppReadsItsStore() async throws {
        let directory = try TemporaryDirectory()
        let app = try App(directory: directory)
        for (name, price) in [("apple", 3), ("pear", 2)] { app.store.dispatch(PutItem(name: name, price: price)) }

        let commands: [LiveCommand] = [
            .hello(version: 1, client: nil),
            .jump(step: 1),
            .dispatch(type: "PutItem", payload: ["name": "fig", "price": 5]),
            .pause,
            .dispatch(type: "PutItem", payload: ["name": "kiwi", "price": 1]),
            .resume,
            .undo(count: 1),
        ]
        let done = Done()
        let replies = Self.debugger(directory.file("app.sock"), commands, done: done)
        // The app goes on reading its store on the main actor while the debugger works.
        var reads = 0
        while !done.isSet {
            reads += app.store.state.total >= 0 ? 1 : 0
            await Task.yield()
        }
        let answers = try await replies.value
        #expect(reads > 0)
        #expect(answers.map { $0["ok"] } == Array(repeating: .bool(true), count: commands.count), "\(answers)")
        #expect(answers[0]["canTravel"] == true && answers[0]["canDispatch"] == true && answers[0]["canPause"] == true)
        #expect(answers[1]["step"] == 1)
        #expect(answers[4]["queued"] == true)
        #expect(answers[5]["queued"] == 1)
        #expect(answers[6]["step"] == 3)
        #expect(app.hooks == ["dispatch on main: true", "pause on main: true", "dispatch on main: true", "resume on main: true"])
        // Jumped to step 1, then fig (step 3) and kiwi (step 4) were added from there, and the undo went
        // back to step 3.
        #expect(app.store.state == BasketState(items: ["apple", "fig"], total: 8))
        try app.recorder.close()
        let reader = try JournalReader(path: app.recorder.path)
        #expect(reader.lastStep == 4)
        #expect(reader.parent(ofStep: 3) == 1)
        #expect(try (1...4).map { try reader.action(at: $0).isReplayable } == [true, true, true, true],
                "the debugger's actions are recorded as replayable as the app's own")
    }
}

/// Holds a store's actions while a debugger pauses the app.
@MainActor final class Gate {
    var holding = false
    var held: [any BasketAction] = []
}

/// A flag one thread sets and another reads.
final class Done: Sendable {
    private let flag = Locked(false)

    func set() {
        flag.withLock { $0 = true }
    }

    var isSet: Bool { flag.withLock { $0 } }
}
