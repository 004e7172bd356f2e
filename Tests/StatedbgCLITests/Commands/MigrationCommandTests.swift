import Foundation
import StateJSON
import StateRecorder
import StatedbgCLI
import TerminalKit
import TestFixtures
import TestSupport
import Testing

/// A recording made with version 1 of the shelf app's types, read by a `statedbg` that registers a later
/// version: through its migrations when they cover it, and with a clear error, the right exit status and
/// the recording untouched when they do not.
@Suite struct MigrationCommandTests {
    /// What the shelf's two migrations say they did, as replay and migrate report it.
    static let bothMigrations = """
        rename title to name in .books[*], .add of shelf.add and .retitle of shelf.retitle; \
        move .author to .credits.author in .books[*]; add rating = 0 in .books[*]; drop legacyCode in .books[*]; \
        rename the case done to finished in .books[*].status; convert pages with .toDouble in .books[*] and .add of shelf.add; \
        rename the action shelf.retitle to shelf.rename; list the author in .books[*].credits
        """

    /// Records 12 steps of version 1 of the shelf to `v1.jsonl`; its bytes.
    @discardableResult
    private func recordVersion1(in directory: TemporaryDirectory) throws -> Data {
        _ = try ShelfApp.V1.app.record(to: directory.file("v1.jsonl"), steps: 12, seed: 3, options: RecorderOptions(),
                                      clock: RecordingClock.fixed())
        return try Data(contentsOf: URL(fileURLWithPath: directory.file("v1.jsonl")))
    }

