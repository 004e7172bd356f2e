import Foundation
import ExampleApps
import StateJSON
import StateLive
import StateRecorder
import StatePageBridge
import TestSupport
import Testing

/// The page's bridge inside the app, against a recorder of the users app: what the page sees, and what
/// its requests do to the app.
@Suite struct PageBridgeTests {
    private func users(_ directory: TemporaryDirectory, channel: RecorderOptions.LiveChannel? = .inProcessOnly) throws
        -> RecordingStore<UsersApp.State, UsersApp.Action> {
        var options = RecorderOptions()
        options.live = channel
        return try RecordingStore(app: UsersApp.app, journal: directory.file("users.jsonl"), options: options,
                                  clock: RecordingClock.fixed())
    }

    private func bridge(_ store: RecordingStore<UsersApp.State, UsersApp.Action>, _ page: FakePage,
                        limits: PageBridge.Limits = PageBridge.Limits()) -> PageBridge {
        PageBridge(recorder: store.recorder, limits: limits, deliver: page.deliver)
    }

    @Test func greetsThenSendsTheHeaderAndEveryStepInOrderAsDispatched() throws {
        let directory = try TemporaryDirectory()
        let store = try users(directory)
        defer { try? store.close() }
        store.dispatch(.addUser(name: "Ada", age: 36))
        store.dispatch(.addUser(name: "Bob", age: 7))
        store.flush()
        let page = FakePage()
        let bridge = bridge(store, page)
        defer { bridge.close() }
        #expect(page.wait { $0.count >= 2 })
        let hello = try #require(page.messages.first)
        #expect(hello["type"] == "hello")
        guard case .object(let greeting)? = hello["greeting"] else { Issue.record("no greeting: \(hello)"); return }
        #expect(greeting["app"] == "users")
        #expect(greeting["lastStep"] == 2)
        #expect(greeting["canTravel"] == true)
        #expect(greeting["canDispatch"] == true)
        #expect(greeting["commands"] == ["jump", "undo", "redo", "pause", "resume", "snapshot", "status", "dispatch"])
        for age in 1...20 { store.dispatch(.addUser(name: "User \(age)", age: age)) }
        store.flush()
        #expect(page.waitForSteps { $0.count >= 22 })
        #expect(page.journalLines.first?["format"] == "statedbg-journal")
        #expect(page.steps == Array(1...22))
        #expect(page.messages.dropFirst().allSatisfy { $0["type"] == "lines" })
    }

