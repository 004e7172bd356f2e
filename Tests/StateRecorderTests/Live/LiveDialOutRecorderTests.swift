import ExampleApps
import Foundation
import StateJournal
import StateLive
import StateRecorder
import StateSync
import TestSupport
import Testing

/// A recorder whose live channel dials out to a debugger waiting for it, and the journal files it lists
/// for a debugger to copy.
@Suite struct LiveDialOutRecorderTests {
    private func accept(_ listener: LiveDialInListener, mirror: String) throws -> LiveClient {
        for _ in 0..<100 {
            if let (descriptor, peer) = try listener.accept(within: .milliseconds(100)) {
                return try LiveClient(dialedIn: descriptor, from: peer, token: listener.token, mirror: mirror)
            }
        }
        throw LiveChannelError("no app dialed \(listener.address) within 10 seconds")
    }

    private func real(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    @Test func aRecorderDialsOutAndTellsItsLogWhatBecameOfTheConnection() throws {
        let directory = try TemporaryDirectory()
        let listener = try LiveDialInListener(bind: "127.0.0.1", port: 0, token: LiveToken.make())
        let news = Locked<[String]>([])
        var channel = RecorderOptions.LiveChannel.dialingOut(to: "127.0.0.1:\(listener.port)", token: listener.token)
        channel.announce = { line in news.withLock { $0.append(line) } }
        var options = RecorderOptions()
        options.live = channel
        let store = try RecordingStore(app: CounterApp.app, journal: directory.file("app.jsonl"), options: options,
                                       clock: RecordingClock.fixed())
        #expect(store.recorder.liveEndpoints == LiveChannelEndpoints(socketPath: nil, tcp: nil, dialOut: "127.0.0.1:\(listener.port)"))
        let client = try accept(listener, mirror: directory.file("mirror.jsonl"))
        #expect(try client.call(.dispatch(type: "counter.increase", payload: .null)).lastStep == 1)
        client.close()
        try store.close()
        #expect(news.withLock { $0 }.starts(with: [
            "statedbg: live channel dialing out to 127.0.0.1:\(listener.port), where `statedbg listen` waits for it",
            "statedbg: the live channel is connected to the debugger at 127.0.0.1:\(listener.port).",
        ]))
    }

    @Test func aDialOutWithoutAnAddressOrATokenIsReportedAndTheAppRecordsOn() throws {
        let directory = try TemporaryDirectory()
        let errors = Locked<[String]>([])
        for (address, token) in [("nowhere", "secret"), ("127.0.0.1:7070", "")] {
            var options = RecorderOptions()
            options.live = .dialingOut(to: address, token: token)
            let store = try RecordingStore(app: CounterApp.app, journal: directory.file("\(token.isEmpty ? "b" : "a").jsonl"),
                                           options: options, onError: { message in errors.withLock { $0.append(message) } })
            store.dispatch(.increase)
            try store.close()
            #expect(store.lastStep == 1)
        }
        #expect(errors.withLock { $0 } == [
            #"statedbg could not open the live channel, and records without it: the debugger's address "nowhere" (STATEDBG_CONNECT) is not HOST:PORT with a port from 1 to 65535; use the one `statedbg listen` printed."#,
            "statedbg could not open the live channel, and records without it: the live channel dials out to 127.0.0.1:7070 but has no token; set STATEDBG_TOKEN to the one `statedbg listen` printed.",
        ])
    }

    @Test func theJournalListedForACopyIsEveryFileInOrderFromTheOneAResumedFileContinues() throws {
        let directory = try TemporaryDirectory()
        var options = RecorderOptions()
        options.maxFileBytes = 1024
        let first = try RecordingStore(app: UsersApp.app, journal: directory.file("users.jsonl"), options: options,
                                       clock: RecordingClock.fixed())
        for index in 1...12 { first.dispatch(.addUser(name: "User \(index)", age: 20 + index)) }
        try first.close()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("users") }.sorted()
        try #require(files.count >= 3, "the journal did not roll over: \(files)")
        let last = "users.\(files.count).jsonl"

        // Resumed without the limit, so that it writes on in the last file.
        var live = RecorderOptions.LiveChannel(socketPath: directory.file("app.sock"))
        live.announces = false
        var resuming = RecorderOptions()
        resuming.live = live
        let resumed = try RecordingStore.resume(app: UsersApp.app, journal: directory.file(last), options: resuming,
                                                clock: RecordingClock.fixed())
        defer { try? resumed.close() }
        let client = try LiveClient(endpoint: .unix(directory.file("app.sock")), mirror: directory.file("mirror.jsonl"))
        let listed = try client.call(.journal)
        let expected = ["users.jsonl"] + (2...files.count).map { "users.\($0).jsonl" }
        #expect(listed.parts.map(\.fileName) == expected)
        #expect(listed.parts.map(\.path) == expected.map { real(directory.file($0)) })
        // Every file but the one being written whole; that one up to its last line.
        for part in listed.parts {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: part.path))
            #expect(part.bytes == bytes.count)
            var copied: [UInt8] = []
            while copied.count < part.bytes {
                copied += try client.call(.read(part: listed.parts.firstIndex(of: part) ?? 0, offset: copied.count, length: 500)).bytes
            }
            #expect(Data(copied) == bytes)
        }
    }
}
