import ExampleApps
import Foundation
import StateRecorder
import TestSupport
import Testing

/// `statedbg attach` opens by saying which of dispatch, verify, skip, minimize and in-app travel work
/// for the app's recording (issue 29), and `info` lists the same.
@Suite struct AttachGreetingTests {
    /// The counter app with a store of its own that gave its recorder no way to set its state.
    func counterWithoutTravel(_ directory: TemporaryDirectory) throws -> Recorder<CounterApp.State, CounterApp.Action> {
        var channel = RecorderOptions.LiveChannel(socketPath: directory.file("own.sock"))
        channel.announces = false
        var options = RecorderOptions()
        options.live = channel
        return try Recorder(journal: directory.file("own.jsonl"), app: "counter", initialState: CounterApp.State(counter: 0),
                            actions: ActionRegistry().registering(CounterApp.Action.self, as: "counter"), options: options)
    }

    @Test func theGreetingSaysInAppTravelDoesNotWorkWithoutAWayToSetTheState() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let recorder = try counterWithoutTravel(directory)
        defer { try? recorder.close() }
        recorder.record(.increase, state: CounterApp.State(counter: 1))
        recorder.record(.increase, state: CounterApp.State(counter: 2))

        let result = try binary.run(["attach", directory.file("own.sock"), "--save", "mirror.jsonl", "-c", "info"], in: directory.path)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "attached to counter (pid \(getpid())) at \(directory.file("own.sock")): 2 steps so far; dispatch, verify, skip and minimize work; in-app travel does not work: the app gave its Recorder no setState: and no travelling reducer's dispatch, so it cannot set the app's state; 'app help' lists the commands that act on the app")
        #expect(lines.contains("in-app travel: does not work: the app gave its Recorder no setState: and no travelling reducer's dispatch, so it cannot set the app's state"),
                "info agrees with the greeting: \(result.output)")
    }

    @Test func theGreetingSaysInAppTravelWorksWhenTheAppTravels() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let recorder = try counterWithoutTravel(directory)
        defer { try? recorder.close() }
        recorder.travels(settingState: { _ in })
        recorder.record(.increase, state: CounterApp.State(counter: 1))

        let result = try binary.run(["attach", directory.file("own.sock"), "--save", "mirror.jsonl", "-c", "info"], in: directory.path)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.split(separator: "\n").first.map(String.init)
            == "attached to counter (pid \(getpid())) at \(directory.file("own.sock")): 1 step so far; dispatch, verify, skip, minimize and in-app travel work; 'app help' lists the commands that act on the app")
        #expect(result.output.contains("\nin-app travel: works\n"), "\(result.output)")
    }
}