    @Test func jumpUndoAndRedoSetTheAppsState() throws {
        let directory = try TemporaryDirectory()
        let store = try users(directory)
        defer { try? store.close() }
        store.dispatch(.addUser(name: "Ada", age: 36))
        store.dispatch(.addUser(name: "Bob", age: 7))
        store.dispatch(.updateAge(id: 1, age: 37))
        store.flush()
        let page = FakePage()
        let bridge = bridge(store, page)
        defer { bridge.close() }
        bridge.receive(#"{"command":"undo","id":1}"#)
        #expect(page.reply(1)?["ok"] == true)
        #expect(page.reply(1)?["step"] == 2)
        #expect(store.state.users.map(\.age) == [36, 7])
        bridge.receive(#"{"command":"undo","count":2,"id":"back"}"#)
        #expect(page.reply("back")?["step"] == 0)
        #expect(store.state.users.isEmpty)
        bridge.receive(#"{"command":"redo","id":2}"#)
        #expect(page.reply(2)?["step"] == 1)
        #expect(store.state.users.map(\.name) == ["Ada"])
        bridge.receive(#"{"command":"jump","step":3,"id":5}"#)
        #expect(page.reply(5)?["step"] == 3)
        #expect(store.state.users.map(\.age) == [37, 7])
        bridge.receive(#"{"command":"jump","step":9,"id":3}"#)
        #expect(page.reply(3)?["ok"] == false)
        #expect(page.reply(3)?["error"] == "There is no step 9; the recording has steps 0 to 3.")
        bridge.receive(#"{"command":"snapshot","id":4}"#)
        #expect(page.reply(4)?["step"] == 3)
    }

    @Test func dispatchesTheActionAsLogPrintsIt() throws {
        let directory = try TemporaryDirectory()
        let store = try users(directory)
        defer { try? store.close() }
        let page = FakePage()
        let bridge = bridge(store, page)
        defer { bridge.close() }
        #expect(page.wait { $0.contains { $0["type"] == "lines" } })
        bridge.receive(#"{"command":"dispatch","text":"users.addUser(name: \"Ada Lovelace\", age: 36)","id":1}"#)
        #expect(page.reply(1)?["ok"] == true)
        bridge.receive(#"{"command":"dispatch","text":"addUser {\"name\":\"Bob\",\"age\":7}","id":2}"#)
        #expect(page.reply(2)?["ok"] == true)
        bridge.receive(#"{"command":"dispatch","text":"{\"updateAge\":{\"id\":1,\"age\":37}}","id":3}"#)
        #expect(page.reply(3)?["ok"] == true)
        store.flush()
        #expect(store.state.users.map(\.name) == ["Ada Lovelace", "Bob"])
        #expect(store.state.users.first?.age == 37)
        #expect(page.waitForSteps { $0 == [1, 2, 3] })
        bridge.receive(#"{"command":"dispatch","text":"users.removeUser(id: 1)","id":4}"#)
        #expect(page.reply(4)?["error"] == #"The app has no action type "users.removeUser"; its action types are users.addUser, users.updateAge and users.updateName."#)
        bridge.receive(#"{"command":"dispatch","text":"users.addUser(name: \"Ada\", age: …)","id":5}"#)
        let shortened = try #require(page.reply(5)?["error"]?.stringValue)
        #expect(shortened.hasPrefix(#"The action users.addUser(name: "Ada", age: …) cannot be read as `statedbg log` prints actions: column "#))
        #expect(store.lastStep == 3)
    }

    @Test func pauseHoldsTheAppsDispatchingUntilResume() throws {
        let directory = try TemporaryDirectory()
        let store = try users(directory)
        defer { try? store.close() }
        let page = FakePage()
        let bridge = bridge(store, page)
        defer { bridge.close() }
        bridge.receive(#"{"command":"pause","id":1}"#)
        #expect(page.reply(1)?["ok"] == true)
        store.dispatch(.addUser(name: "Ada", age: 36))
        bridge.receive(#"{"command":"dispatch","text":"users.addUser(name: \"Bob\", age: 7)","id":2}"#)
        #expect(page.reply(2)?["queued"] == true)
        store.flush()
        #expect(store.lastStep == 0)
        #expect(store.state.users.isEmpty)
        bridge.receive(#"{"command":"status","id":3}"#)
        #expect(page.reply(3)?["paused"] == true)
        bridge.receive(#"{"command":"resume","id":4}"#)
        #expect(page.reply(4)?["queued"] == 2)
        store.flush()
        #expect(store.state.users.map(\.name) == ["Ada", "Bob"])
        #expect(page.waitForSteps { $0 == [1, 2] })
    }

    @Test func refusesWhatItCannotSendWithAnErrorReply() throws {
        let directory = try TemporaryDirectory()
        let store = try users(directory)
        defer { try? store.close() }
        let page = FakePage()
        var limits = PageBridge.Limits()
        limits.requestBytes = 200
        let bridge = bridge(store, page, limits: limits)
        defer { bridge.close() }
        bridge.receive(#"{"command":"journal","id":1}"#)
        #expect(page.reply(1)?["error"] == #"The page cannot send the command "journal"; its commands are jump, undo, redo, pause, resume, snapshot, status, dispatch."#)
        bridge.receive(#"{"command":"jump","step":-1,"id":2}"#)
        #expect(page.reply(2)?["error"] == #"The jump command's "step" must be an integer from 0."#)
        bridge.receive(#"{"command":"dispatch","id":3}"#)
        #expect(page.reply(3)?["error"] == #"The dispatch command's "text" must be a string: the action as `statedbg log` prints it, e.g. users.addUser(name: "Ada", age: 36)."#)
        bridge.receive(#"{"command":"dispatch","text":"  ","id":4}"#)
        #expect(page.reply(4)?["error"] == #"The action to dispatch is empty; write it as `statedbg log` prints it, e.g. users.addUser(name: "Ada", age: 36), or as TYPE PAYLOAD, e.g. users.addUser {"name":"Ada","age":36}."#)
        bridge.receive(#"{"command":"dispatch","text":"addUser {name: Ada}","id":5}"#)
        #expect(page.reply(5)?["error"]?.stringValue?.hasPrefix("The payload {name: Ada} for addUser is not valid JSON (") == true)
        bridge.receive(#"{"id":6}"#)
        #expect(page.reply(6)?["error"] == "The request has no \"command\" member; the page's commands are jump, undo, redo, pause, resume, snapshot, status, dispatch.")
        bridge.receive("[1,2]")
        #expect(page.reply(.null)?["error"] == "The request is a JSON array, not an object with a \"command\" member.")
        bridge.receive(#"{"command":"status","id":7,"pad":"\#(String(repeating: "x", count: 300))"}"#)
        #expect(page.wait { messages in
            messages.contains { $0["reply"].flatMap { reply -> String? in
                guard case .object(let reply) = reply else { return nil }
                return reply["error"]?.stringValue
            } == "The request is 336 bytes long, over the page's limit of 200 bytes; it was not sent to the app." }
        })
        #expect(store.lastStep == 0)
    }

    @Test func aRecorderWithoutAnInProcessChannelIsToldToThePage() throws {
        let directory = try TemporaryDirectory()
        let store = try users(directory, channel: nil)
        defer { try? store.close() }
        let page = FakePage()
        let bridge = bridge(store, page)
        defer { bridge.close() }
        #expect(page.wait { !$0.isEmpty })
        #expect(page.messages.first == [
            "type": "error",
            "message": "The page cannot reach the app: The recorder has no live channel; give it one that the app may connect to: options.live = .inProcessOnly (or set inProcess on the channel it has).",
        ])
        bridge.receive(#"{"command":"status","id":1}"#)
        #expect(page.reply(1)?["error"]?.stringValue?.hasPrefix("The page no longer reaches the app (The recorder has no live channel;") == true)
    }

    @Test func aClosedRecorderIsToldToThePage() throws {
        let directory = try TemporaryDirectory()
        let store = try users(directory)
        let page = FakePage()
        let bridge = bridge(store, page)
        defer { bridge.close() }
        #expect(page.wait { $0.contains { $0["type"] == "lines" } })
        try store.close()
        #expect(page.wait { $0.contains { $0["type"] == "error" } })
        let notices = page.messages.filter { $0["type"] == "notice" }.map { $0["notice"] }
        #expect(notices == [["live": "closed", "reason": "the app closed its recorder"]])
        #expect(page.messages.last?["type"] == "error")
        #expect(page.messages.last?["message"]?.stringValue?.hasPrefix("The page lost the app: ") == true)
    }

    @Test func aPageOpenedAfterTheRecorderClosedSaysSo() throws {
        let directory = try TemporaryDirectory()
        let store = try users(directory)
        try store.close()
        let page = FakePage()
        let bridge = bridge(store, page)
        defer { bridge.close() }
        #expect(page.wait { !$0.isEmpty })
        #expect(page.messages == [["type": "error", "message": "The page cannot reach the app: The app's live channel is closed: its recorder was closed."]])
    }

    @Test func aClosedPageCostsTheAppNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try users(directory)
        defer { try? store.close() }
        let gone = FakePage()
        let first = bridge(store, gone)
        #expect(gone.wait { $0.contains { $0["type"] == "lines" } })
        first.close()
        let seen = gone.messages.count
        for age in 1...50 { store.dispatch(.addUser(name: "User \(age)", age: age)) }
        store.flush()
        #expect(store.lastStep == 50)
        #expect(gone.messages.count == seen)
        // The channel forgot the page: another page counts one debugger, itself.
        let page = FakePage()
        let second = bridge(store, page)
        defer { second.close() }
        bridge_status: do {
            var clients: JSONValue?
            for attempt in 1...50 {
                second.receive(#"{"command":"status","id":\#(attempt)}"#)
                clients = page.reply(.integer(Int64(attempt)))?["clients"]
                if clients == 1 { break bridge_status }
                usleepMilliseconds(20)
            }
            Issue.record("the closed page still counts as a client: \(String(describing: clients))")
        }
        #expect(page.waitForSteps { $0.count == 50 })
    }
}

/// Sleeps this many milliseconds.
func usleepMilliseconds(_ milliseconds: Int) {
    Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
}