    private func bytes(_ name: String, in directory: TemporaryDirectory) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: directory.file(name)))
    }

    @Test func replayVerifiesThroughTwoMigrationsInARowAndSaysSo() throws {
        let directory = try TemporaryDirectory()
        let recorded = try recordVersion1(in: directory)
        let run = CommandRun.statedbg("replay", "@v1.jsonl", "--verify", "-q", in: directory, apps: [ShelfApp.V3.app()])
        #expect(run.status == .success)
        #expect(run.error == "")
        #expect(run.output == """
            schema: read through the migrations from version 1 to 3 (\(Self.bothMigrations)), \
            then compatible: the recording's state and action types match the current code
            verified 12 steps: every state matches

            """)
        #expect(try bytes("v1.jsonl", in: directory) == recorded, "replay changed the recording")
    }

    @Test func migrateWritesAJournalOfTodaysTypesAndLeavesItsInputAlone() throws {
        let directory = try TemporaryDirectory()
        let recorded = try recordVersion1(in: directory)
        let app = ShelfApp.V3.app()
        let run = CommandRun.statedbg("migrate", "@v1.jsonl", "-o", "@v3.jsonl", in: directory, apps: [app])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output == """
            read v1.jsonl through the migrations from version 1 to 3:
              rename title to name in .books[*], .add of shelf.add and .retitle of shelf.retitle
              move .author to .credits.author in .books[*]
              add rating = 0 in .books[*]
              drop legacyCode in .books[*]
              rename the case done to finished in .books[*].status
              convert pages with .toDouble in .books[*] and .add of shelf.add
              rename the action shelf.retitle to shelf.rename
              list the author in .books[*].credits
            wrote 12 steps at version 3 of the types to v3.jsonl

            """)
        #expect(try bytes("v1.jsonl", in: directory) == recorded)
        #expect(CommandRun.statedbg("check", "@v3.jsonl", in: directory, apps: [app]).output == "v3.jsonl: no problems in 12 steps.\n")
        let replay = CommandRun.statedbg("replay", "@v3.jsonl", "--verify", "-q", in: directory, apps: [app])
        #expect(replay.status == .success)
        #expect(replay.output == """
            schema: compatible: the recording's state and action types match the current code
            verified 12 steps: every state matches

            """)
        let again = CommandRun.statedbg("migrate", "@v3.jsonl", "-o", "@v3-again.jsonl", in: directory, apps: [app])
        #expect(again.status == .checkFailed)
        #expect(again.error == """
            statedbg: error: v3.jsonl is already at version 3 of the types of shelf, the current one; there is nothing to migrate, and nothing was written.

            """)
        #expect(!FileManager.default.fileExists(atPath: directory.file("v3-again.jsonl")))
    }

    @Test func migrateNeverWritesOverItsInputNorAnExistingFileWithoutForce() throws {
        let directory = try TemporaryDirectory()
        let recorded = try recordVersion1(in: directory)
        let app = ShelfApp.V3.app()
        let own = CommandRun.statedbg("migrate", "@v1.jsonl", "-o", "@v1.jsonl", "--force", in: directory, apps: [app])
        #expect(own.status == .cannotCreate)
        #expect(own.error.contains("this is the recording being read"), "\(own.error)")
        _ = try directory.write("keep me\n", to: "taken.jsonl")
        let taken = CommandRun.statedbg("migrate", "@v1.jsonl", "-o", "@taken.jsonl", in: directory, apps: [app])
        #expect(taken.status == .cannotCreate)
        #expect(taken.error == """
            statedbg: error: taken.jsonl: the file already exists; choose another name or pass --force to replace it.

            """)
        #expect(try String(contentsOfFile: directory.file("taken.jsonl"), encoding: .utf8) == "keep me\n")
        #expect(try bytes("v1.jsonl", in: directory) == recorded)
    }

    /// Version 3's closure, refusing the books by Eliot.
    static let refusingEliot = Migration.from(2, .transform("refuse Eliot", in: .state(".books[*].credits")) { credits in
        if credits["author"] == "Eliot" { throw ShelfApp.ShelfMigrationError(reason: "Eliot is refused") }
        return credits
    })

    @Test func aMigrationThatThrowsIsBadDataNamedByFileLineStepMigrationAndStep() throws {
        let directory = try TemporaryDirectory()
        let recorded = try recordVersion1(in: directory)
        let app = ShelfApp.V3.app(migrations: [ShelfApp.fromVersion1, Self.refusingEliot])
        let expected = """
            statedbg: error: v1.jsonl:2: step 1 cannot be migrated: the migration from version 2 to 3 failed at its step 1, \
            .transform("refuse Eliot", in: .state(".books[*].credits")) { … }, on /books/0/credits of the state: it threw: Eliot is refused.

            """
        let replay = CommandRun.statedbg("replay", "@v1.jsonl", "--verify", "-q", in: directory, apps: [app])
        #expect(replay.status == .dataError)
        #expect(replay.error == expected)
        let migrate = CommandRun.statedbg("migrate", "@v1.jsonl", "-o", "@v3.jsonl", in: directory, apps: [app])
        #expect(migrate.status == .dataError)
        #expect(migrate.error == expected)
        #expect(!FileManager.default.fileExists(atPath: directory.file("v3.jsonl")), "a failed migration left a journal behind")
        #expect(try bytes("v1.jsonl", in: directory) == recorded)
    }

    @Test func aChainWithAGapIsTheVerdictWithTheMissingMigrationProposed() throws {
        let directory = try TemporaryDirectory()
        try recordVersion1(in: directory)
        let app = ShelfApp.V3.app(migrations: [ShelfApp.fromVersion2])
        let replay = CommandRun.statedbg("replay", "@v1.jsonl", "--verify", "-q", in: directory, apps: [app])
        #expect(replay.status == .checkFailed)
        #expect(replay.output.hasPrefix("""
            schema: incompatible: the recording was made with version 1 of the app's types and the current code is at version 3, \
            but the app declares no migration from version 1; the state's .books[].author
            """), "\(replay.output)")
        #expect(replay.output.contains("; declare it: .from(1, .dropField(\"author\", in: .state(\".books[*]\"))"), "\(replay.output)")
        #expect(replay.output.hasSuffix("""
            the replay stopped, as the schema check predicts: v1.jsonl:2: step 1 cannot be replayed: \
            the shelf.add action's payload does not decode: add.name: required key "name" is missing.

            """))
        let migrate = CommandRun.statedbg("migrate", "@v1.jsonl", "-o", "@v3.jsonl", in: directory, apps: [app])
        #expect(migrate.status == .checkFailed)
        #expect(migrate.error.hasPrefix("statedbg: error: v1.jsonl cannot be migrated, and nothing was written: incompatible: the recording was made with version 1"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("v3.jsonl")))
    }

    @Test func aRecordingNewerThanTheAppIsIncompatibleAndNotMigrated() throws {
        let directory = try TemporaryDirectory()
        try recordVersion1(in: directory)
        // Version 3's journal, made by migrating; version 2 of the app then reads it.
        #expect(CommandRun.statedbg("migrate", "@v1.jsonl", "-o", "@v3.jsonl", in: directory, apps: [ShelfApp.V3.app()]).status == .success)
        let older = ShelfApp.V2.app()
        let verdict = """
            incompatible: the recording was made with version 3 of the app's types, newer than the current code's version 2; \
            no migration reads a recording backwards, so replay it with the code that made it
            """
        let replay = CommandRun.statedbg("replay", "@v3.jsonl", "--verify", "-q", in: directory, apps: [older])
        #expect(replay.status == .checkFailed)
        #expect(replay.output.hasPrefix("schema: " + verdict + "\n"), "\(replay.output)")
        let migrate = CommandRun.statedbg("migrate", "@v3.jsonl", "-o", "@v2.jsonl", in: directory, apps: [older])
        #expect(migrate.status == .checkFailed)
        #expect(migrate.error == "statedbg: error: v3.jsonl cannot be migrated, and nothing was written: \(verdict).\n")
        #expect(!FileManager.default.fileExists(atPath: directory.file("v2.jsonl")))
    }

    @Test func migrationsThatCannotWorkAsDeclaredAreTheAppsInternalError() throws {
        let directory = try TemporaryDirectory()
        try recordVersion1(in: directory)
        let app = ShelfApp.V3.app(migrations: [ShelfApp.fromVersion1, ShelfApp.fromVersion1])
        let run = CommandRun.statedbg("replay", "@v1.jsonl", "--verify", "-q", in: directory, apps: [app])
        #expect(run.status == .internalError)
        #expect(run.error == """
            statedbg: error: v1.jsonl: the recording cannot be migrated: the app declares two migrations from version 1; merge their steps into one.

            """)
    }

    @Test func diffAndMinimizeReadThroughTheMigrationsAndSaySoOnce() throws {
        let directory = try TemporaryDirectory()
        try recordVersion1(in: directory)
        let app = ShelfApp.V3.app()
        _ = CommandRun.statedbg("migrate", "@v1.jsonl", "-o", "@v3.jsonl", in: directory, apps: [app])
        let note = """
            statedbg: note: v1.jsonl was recorded with version 1 of the types of shelf; it is read through the migrations \
            from version 1 to 3 (\(Self.bothMigrations)), and the file is not changed.

            """
        let diff = CommandRun.statedbg("diff", "@v1.jsonl", "@v3.jsonl", in: directory, apps: [app])
        #expect(diff.status == .success)
        #expect(diff.output == "v1.jsonl and v3.jsonl are identical through step 12\n")
        #expect(diff.error == note)
        let minimize = CommandRun.statedbg("minimize", "@v1.jsonl", "any(.books[*].status == \"finished\")", "-o", "@min.jsonl",
                                           in: directory, apps: [app])
        #expect(minimize.status == .success, "\(minimize.error)")
        #expect(minimize.output == """
            any(.books[*].status == "finished") still holds with 2 of 12 actions (steps 2, 4); 15 replays.
            wrote 2 steps to min.jsonl

            """)
        #expect(minimize.error == note)
    }

    @Test func theReplsDispatchAndSkipRunTodaysCodeOnTheMigratedStates() throws {
        let directory = try TemporaryDirectory()
        try recordVersion1(in: directory)
        let run = CommandRun.statedbg("repl", "@v1.jsonl", "-c", "jump 1; state .books[0]; dispatch shelf.rename(index: 0, name: \"Dune II\"); state .books[0].name",
                                      in: directory, apps: [ShelfApp.V3.app()])
        #expect(run.status == .success, "\(run.error)")
        // The migrated state, which the app's version-3 reducer then changes.
        #expect(run.output.contains("""
            {
              "credits": {
                "authors": [
                  "Eliot"
                ]
              },
              "name": "Dune",
              "pages": 587.0,
              "rating": 0,
              "status": "unread"
            }
            shelf.rename(index: 0, name: "Dune II") applied at branch-1@2
            """), "\(run.output)")
        #expect(run.output.hasSuffix("\"Dune II\"\n"))
        #expect(run.error.components(separatedBy: "it is read through the migrations from version 1 to 3").count == 2, "\(run.error)")

        let skip = CommandRun.statedbg("repl", "@v1.jsonl", "-c", "skip 1", in: directory, apps: [ShelfApp.V3.app()])
        #expect(skip.status == .success, "\(skip.error)")
        #expect(skip.output.hasPrefix("skipped step 1 (shelf.add(name: \"Dune\", author: \"Eliot\", pages: 587.0)): replayed steps 2 to 12 on branch-1\n"),
                "\(skip.output)")
    }
}
