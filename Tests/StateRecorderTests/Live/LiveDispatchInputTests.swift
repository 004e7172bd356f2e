import ExampleApps
import Foundation
import StateJSON
import StateLive
import StateRecorder
import TestSupport
import Testing

/// `dispatch` over the live channel takes actions as a person types them, and says what it expected
/// when they do not decode.
@Suite struct LiveDispatchInputTests {
    private func users(_ directory: TemporaryDirectory) throws -> RecordingStore<UsersApp.State, UsersApp.Action> {
        var channel = RecorderOptions.LiveChannel(socketPath: directory.file("users.sock"))
        channel.announces = false
        var options = RecorderOptions()
        options.live = channel
        return try RecordingStore(app: UsersApp.app, journal: directory.file("users.jsonl"), options: options,
                                  clock: RecordingClock.fixed())
    }

    private func dispatch(_ connection: LiveTestConnection, _ type: String, _ payload: String?) throws -> JSONObject {
        try connection.request(.dispatch(type: type, payload: try payload.map { try JSONValue(parsing: $0) } ?? .null))
    }

    @Test func takesTheCodableFormTheCasesValuesAloneAndAShortType() throws {
        let directory = try TemporaryDirectory()
        let store = try users(directory)
        defer { try? store.close() }
        let connection = try LiveTestConnection(.unix(directory.file("users.sock")))
        _ = try connection.request(.hello(version: 1, client: nil))
        for (type, payload) in [
            ("users.addUser", #"{"addUser":{"name":"Ada","age":36}}"#),
            ("users.addUser", #"{"name":"Bob","age":7}"#),
            ("addUser", #"{"name":"Cy","age":50}"#),
        ] {
            let reply = try dispatch(connection, type, payload)
            #expect(reply["ok"] == true, "\(type) \(payload): \(reply)")
        }
        store.flush()
        #expect(store.state.users.map(\.name) == ["Ada", "Bob", "Cy"])
    }

    @Test func takesAnUnlabelledValueItselfAndACaseWithoutValuesWithoutAPayload() throws {
        let directory = try TemporaryDirectory()
        var channel = RecorderOptions.LiveChannel(socketPath: directory.file("tracker.sock"))
        channel.announces = false
        var options = RecorderOptions()
        options.live = channel
        let store = try RecordingStore(app: TrackerApp.app, journal: directory.file("tracker.jsonl"), options: options,
                                       clock: RecordingClock.fixed())
        defer { try? store.close() }
        let connection = try LiveTestConnection(.unix(directory.file("tracker.sock")))
        _ = try connection.request(.hello(version: 1, client: nil))
        #expect(try dispatch(connection, "navigate", #"{"settings":{}}"#)["ok"] == true)
        store.flush()
        #expect(store.state.route == .settings)
        #expect(try dispatch(connection, "tracker.navigate", #"{"navigate":{"_0":{"projects":{}}}}"#)["ok"] == true)
        store.flush()
        #expect(store.state.route == .projects)
        let wrong = try dispatch(connection, "tracker.navigate", "3")["error"]
        #expect(wrong == "The tracker.navigate action takes a Route (the app's schema shows the case item, e.g. tracker.navigate.item), but was given the payload 3: expected an object, found 3.")
        #expect(try dispatch(connection, "tracker.navigate.settings", nil)["ok"] == true)
        #expect(try dispatch(connection, "navigate.project", #"{"id":4}"#)["ok"] == true)
        store.flush()
        #expect(store.state.route == .project(id: 4))
    }

    @Test func saysWhatTheActionTakesAndWhatWasGiven() throws {
        let directory = try TemporaryDirectory()
        let store = try users(directory)
        defer { try? store.close() }
        let connection = try LiveTestConnection(.unix(directory.file("users.sock")))
        _ = try connection.request(.hello(version: 1, client: nil))
        let misspelt = try dispatch(connection, "users.addUser", #"{"nme":"Ada","age":36}"#)["error"]
        #expect(misspelt == #"The users.addUser action takes an object with the keys age (Int) and name (String), but was given the payload {"age":36,"nme":"Ada"}: nme is not one of them, and name is missing."#)
        let wrongType = try dispatch(connection, "users.addUser", #"{"name":"Ada","age":"old"}"#)["error"]
        #expect(wrongType == #"The users.addUser action takes an object with the keys age (Int) and name (String), but was given the payload {"age":"old","name":"Ada"}: age: expected Int, found "old"."#)
        let none = try dispatch(connection, "users.updateAge", nil)["error"]
        #expect(none == "The users.updateAge action takes an object with the keys age (Int) and id (Int), but was given no payload: age and id are missing.")
        let unknown = try dispatch(connection, "users.removeUser", #"{"id":1}"#)["error"]
        #expect(unknown == #"The app has no action type "users.removeUser"; its action types are users.addUser, users.updateAge and users.updateName."#)
        let otherCase = try dispatch(connection, "users.addUser", #"{"updateAge":{"id":1,"age":2}}"#)["error"]
        #expect(otherCase == #"The payload {"updateAge":{"age":2,"id":1}} is the Codable form of a users.updateAge action, not of users.addUser, which takes an object with the keys age (Int) and name (String); dispatch it as users.updateAge."#)
        store.flush()
        #expect(store.state.users.isEmpty)
        #expect(store.lastStep == 0)
    }
}
