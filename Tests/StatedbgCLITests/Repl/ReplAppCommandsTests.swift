import TestSupport
import Foundation
import StateDebugger
import StateRecorder
import Testing
import TerminalKit
@testable import StatedbgCLI

/// The `app …` commands of an attached session are REPL commands like the others: declared, listed by
/// `help` only when attached, parsed from their specs. (LiveAttachTests runs them on a real app.)
@Suite struct ReplAppCommandsTests {
    private func interpreter(in directory: TemporaryDirectory, attached: Bool) throws -> ReplInterpreter {
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let session = Session(source: try RecordingLoader.open(path: path), registry: AppRegistry([WalletFixture.app()]))
        let commands = ReplInterpreter.builtInCommands + (attached ? ReplInterpreter.appCommands : [])
        return ReplInterpreter(session: session, colour: false, isCancelled: { false }, commands: commands)
    }

    @Test func appHelpListsTheAppCommandsFromTheirDeclarations() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory, attached: true)
        let expected = """
            COMMANDS:
              app status              Show the app's steps, its current step, whether it is
                                      paused (also: a bare 'app').
              app jump                Set the app's state to a step's (in the app; the
                                      cursor stays).
              app undo                Travel the app back along its own history (in the
                                      app).
              app redo                Travel the app forward along its own history (in the
                                      app).
              app dispatch            Dispatch an action to the app (decoded by the app's
                                      action registry).
              app mark                Write a named marker into the app's journal (in the
                                      app).
              app pause               Hold the app's dispatching (in the app); its actions
                                      queue until 'app resume'.
              app resume              Let the app dispatch again, queued actions first (in
                                      the app).
              app snapshot            Print the app's current state, as the app holds it.
              app journal             Copy the app's journal here through the channel, every
                                      file of it, and check the copy.

              See 'help <command>' for detailed help. A unique prefix of a name runs its
              command; Enter on an empty line repeats the last next, back, continue or
              reverse-continue.
            """
        #expect(repl.execute("app help") == ReplReply(text: expected))
        #expect(repl.execute("help app") == ReplReply(text: expected))
        #expect(repl.execute("help").text.contains("\n  app dispatch "))
        #expect(repl.execute("help app undo").text.hasPrefix("OVERVIEW: Travel the app back along its own history (in the app).\n\nUSAGE: app undo [<count>]\n"))
    }

    @Test func appCommandsAreParsedFromTheirSpecsAndResolvedByPrefix() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory, attached: true)
        #expect(repl.execute("app bogus").error
            == "unknown app command 'bogus'; app commands: status, jump, undo, redo, dispatch, mark, pause, resume, snapshot, journal (see 'app help').")
        #expect(repl.execute("app re").error == "'app re' is ambiguous; it could be app redo or app resume.")
        #expect(repl.execute("app mark").error == "Missing expected argument '<name>'.\nUsage: app mark <name>\n  See 'help app mark' for more information.")
        #expect(repl.execute("app undo two").error == "'two' is not a count; give a number of steps, 0 or more.")
        // Parsed and resolved, then refused for want of an app (only `statedbg attach` connects one).
        #expect(repl.execute("app snap").error == "The app commands need a running app: use 'statedbg attach' or 'statedbg listen'.")
        #expect(repl.execute("app").error == "The app commands need a running app: use 'statedbg attach' or 'statedbg listen'.")
    }

    @Test func aSessionOnAFileNeitherListsNorRunsTheAppCommands() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory, attached: false)
        #expect(!repl.execute("help").text.contains("app status"))
        #expect(repl.execute("app jump 2").error?.hasPrefix("unknown command 'app'") == true)
    }

    @Test func appDispatchReadsATypeAndPayloadATypedObjectOrACodableForm() throws {
        #expect(try AttachedApp.dispatchCommand(#"users.addUser {"name":"Ada","age":36}"#)
            == .dispatch(type: "users.addUser", payload: ["name": "Ada", "age": 36]))
        #expect(try AttachedApp.dispatchCommand("  counter.increase ") == .dispatch(type: "counter.increase", payload: .null))
        #expect(try AttachedApp.dispatchCommand(#"{"type":"counter.add","payload":5}"#) == .dispatch(type: "counter.add", payload: 5))
        #expect(try AttachedApp.dispatchCommand(#"{"addUser":{"name":"Ada","age":36}}"#)
            == .dispatch(type: "addUser", payload: ["addUser": ["name": "Ada", "age": 36]]))
    }

    @Test func appDispatchSaysHowToWriteAnActionItCannotRead() {
        let usage = #"Write app dispatch TYPE [PAYLOAD] (e.g. app dispatch users.addUser {"name":"Ada","age":36}), app dispatch {"type":TYPE,"payload":PAYLOAD} or app dispatch {"CASE":{…}}"#
        #expect(throws: CommandFailure(.usage, "app dispatch needs an action. \(usage).")) { try AttachedApp.dispatchCommand(" ") }
        #expect(throws: CommandFailure(.usage, #"The object {"name":"Ada","age":36} names no action: it has neither a "type" member nor a single case. "# + usage + ".")) {
            try AttachedApp.dispatchCommand(#"{"name":"Ada","age":36}"#)
        }
        #expect((try? AttachedApp.dispatchCommand("users.addUser {name: Ada}")) == nil)
        do {
            _ = try AttachedApp.dispatchCommand("users.addUser {name: Ada}")
        } catch {
            #expect(error.description.hasPrefix("The payload {name: Ada} for users.addUser is not valid JSON ("))
            #expect(error.description.hasSuffix(#"); write strings in double quotes, e.g. "Ada"."#))
        }
    }
}
