import Foundation
import StateJSON
import StateRecorder
import StateTesting
import TestFixtures
import TestSupport
import Testing

/// `assertReplay` and `RecordingReplay` read a recording made with an earlier version of the app's types
/// through the app's migrations, say once which, and check typed invariants on the migrated states.
@Suite struct MigratedReplayTests {
    private func recordVersion1(in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("v1.jsonl")
        _ = try ShelfApp.V1.app.record(to: path, steps: 20, seed: 5, options: RecorderOptions(), clock: RecordingClock.fixed())
        return path
    }

    @Test func aVersion1RecordingPassesWithVersion3AndItsTypedInvariants() throws {
        let directory = try TemporaryDirectory()
        let path = try recordVersion1(in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let everyBookHasOneAuthor = Invariant<ShelfApp.V3.State>("every book has one author") { state in
            state.books.allSatisfy { $0.credits.authors.count == 1 }
        }
        let result = assertReplay(path, app: ShelfApp.V3.app(), invariants: [everyBookHasOneAuthor, "all(.books[*].rating == 0)"])
        #expect(result.passed)
        #expect(result.report?.lastStep == 20)
        #expect(result.notes == ["""
            the recording was made with version 1 of the app's types; it was read through the migrations from version 1 to 3: \
            rename title to name in .books[*], .add of shelf.add and .retitle of shelf.retitle; move .author to .credits.author in .books[*]; \
            add rating = 0 in .books[*]; drop legacyCode in .books[*]; rename the case done to finished in .books[*].status; \
            convert pages with .toDouble in .books[*] and .add of shelf.add; rename the action shelf.retitle to shelf.rename; \
            list the author in .books[*].credits.
            """])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the replay changed the recording")
    }

    @Test func aMigrationThatThrowsFailsTheReplayWithTheLineStepAndMigration() throws {
        let directory = try TemporaryDirectory()
        let path = try recordVersion1(in: directory)
        let refusing = Migration.from(2, .transform("refuse Joyce", in: .state(".books[*].credits")) { credits in
            guard case .object(var object) = credits, let author = object.removeValue(forKey: "author") else { return credits }
            if author == "Joyce" { throw ShelfApp.ShelfMigrationError(reason: "Joyce is refused") }
            object["authors"] = [author]
            return .object(object)
        })
        let result = RecordingReplay.run(recording: path, app: ShelfApp.V3.app(migrations: [ShelfApp.fromVersion1, refusing]))
        #expect(!result.passed)
        #expect(result.message == """
            the recording cannot be replayed: \(path):20: step 19 cannot be migrated: the migration from version 2 to 3 failed at its step 1, \
            .transform("refuse Joyce", in: .state(".books[*].credits")) { … }, on /books/6/credits of the state: it threw: Joyce is refused.
            """)
    }

    @Test func aMissingMigrationFailsWithoutReplayingAndProposesIt() throws {
        let directory = try TemporaryDirectory()
        let path = try recordVersion1(in: directory)
        let result = RecordingReplay.run(recording: path, app: ShelfApp.V2.app(migrations: []))
        #expect(!result.passed)
        #expect(result.report == nil)
        let message = try #require(result.message)
        #expect(message.hasPrefix("""
            the recording's schema is incompatible with the current code, so it was not replayed: \
            the recording was made with version 1 of the app's types and the current code is at version 2, \
            but the app declares no migration from version 1;
            """), "\(message)")
        #expect(message.contains("declare it: .from(1, "), "\(message)")
        #expect(message.hasSuffix(". Declare a migration, record it again, or keep the old types until it is retired."))
    }
}
