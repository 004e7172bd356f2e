#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ExampleApps
import Foundation
import StateJSON
import StateJournal
import StateLive
import StateRecorder
import TestSupport
import Testing

/// The app's end of the live channel, through real Unix and TCP sockets.
@Suite struct LiveServerTests {
    private func store(_ directory: TemporaryDirectory, configure: (inout RecorderOptions.LiveChannel) -> Void = { _ in })
        throws -> RecordingStore<CounterApp.State, CounterApp.Action> {
        var channel = RecorderOptions.LiveChannel(socketPath: directory.file("app.sock"))
        channel.announces = false
        configure(&channel)
        var options = RecorderOptions()
        options.live = channel
        return try RecordingStore(app: CounterApp.app, journal: directory.file("app.jsonl"), options: options,
                                  clock: RecordingClock.fixed())
    }

    private func greeted(_ path: String) throws -> LiveTestConnection {
        let connection = try LiveTestConnection(.unix(path))
        let hello = try connection.request(.hello(version: 1, client: "test"))
        #expect(hello["ok"] == true)
        return connection
    }

    @Test func streamsTheJournalsOwnLinesFromTheHeaderOnAndSaysWhenTheAppCloses() throws {
        let directory = try TemporaryDirectory()
        let recorder = try store(directory)
        recorder.dispatch(.increase)
        recorder.dispatch(.increase)
        recorder.flush()
        let connection = try greeted(directory.file("app.sock"))
        let subscribed = try connection.request(.subscribe(from: 0))
        #expect(subscribed["ok"] == true)
        #expect(subscribed["lastStep"] == 2)
        recorder.dispatch(.decrease)
        recorder.mark("after the decrease")
        try recorder.close()
        connection.readToEnd()
        let file = try String(contentsOfFile: directory.file("app.jsonl"), encoding: .utf8)
        #expect(connection.journalLines.joined(separator: "\n") + "\n" == file)
        #expect(connection.notices == [#"{"live":"closed","reason":"the app closed its recorder"}"#])
        #expect(access(directory.file("app.sock"), F_OK) != 0, "the socket file is removed on close")
    }

    @Test func listensOnASocketOnlyItsUserCanOpen() throws {
        let directory = try TemporaryDirectory()
        let recorder = try store(directory)
        defer { try? recorder.close() }
        var info = stat()
        #expect(stat(directory.file("app.sock"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(recorder.recorder.liveEndpoints?.socketPath == directory.file("app.sock"))
    }

    /// Connecting as another user needs root (to become uid 65534) and `setpriv`; elsewhere the test is
    /// skipped with this comment shown.
    static let otherUser = OtherUserClient.find()

