import ExampleApps
import Foundation
@testable import StateRecorder
import StateLive
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
            // A socket of the app's choosing: `statedbg attach PID` looks only in the default places.
            "statedbg: live channel at \(directory.file("app.sock")); attach with: statedbg attach \(directory.file("app.sock"))",
            "statedbg: live channel on 127.0.0.1:\(tcp.port); attach with: statedbg attach 127.0.0.1:\(tcp.port) --token \(tcp.token)",
        ])
    }

    @Test func aSocketThatCannotOpenLeavesTheTCPPortServing() throws {
        let directory = try TemporaryDirectory()
        let errors = Locked<[String]>([])
        var channel = RecorderOptions.LiveChannel(socketPath: directory.file("missing/app.sock"), tcpPort: 0)
        channel.announces = false
        var options = RecorderOptions()
        options.live = channel
        let recorder = try RecordingStore(app: CounterApp.app, journal: directory.file("app.jsonl"), options: options,
                                          onError: { message in errors.withLock { $0.append(message) } })
        defer { try? recorder.close() }
        let endpoints = try #require(recorder.recorder.liveEndpoints)
        #expect(endpoints.socketPath == nil)
        let tcp = try #require(endpoints.tcp)
        #expect(errors.withLock { $0 } == [
            "statedbg could not open part of the live channel, and serves through the rest: cannot listen on \(directory.file("missing/app.sock")): No such file or directory.",
        ])
        let debugger = try LiveTestConnection(.tcp(host: "127.0.0.1", port: tcp.port))
        let hello = try debugger.request(.hello(version: 1, client: "statedbg", token: tcp.token))
        #expect(hello["ok"] == true, "\(hello)")
    }

    @Test func onADeviceTheDefaultSocketIsNotOpenedAndTheRestIs() throws {
        let (opened, failures) = RecorderOptions.LiveChannel(tcpPort: 0).openTransports(host: .device, report: { _ in })
        defer { opened.forEach { $0.close() } }
        #expect(opened.count == 1 && opened.first is LiveTCPListener)
        #expect(failures == [LiveChannelError("a device's app opens no live socket by default: the Mac's statedbg cannot reach a device's files (see the Platforms article).")])
    }

    @Test func onADeviceAChannelThatDialsOutOpensItsDialerAndNothingElse() throws {
        let channel = RecorderOptions.LiveChannel.dialingOut(to: "127.0.0.1:7070", token: "3f9c0e1d5a7b4c2e8f6a9d0b1c3e5f7a")
        let (opened, failures) = channel.openTransports(host: .device, report: { _ in })
        defer { opened.forEach { $0.close() } }
        #expect(opened.count == 1 && opened.first is LiveDialer)
        #expect(failures.isEmpty)
        #expect(opened.first?.announcement(host: .device, environment: [:])
            == "statedbg: live channel dialing out to 127.0.0.1:7070, where `statedbg listen` waits for it")
    }

    @Test func aDialerThatCannotStartLeavesTheSocketServingAndSaysWhy() throws {
        let directory = try TemporaryDirectory()
        var channel = RecorderOptions.LiveChannel(socketPath: directory.file("app.sock"))
        channel.dialOut = RecorderOptions.LiveChannel.DialOut(address: "127.0.0.1:7070", token: "")
        let (opened, failures) = channel.openTransports(host: .sharedEnvironment, report: { _ in })
        defer { opened.forEach { $0.close() } }
        #expect(opened.count == 1 && opened.first is LiveUnixListener)
        #expect(failures == [LiveChannelError("the live channel dials out to 127.0.0.1:7070 but has no token; set STATEDBG_TOKEN to the one `statedbg listen` printed.")])
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
