#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ExampleApps
import Foundation
import StateJSON
import StateLive
import StateRecorder
import TestSupport
import Testing

/// Clients that try to hold an app's live channel (issue 31): connections that never say hello, or
/// cannot for want of the token, and a client that sends commands without reading their replies. The
/// real debugger must get in, at once, all the same.
@Suite struct HostileLiveClientTests {
    private func store(_ directory: TemporaryDirectory, tcp: Bool = false)
        throws -> RecordingStore<CounterApp.State, CounterApp.Action> {
        var channel = RecorderOptions.LiveChannel(socketPath: directory.file("app.sock"))
        channel.announces = false
        if tcp { channel.tcpPort = 0 }
        var options = RecorderOptions()
        options.live = channel
        return try RecordingStore(app: CounterApp.app, journal: directory.file("app.jsonl"), options: options,
                                  clock: RecordingClock.fixed())
    }

    @Test func connectionsThatNeverSayHelloDoNotTakeTheClientSlots() throws {
        let directory = try TemporaryDirectory()
        let recorder = try store(directory)
        defer { try? recorder.close() }
        // More than the 16 clients an app serves, all of the app's own user, none saying a word.
        let silent = try (0..<20).map { _ in try LiveTestConnection(.unix(directory.file("app.sock"))) }
        let debugger = try LiveTestConnection(.unix(directory.file("app.sock")))
        let hello = try debugger.request(.hello(version: 1, client: "statedbg"))
        #expect(hello["ok"] == true, "\(hello)")
        #expect(try debugger.request(.status)["clients"] == 1)
        #expect(silent.count == 20)
    }

    @Test func connectionsWithoutTheTokenDoNotTakeTheClientSlotsOfATCPChannel() throws {
        let directory = try TemporaryDirectory()
        let recorder = try store(directory, tcp: true)
        defer { try? recorder.close() }
        let tcp = try #require(recorder.recorder.liveEndpoints?.tcp)
        let strangers = try (0..<20).map { _ in try LiveTestConnection(.tcp(host: "127.0.0.1", port: tcp.port)) }
        let debugger = try LiveTestConnection(.tcp(host: "127.0.0.1", port: tcp.port))
        let hello = try debugger.request(.hello(version: 1, client: "statedbg", token: tcp.token))
        #expect(hello["ok"] == true, "\(hello)")
        #expect(try debugger.request(.status)["clients"] == 1)
        #expect(strangers.count == 20)
    }

    @Test func aClientPipeliningSnapshotsWithoutReadingDelaysNoOneElse() throws {
        let directory = try TemporaryDirectory()
        let recorder = try store(directory)
        defer { try? recorder.close() }
        for _ in 0..<20_000 { recorder.dispatch(.increase) }
        recorder.flush()
        let hostile = try LiveTestConnection(.unix(directory.file("app.sock")))
        #expect(try hostile.request(.hello(version: 1, client: nil))["ok"] == true)
        // Thousands of snapshots in one write, and never a byte read.
        let line = String(decoding: LiveRequest(id: 1, command: .snapshot).line, as: UTF8.self)
        try hostile.sendBytes(Array(String(repeating: line, count: 3000).utf8))

        let start = ContinuousClock.now
        let debugger = try LiveTestConnection(.unix(directory.file("app.sock")))
        #expect(try debugger.request(.hello(version: 1, client: "statedbg"))["ok"] == true)
        #expect(try debugger.request(.status)["lastStep"] == 20_000)
        #expect(try debugger.request(.snapshot)["state"] == ["counter": 20_000])
        let waited = ContinuousClock.now - start
        // The debugger waits for at most a few of the hostile client's snapshots, not for thousands.
        #expect(waited < .seconds(5), "the debugger waited \(waited)")
    }
}