    @Test(.enabled(if: otherUser.program != nil, Comment(rawValue: otherUser.unavailable)))
    func refusesAnotherUsersConnectionByItsPeerCredentialsEvenThroughAnOpenSocket() throws {
        let client = try #require(Self.otherUser.program)
        let directory = try TemporaryDirectory()
        let recorder = try store(directory)
        defer { try? recorder.close() }
        recorder.dispatch(.increase)
        // The file mode keeps other users out; open it, so that only the peer credentials stand between
        // uid 65534 and the app.
        #expect(chmod(directory.path, 0o755) == 0)
        #expect(chmod(directory.file("app.sock"), 0o666) == 0)
        let run = try ChildProcess.run(client.setpriv, [
            "--reuid=65534", "--regid=65534", "--clear-groups", client.python, "-c", OtherUserClient.script,
            directory.file("app.sock"),
        ])
        #expect(run.output == """
            uid 65534 connected
            {"live":"dropped","reason":"this app's live channel serves its own user only"}
            the app closed the connection

            """)
        #expect(run.status == 0)
        // The app and its own user's clients go on as before.
        recorder.dispatch(.increase)
        recorder.flush()
        let owner = try greeted(directory.file("app.sock"))
        #expect(try owner.request(.status)["lastStep"] == 2)
        #expect(try owner.request(.status)["clients"] == 1)
    }

    @Test func subscribingFromAStepSkipsTheStepsBeforeItButNotTheHeader() throws {
        let directory = try TemporaryDirectory()
        let recorder = try store(directory)
        defer { try? recorder.close() }
        for _ in 0..<4 { recorder.dispatch(.increase) }
        recorder.flush()
        let connection = try greeted(directory.file("app.sock"))
        #expect(try connection.request(.subscribe(from: 3))["from"] == 3)
        let header = connection.nextLine()
        #expect(header?.hasPrefix(#"{"format":"statedbg-journal""#) == true)
        #expect(connection.nextLine()?.hasPrefix(#"{"step":3,"#) == true)
        #expect(connection.nextLine()?.hasPrefix(#"{"step":4,"#) == true)
        let past = try connection.request(.subscribe(from: 9))
        #expect(past["error"] == "Step 9 is past the end: the app's last step is 4; subscribe from 5 at most to get only new steps.")
    }

    @Test func answersHostileLinesWithErrorsAndKeepsTheConnectionTheAppAndOtherClients() throws {
        let directory = try TemporaryDirectory()
        let recorder = try store(directory)
        defer { try? recorder.close() }
        recorder.dispatch(.increase)
        let watcher = try greeted(directory.file("app.sock"))
        _ = try watcher.request(.subscribe(from: 0))
        let hostile = try LiveTestConnection(.unix(directory.file("app.sock")))

        #expect(try hostile.reply(to: #"{"command":"jump","id":1,"step":0}"#)["error"]
            == #"Say hello first: {"command":"hello","version":1}."#)
        #expect(try hostile.reply(to: #"{"command":"hello","id":2,"version":2}"#)["error"]
            == "This app speaks version 1 of the live protocol, not 2.")
        _ = try hostile.request(.hello(version: 1, client: nil))
        let garbage = try hostile.reply(to: "{nope")
        #expect(garbage["reply"] == .null)
        #expect(garbage["error"]?.stringValue?.hasPrefix("The line is not JSON: ") == true)
        let huge = Array(#"{"command":"mark","name":""#.utf8) + [UInt8](repeating: 0x61, count: 2 << 20) + Array("\"}\n".utf8)
        try hostile.sendBytes(huge)
        // A blank line gets no reply: the next reply is the huge line's.
        #expect(try hostile.reply(to: "")["error"]?.stringValue
            == "The line is \(huge.count - 1) bytes long, over the limit of 1048576 bytes; it was skipped.")
        #expect(try hostile.reply(to: #"{"command":"status","id":3}"#)["ok"] == true)
        #expect(hostile.notices.isEmpty)
        #expect(try hostile.reply(to: #"{"command":"explode","id":4}"#)["error"]
            == #"Unknown command "explode"; commands: hello, subscribe, unsubscribe, jump, undo, redo, dispatch, mark, pause, resume, snapshot, status, journal, read, trap, untrap."#)
        #expect(try hostile.request(.jump(step: 99))["error"] == "There is no step 99; the recording has steps 0 to 1.")
        #expect(try hostile.request(.dispatch(type: "counter.explode", payload: ["explode": [:]]))["error"]
            == #"The app has no action type "counter.explode"; its action types are counter.decrease, counter.increase and counter.reset."#)
        #expect(try hostile.request(.dispatch(type: "bank.pay", payload: 1))["error"]
            == #"The app has no action type "bank.pay"; its action types are counter.decrease, counter.increase and counter.reset."#)

        recorder.flush()
        #expect(recorder.state == CounterApp.State(counter: 1))
        #expect(recorder.lastStep == 1)
        let reader = try JournalReader(path: directory.file("app.jsonl"))
        #expect(reader.lastStep == 1)
        #expect(reader.events.isEmpty)
        recorder.dispatch(.increase)
        recorder.flush()
        var seen: [String] = []
        while seen.count < 3, let line = watcher.nextLine() { seen.append(line) }
        #expect(seen.count == 3 && seen[2].hasPrefix(#"{"step":2,"#), "the other client still streams: \(seen)")
    }

    @Test func theHugeLinesErrorComesBackBeforeLaterReplies() throws {
        let directory = try TemporaryDirectory()
        let recorder = try store(directory)
        defer { try? recorder.close() }
        let connection = try greeted(directory.file("app.sock"))
        try connection.sendBytes([UInt8](repeating: 0x20, count: (1 << 20) + 10) + [0x0A])
        let reply = try connection.reply(to: #"{"command":"status","id":1}"#)
        #expect(reply["error"] == "The line is 1048586 bytes long, over the limit of 1048576 bytes; it was skipped.")
        #expect(reply["reply"] == .null)
    }

    @Test func jumpsDispatchesPausesAndResumesTheApp() throws {
        let directory = try TemporaryDirectory()
        let recorder = try store(directory)
        defer { try? recorder.close() }
        recorder.dispatch(.increase)
        recorder.dispatch(.increase)
        let connection = try greeted(directory.file("app.sock"))

        #expect(try connection.request(.jump(step: 1))["message"] == "the app's state is now step 1")
        #expect(recorder.state == CounterApp.State(counter: 1))
        #expect(try connection.request(.undo(count: 1))["step"] == 0)
        #expect(recorder.state == CounterApp.State(counter: 0))
        #expect(try connection.request(.redo(count: 1))["step"] == 1)

        #expect(try connection.request(.pause)["paused"] == true)
        recorder.dispatch(.increase)
        recorder.dispatch(.increase)
        #expect(recorder.state == CounterApp.State(counter: 1), "a paused app's own dispatches wait")
        let queued = try connection.request(.dispatch(type: "counter.reset", payload: ["reset": [:]]))
        #expect(queued["queued"] == true)
        #expect(queued["label"] == "counter.reset")
        #expect(recorder.lastStep == 2)
        let resumed = try connection.request(.resume)
        #expect(resumed["queued"] == 3)
        #expect(recorder.state == CounterApp.State(counter: 0), "the queued actions ran in order: +1, +1, reset")
        #expect(recorder.lastStep == 5)

        let dispatched = try connection.request(.dispatch(type: "counter.increase", payload: ["increase": [:]]))
        #expect(dispatched["message"] == "the app dispatched counter.increase; its last step is 6")
        let snapshot = try connection.request(.snapshot)
        #expect(snapshot["step"] == 6)
        #expect(snapshot["state"] == ["counter": 1])
        #expect(try connection.request(.mark(name: "checked"))["message"] == #"marked "checked" after step 6"#)
        recorder.flush()
        let reader = try JournalReader(path: directory.file("app.jsonl"))
        guard case .marker(let after, _, let name)? = reader.events.last?.event else {
            Issue.record("the mark is the journal's last event")
            return
        }
        #expect(after == 6 && name == "checked")
    }

    @Test func dropsAClientThatStopsReadingWhileTheAppGoesOn() throws {
        let directory = try TemporaryDirectory()
        let recorder = try store(directory) { $0.clientBufferBytes = 4096 }
        defer { try? recorder.close() }
        let stalled = try greeted(directory.file("app.sock"))
        _ = try stalled.request(.subscribe(from: 0))
        // Far more than the socket buffers and the client's 4 KiB hold: the app must not wait for it.
        for _ in 0..<20_000 { recorder.dispatch(.increase) }
        recorder.flush()
        #expect(recorder.lastStep == 20_000)
        stalled.readToEnd()
        #expect(stalled.journalLines.count < 20_001, "the stalled client was dropped before the end")
        let other = try greeted(directory.file("app.sock"))
        #expect(try other.request(.status)["clients"] == 1)
    }

    @Test func aTCPChannelTakesOnlyClientsThatKnowItsToken() throws {
        let directory = try TemporaryDirectory()
        let recorder = try store(directory) { $0.tcpPort = 0 }
        defer { try? recorder.close() }
        let tcp = try #require(recorder.recorder.liveEndpoints?.tcp)
        #expect(tcp.token.count == 32)
        let stranger = try LiveTestConnection(.tcp(host: "127.0.0.1", port: tcp.port))
        #expect(try stranger.request(.hello(version: 1, client: nil, token: "guess"))["error"]
            == "The token is wrong or missing; use the one the app printed when it opened the port.")
        stranger.readToEnd()
        #expect(stranger.notices == [#"{"live":"dropped","reason":"wrong or missing token"}"#])
        let friend = try LiveTestConnection(.tcp(host: "127.0.0.1", port: tcp.port))
        #expect(try friend.request(.hello(version: 1, client: nil, token: tcp.token))["app"] == "counter")
    }
}

/// An app with a store of its own: the recorder's hooks decide what the debugger may do.
@Suite struct RecorderLiveControlTests {
    @Test func dispatchAndPauseNeedTheAppsHooksAndUseThem() throws {
        let directory = try TemporaryDirectory()
        var channel = RecorderOptions.LiveChannel(socketPath: directory.file("own.sock"))
        channel.announces = false
        var options = RecorderOptions()
        options.live = channel
        var state = CounterApp.State(counter: 0)
        let recorder = try Recorder<CounterApp.State, CounterApp.Action>(
            journal: directory.file("own.jsonl"), app: "counter", initialState: state,
            actions: ActionRegistry().registering(CounterApp.Action.self, as: "counter"), options: options)
        defer { try? recorder.close() }
        let connection = try LiveTestConnection(.unix(directory.file("own.sock")))
        let hello = try connection.request(.hello(version: 1, client: nil))
        #expect(hello["canDispatch"] == false && hello["canPause"] == false && hello["canTravel"] == false)
        #expect(try connection.request(.dispatch(type: "counter.increase", payload: ["increase": [:]]))["error"]
            == "This app does not take actions from the debugger: it gave its recorder no dispatch hook (Recorder.liveControl(dispatch:)).")
        #expect(try connection.request(.jump(step: 0))["error"]?.stringValue?.isEmpty == false)

        var received: [CounterApp.Action] = []
        var held = false
        recorder.liveControl(
            dispatch: { action in
                received.append(action)
                CounterApp.app.reducer.reduce(into: &state, action: action)
                recorder.record(action, state: state)
            },
            pause: { held = true },
            resume: {
                held = false
                return 0
            })
        #expect(try connection.request(.dispatch(type: "counter.increase", payload: ["increase": [:]]))["label"] == "counter.increase")
        #expect(received == [.increase])
        #expect(recorder.lastStep == 1)
        #expect(try connection.request(.pause)["ok"] == true)
        #expect(held)
        #expect(try connection.request(.resume)["queued"] == 0)
        #expect(!held)
    }
}

/// What a test needs to connect to a socket as uid 65534: `setpriv`, and a `python3` that user can run
/// (not one under root's home, such as a pyenv shim).
struct OtherUserClient {
    var program: (setpriv: String, python: String)?
    /// Why the test cannot run here, when it cannot.
    var unavailable: String

    /// Connects to the socket in `argv[1]`, says hello and prints what the app sends until it closes.
    static let script = """
        import os, socket, sys
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(sys.argv[1])
        print("uid %d connected" % os.getuid())
        try:
            connection.sendall(b'{"command":"hello","version":1,"id":1}\\n')
        except OSError:
            pass
        received = b""
        while True:
            try:
                chunk = connection.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            received += chunk
        sys.stdout.write(received.decode())
        print("the app closed the connection")
        """

    static func find() -> OtherUserClient {
        guard getuid() == 0 else {
            return OtherUserClient(unavailable: "skipped: connecting as another user needs root, to become uid 65534")
        }
        guard let setpriv = ChildProcess.onPath("setpriv") else {
            return OtherUserClient(unavailable: "skipped: setpriv (util-linux) is not on PATH")
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let python = path.split(separator: ":").map { $0 + "/python3" }.first { candidate in
            guard let resolved = realpath(candidate, nil) else { return false }
            defer { free(resolved) }
            return reachableByOthers(String(cString: resolved))
        }
        guard let python else {
            return OtherUserClient(unavailable: "skipped: no python3 on PATH that uid 65534 can run")
        }
        return OtherUserClient(program: (setpriv, python), unavailable: "")
    }

    /// Whether everyone may run `file` (and enter every folder above it).
    private static func reachableByOthers(_ file: String) -> Bool {
        var info = stat()
        guard stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_mode & 0o001 != 0 else { return false }
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        while folder != "/" && !folder.isEmpty {
            guard stat(folder, &info) == 0, info.st_mode & 0o001 != 0 else { return false }
            folder = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        }
        return true
    }
}
