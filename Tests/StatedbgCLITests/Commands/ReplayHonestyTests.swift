import TestSupport
import Foundation
import StateDebugger
import StateJournal
import StateRecorder
import Testing
import StatedbgCLI

/// What the commands that replay say and do when some or all of a recording's steps cannot be replayed:
/// a check that checked nothing fails, a partial one says what it skipped, and the commands that replay
/// (minimize, skip) take the recorded state of a step they cannot run, and say so.
@Suite struct ReplayHonestyTests {
    static let apps: [any RegisteredApp] = [TodoFixture.todos, TodoFixture.cart, TodoFixture.session]

    private func recorded(_ app: AppDefinition<TodoList, any TodoAction>, _ actions: [any TodoAction] = TodoFixture.steps,
                          as name: String = "t.jsonl") throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try TodoFixture.record(app, actions, to: directory.file(name))
        return directory
    }

    @Test func aVerificationThatReplayedNothingFailsAndSaysSoBeforeTheSteps() throws {
        let directory = try recorded(TodoFixture.cart, TodoFixture.cartSteps)
        let quiet = CommandRun.statedbg("replay", "@t.jsonl", "--verify", "--quiet", in: directory, apps: Self.apps)
        #expect(quiet.status == .checkFailed)
        #expect(quiet.output == """
            schema: compatible: the recording's state and action types match the current code
            verified 0 of 6 steps: no step could be replayed, so nothing was checked
            not replayed: the actions StoreInit (1 step: 1), AddItem (3 steps: 2, 3, 6), Ping (1 step: 4) and RemoveItem (1 step: 5) were recorded without Codable, so the replay took their recorded states; to replay them, declare Codable on their action types, each in the file that declares it (Swift synthesizes Codable only there), and register them in the app's ActionRegistry.

            """)
        let loud = CommandRun.statedbg("replay", "@t.jsonl", "--verify", in: directory, apps: Self.apps)
        #expect(loud.status == .checkFailed)
        #expect(loud.error == """
            statedbg: note: t.jsonl: none of its 6 steps can be replayed through the reducer, so the verification after its steps checks nothing and fails: the actions StoreInit (1 step: 1), AddItem (3 steps: 2, 3, 6), Ping (1 step: 4) and RemoveItem (1 step: 5) were recorded without Codable; to replay them, declare Codable on their action types, each in the file that declares it (Swift synthesizes Codable only there), and register them in the app's ActionRegistry.

            """)
        let json = CommandRun.statedbg("replay", "@t.jsonl", "--verify", "--quiet", "--json", in: directory, apps: Self.apps)
        #expect(json.status == .checkFailed)
        #expect(json.output.contains(#""passed":false,"replayed":0,"#))
    }

    @Test func aPartialVerificationCountsWhatItReplayedAndStrictFailsIt() throws {
        let directory = try recorded(TodoFixture.todos)
        let run = CommandRun.statedbg("replay", "@t.jsonl", "--verify", "--quiet", in: directory, apps: Self.apps)
        #expect(run.status == .success)
        #expect(run.output == """
            schema: compatible: the recording's state and action types match the current code
            verified 5 of 7 steps: every replayed state matches
            not replayed: the actions StoreInit (1 step: 1) and Ping (1 step: 5) were recorded without Codable, so the replay took their recorded states; to replay them, declare Codable on their action types, each in the file that declares it (Swift synthesizes Codable only there), and register them in the app's ActionRegistry.

            """)
        let strict = CommandRun.statedbg("replay", "@t.jsonl", "--verify", "--quiet", "--strict", in: directory, apps: Self.apps)
        #expect(strict.status == .checkFailed)
        #expect(strict.output.hasSuffix("--strict: 2 steps were not replayed, so the verification fails\n"))
        let usage = CommandRun.statedbg("replay", "@t.jsonl", "--strict", in: directory, apps: Self.apps)
        #expect(usage.status == .usage)
    }

    /// A recording that starts with the store's own start-up action minimizes like any other: the step
    /// takes its recorded state, and the smaller recording replays.
    @Test func aRecordingThatStartsWithTheStoresOwnActionMinimizes() throws {
        let directory = try recorded(TodoFixture.todos)
        let run = CommandRun.statedbg("minimize", "@t.jsonl", "any(.todos[*].done == true)", "-o", "@min.jsonl", in: directory, apps: Self.apps)
        #expect(run.status == .success, "\(run.error)")
        // Without the first AddTodo, the second makes the todo with id 1 that ToggleTodo(id: 1) finishes.
        #expect(run.output.hasPrefix("any(.todos[*].done == true) still holds with 2 of 7 actions (steps 3, 4); "), "\(run.output)")
        let log = CommandRun.statedbg("log", "@min.jsonl", in: directory, apps: Self.apps)
        #expect(log.output == """
                 1  AddTodo(title: "bread")
                 2  ToggleTodo(id: 1)

            """)
        // Kept, a step that cannot be replayed is named.
        let kept = CommandRun.statedbg("minimize", "@t.jsonl", ".todos.count == 1 and step >= 2", "-o", "@kept.jsonl",
                                       in: directory, apps: Self.apps)
        #expect(kept.status == .success, "\(kept.error)")
        #expect(kept.output.contains("not replayed: the action StoreInit (1 step: 1) was recorded without Codable, so the candidates took the change it recorded;"),
                "\(kept.output)")
        #expect(CommandRun.statedbg("replay", "@kept.jsonl", "--verify", "-q", in: directory, apps: Self.apps).status == .success)
        // With nothing to replay there is nothing to minimize.
        let cart = try recorded(TodoFixture.cart, TodoFixture.cartSteps)
        let nothing = CommandRun.statedbg("minimize", "@t.jsonl", ".todos.count > 1", "-o", "@min.jsonl", in: cart, apps: Self.apps)
        #expect(nothing.status == .dataError)
        #expect(nothing.error.hasPrefix("statedbg: error: t.jsonl: none of its 6 steps can be replayed through the reducer, so there is nothing to minimize: the actions StoreInit (1 step: 1),"),
                "\(nothing.error)")
    }

    @Test func skipTakesTheRecordedStateOfAStepItCannotReplayAndSaysSo() throws {
        let directory = try recorded(TodoFixture.todos)
        let run = CommandRun.statedbg("repl", "@t.jsonl", "-c", "skip 3", in: directory, apps: Self.apps)
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.contains("not replayed: step 5 (Ping) cannot be replayed, so the new branch took the change it recorded\n"),
                "\(run.output)")
        #expect(run.output.hasPrefix("skipped step 3 (AddTodo(title: \"bread\")): replayed steps 4 to 7 on branch-1\n"), "\(run.output)")
    }

    @Test func aBarePayloadThatSeveralTypesDecodeIsRefusedWithTheCandidates() throws {
        let directory = try recorded(TodoFixture.todos)
        let run = CommandRun.statedbg("repl", "@t.jsonl", "-c", #"dispatch {"id": 1}"#, in: directory, apps: Self.apps)
        #expect(run.status == .checkFailed)
        #expect(run.error == """
            statedbg: error: command 1: the payload decodes as more than one action: ToggleTodo(id: 1) and RemoveTodo(id: 1); name the one you mean by writing it as `statedbg log` prints it, such as ToggleTodo(id: 1), or as {"type": TAG, "payload": …}.

            """)
        let named = CommandRun.statedbg("repl", "@t.jsonl", "-c", "last; dispatch RemoveTodo(id: 1); state .todos", in: directory, apps: Self.apps)
        #expect(named.status == .success, "\(named.error)")
        #expect(named.output.contains("\nRemoveTodo(id: 1) applied at main@8\n"), "\(named.output)")
    }

    @Test func theBannerAndInfoSayWhatWorksForTheRecording() throws {
        let todos = try recorded(TodoFixture.todos)
        let session = try ReplInterpreter(session: Session(source: RecordingLoader.open(path: todos.file("t.jsonl")), registry: AppRegistry(Self.apps)))
        #expect(session.banner == "\(todos.file("t.jsonl")): app todos, steps 0 to 7; dispatch works; verify, skip and minimize work in part: "
            + "5 of 7 steps replay: the actions StoreInit (1 step: 1) and Ping (1 step: 5) were recorded without Codable, so the replay takes "
            + "what the recording holds for them. Type 'help' for the commands.")
        let cart = try recorded(TodoFixture.cart, TodoFixture.cartSteps)
        let info = CommandRun.statedbg("repl", "@t.jsonl", "-c", "info", in: cart, apps: Self.apps)
        #expect(info.output.hasSuffix("""
            dispatch: does not work: the app registers no Codable action type, so no action can be decoded
            verify: does not work: none of the 6 steps can be replayed, since the actions StoreInit (1 step: 1), AddItem (3 steps: 2, 3, 6), Ping (1 step: 4) and RemoveItem (1 step: 5) were recorded without Codable
            skip: does not work: none of the 6 steps can be replayed, since the actions StoreInit (1 step: 1), AddItem (3 steps: 2, 3, 6), Ping (1 step: 4) and RemoveItem (1 step: 5) were recorded without Codable
            minimize: does not work: none of the 6 steps can be replayed, since the actions StoreInit (1 step: 1), AddItem (3 steps: 2, 3, 6), Ping (1 step: 4) and RemoveItem (1 step: 5) were recorded without Codable
            in-app travel: does not work: it needs the running app (statedbg attach)

            """), "\(info.output)")
        let observed = try TemporaryDirectory()
        try TodoFixture.record(TodoFixture.session, to: observed.file("s.jsonl"))
        let stuck = try ReplInterpreter(session: Session(source: RecordingLoader.open(path: observed.file("s.jsonl")), registry: AppRegistry(Self.apps)))
        #expect(stuck.banner == "\(observed.file("s.jsonl")): app session, steps 0 to 7; dispatch works in part: only at the initial state, since "
            + "StatedbgCLITests.ObservedList is not Decodable; verify, skip and minimize work in part: the replay stops at a step that cannot be "
            + "replayed (the first is step 1), since StatedbgCLITests.ObservedList is not Decodable and no replay continues from a recorded state. "
            + "Type 'help' for the commands.")
        let examples = CommandRun.statedbg("examples", in: cart, apps: Self.apps)
        #expect(examples.output == """
            todos        (cannot be recorded: no action generator)
            cart         (cannot be recorded: no action generator)
                        dispatch, verify, skip and minimize do not work: it registers no Codable action type, so nothing it records can be replayed
            session      (cannot be recorded: no action generator)
                        its state type is not Decodable, so dispatch works only at the initial state, and a replay stops at a step that cannot be replayed

            """)
        let unknown = try ReplInterpreter(session: Session(source: RecordingLoader.open(path: cart.file("t.jsonl")), registry: AppRegistry()))
        #expect(unknown.banner.hasSuffix("; dispatch, verify, skip and minimize do not work: no app \"cart\" is registered in this statedbg (snapshot mode). Type 'help' for the commands."))
    }

    @Test func exportRefusesATestThatCouldNeverFailOrNeverPass() throws {
        let cart = try recorded(TodoFixture.cart, TodoFixture.cartSteps)
        let never = CommandRun.statedbg("export", "@t.jsonl", "--test", "-o", "@T.swift", in: cart, apps: Self.apps)
        #expect(never.status == .dataError)
        #expect(never.error.hasPrefix("statedbg: error: t.jsonl: none of its 6 steps can be replayed through the reducer, so a test made from it could never fail: "),
                "\(never.error)")
        #expect(!FileManager.default.fileExists(atPath: cart.file("T.swift")))

        let session = try TemporaryDirectory()
        try TodoFixture.record(TodoFixture.session, to: session.file("s.jsonl"))
        let stuck = CommandRun.statedbg("export", "@s.jsonl", "--test", "-o", "@S.swift", in: session, apps: Self.apps)
        #expect(stuck.status == .dataError)
        #expect(stuck.error == """
            statedbg: error: s.jsonl: a test made from this recording could never pass: step 5: action Ping was recorded without Codable, so it cannot be replayed, and the state type StatedbgCLITests.ObservedList is not Decodable, so the replay cannot continue past it; make the action type Codable and register it, or make the state type Codable.

            """)

        let empty = try recorded(TodoFixture.todos, [])
        let nothing = CommandRun.statedbg("export", "@t.jsonl", "--test", "-o", "@E.swift", in: empty, apps: Self.apps)
        #expect(nothing.status == .dataError)
        #expect(nothing.error.contains("a test made from this recording could never fail: it has no steps"), "\(nothing.error)")

        let todos = try recorded(TodoFixture.todos)
        let written = CommandRun.statedbg("export", "@t.jsonl", "--test", "-o", "@T.swift", in: todos, apps: Self.apps)
        #expect(written.status == .success, "\(written.error)")
        let source = try String(contentsOfFile: todos.file("T.swift"), encoding: .utf8)
        #expect(source.contains("\n// Not replayed, since their actions were recorded without Codable: StoreInit (1 step: 1) and Ping (1 step: 5); the replay takes their recorded states.\n"))
    }

    /// `log --full` prints a label the journal shortened whole, and the REPL's dispatch reads it back
    /// as the same action.
    @Test func aShortenedLabelIsPrintedWholeByLogFullAndDispatchesBack() throws {
        let tags = (1...30).map { "tag-\($0)" }
        let directory = try recorded(TodoFixture.todos, [AddTodo(title: "milk"), Tag(id: 1, tags: tags)])
        let log = CommandRun.statedbg("log", "@t.jsonl", in: directory, apps: Self.apps)
        #expect(log.output.hasSuffix("     2  Tag(id: 1, tags: [… 30 elements])\n"))
        let full = CommandRun.statedbg("log", "@t.jsonl", "--full", in: directory, apps: Self.apps)
        let whole = "Tag(id: 1, tags: [" + tags.map { "\"\($0)\"" }.joined(separator: ", ") + "])"
        #expect(full.output == "     1  AddTodo(title: \"milk\")\n     2  \(whole)\n")
        let shortened = CommandRun.statedbg("repl", "@t.jsonl", "-c", "jump 1; dispatch Tag(id: 1, tags: [… 30 elements])", in: directory, apps: Self.apps)
        #expect(shortened.status == .checkFailed)
        #expect(shortened.error.contains("the label is shortened (…), so it does not say what the action holds; print it whole with `statedbg log FILE --full`"))
        let back = CommandRun.statedbg("repl", "@t.jsonl", "-c", "jump 1; dispatch \(whole); save @again.jsonl".replacingOccurrences(of: "@again.jsonl", with: directory.file("again.jsonl")),
                                       in: directory, apps: Self.apps)
        #expect(back.status == .success, "\(back.error)")
        let again = try JournalReader(path: directory.file("again.jsonl"))
        #expect(try again.action(at: 2).payload == JournalReader(path: directory.file("t.jsonl")).action(at: 2).payload)
        // Without the app, the labels cannot be described again.
        #expect(CommandRun.statedbg("log", "@t.jsonl", "--full", in: directory, apps: []).status == .usage)
    }
}
