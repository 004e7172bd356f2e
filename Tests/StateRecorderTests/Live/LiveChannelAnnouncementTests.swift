import ExampleApps
import Foundation
import StateRecorder
import StateSync
import TestSupport
import Testing

/// Where a live channel says where it listens: through the sink the app gives, as every other output.
@Suite struct LiveChannelAnnouncementTests {
    @Test func theChannelAnnouncesItsEndpointsThroughTheSinkGiven() throws {
        let directory = try TemporaryDirectory()
        let said = Locked<[String]>([])
        var channel = RecorderOptions.LiveChannel(socketPath: directory.file("app.sock"), tcpPort: 0)
        channel.announce = { line in said.withLock { $0.append(line) } }
        var options = RecorderOptions()
        options.live = channel
        let recorder = try RecordingStore(app: CounterApp.app, journal: directory.file("app.jsonl"), options: options,
                                          clock: RecordingClock.fixed())
        defer { try? recorder.close() }
        let endpoints = try #require(recorder.recorder.liveEndpoints)
        let tcp = try #require(endpoints.tcp)
        #expect(endpoints.socketPath == directory.file("app.sock"))
        #expect(said.withLock { $0 } == [
            "statedbg: live channel at \(directory.file("app.sock")); attach with: statedbg attach \(getpid())",
            "statedbg: live channel on 127.0.0.1:\(tcp.port); attach with: statedbg attach 127.0.0.1:\(tcp.port) --token \(tcp.token)",
        ])
    }

    @Test func aChannelThatDoesNotAnnounceSaysNothing() throws {
        let directory = try TemporaryDirectory()
        let said = Locked<[String]>([])
        var channel = RecorderOptions.LiveChannel(socketPath: directory.file("app.sock"))
        channel.announce = { line in said.withLock { $0.append(line) } }
        channel.announces = false
        var options = RecorderOptions()
        options.live = channel
        let recorder = try RecordingStore(app: CounterApp.app, journal: directory.file("app.jsonl"), options: options)
        defer { try? recorder.close() }
        #expect(recorder.recorder.liveEndpoints == LiveChannelEndpoints(socketPath: directory.file("app.sock"), tcp: nil))
        #expect(said.withLock { $0 }.isEmpty)
    }
}
