import StateJSON
import StateRecorder
import Testing

/// ``MigratedStateWalk`` migrates each recorded patch instead of each whole state: whatever the patch
/// and the steps, the state it reaches is the one ``MigrationPlan/migrate(state:)`` makes of the recorded
/// state, and its fingerprint that state's.
@Suite struct MigratedStateWalkTests {
    /// A migration with a step of every kind, two of them closures that see whole values.
    static let plan: MigrationPlan = {
        let migrations: [Migration] = [
            .from(1,
                  .renameField("name", to: "title", in: .state(".users[*]")),
                  .moveField("street", to: ".address.street", in: .state(".users[*]")),
                  .addField("rating", value: 0, in: .state(".users[*]")),
                  .dropField("legacy", in: .state(".users[*]")),
                  .renameCase("pending", to: "waiting", in: .state(".users[*].status")),
                  .convertField("age", .toDouble, in: .state(".users[*]")),
                  .renameField("count", to: "total", in: .state)),
            .from(2,
                  .transform("tag count", in: .state(".users[*]")) { user in
                      var object = user.objectValue ?? JSONObject()
                      object["tagCount"] = .integer(Int64(object["tags"]?.arrayValue?.count ?? 0))
                      return .object(object)
                  },
                  .convertField("scores", .custom { value in .array((value.arrayValue ?? []).reversed()) }, in: .state(".users[*]"))),
        ]
        // Safe as a test fixture: the declaration is checked by the test that uses it.
        return (try? MigrationPlan(migrations, from: 1, to: 3)) ?? { preconditionFailure("the test's migrations do not compile") }()
    }()

    /// A random user of the version 1 types, some fields optional.
    private static func user(_ random: inout SeededGenerator) -> JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(["Ada", "Alan", "Grace"][Int.random(in: 0...2, using: &random)])),
                                              ("age", .integer(Int64.random(in: 0...99, using: &random)))]
        if Bool.random(using: &random) { members.append(("street", .string(["Main", "High"][Int.random(in: 0...1, using: &random)]))) }
        if Bool.random(using: &random) { members.append(("legacy", .bool(Bool.random(using: &random)))) }
        if Bool.random(using: &random) { members.append(("rating", .integer(Int64.random(in: 1...5, using: &random)))) }
        let status: JSONValue = Bool.random(using: &random) ? ["pending", "active"][Int.random(in: 0...1, using: &random)] == "pending" ? "pending" : "active"
            : ["pending": ["since": .integer(Int64.random(in: 1...9, using: &random))]]
        members.append(("status", status))
        members.append(("tags", .array((0..<Int.random(in: 0...3, using: &random)).map { _ in "t" })))
        members.append(("scores", .array((0..<Int.random(in: 0...3, using: &random)).map { _ in .integer(Int64.random(in: 0...9, using: &random)) })))
        return .object(JSONObject(members))
    }

    /// `state` with a few random edits: users added, removed and changed, fields set and removed.
    private static func edited(_ state: JSONValue, _ random: inout SeededGenerator) -> JSONValue {
        var users = state["users"]?.arrayValue ?? []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0...6, using: &random) {
            case 0: users.insert(user(&random), at: Int.random(in: 0...users.count, using: &random))
            case 1 where !users.isEmpty: users.remove(at: Int.random(in: 0..<users.count, using: &random))
            case 2 where !users.isEmpty:
                let index = Int.random(in: 0..<users.count, using: &random)
                var object = users[index].objectValue ?? JSONObject()
                let key = ["name", "age", "street", "legacy", "rating", "status", "tags", "scores"][Int.random(in: 0...7, using: &random)]
                if Bool.random(using: &random), key != "name", key != "age" {
                    object[key] = nil
                } else {
                    object[key] = user(&random)[key] ?? .null
                }
                users[index] = .object(object)
            case 3 where !users.isEmpty:
                users[Int.random(in: 0..<users.count, using: &random)] = user(&random)
            case 4:
                users = (0..<Int.random(in: 0...3, using: &random)).map { _ in user(&random) }
            default:
                break
            }
        }
        var object = state.objectValue ?? JSONObject()
        object["users"] = .array(users)
        if Int.random(in: 0...4, using: &random) == 0 { object["count"] = .integer(Int64(users.count)) }
        return .object(object)
    }

    @Test(arguments: [false, true])
    func followingThePatchesReachesTheWholeMigrationOfEveryState(keepingTheRecordedState keeps: Bool) throws {
        var random = SeededGenerator(seed: keeps ? 11 : 12)
        var recorded: JSONValue = ["users": .array((0..<3).map { _ in Self.user(&random) }), "count": 3]
        let walk = MigratedStateWalk(plan: Self.plan, scheme: .chunked, keepsOriginal: keeps)
        try walk.reset(toOriginal: recorded)
        #expect(walk.state == (try Self.plan.migrate(state: recorded)))
        var patched = 0
        for round in 0..<400 {
            let next = Self.edited(recorded, &random)
            var patch = JSONDiff.patch(from: recorded, to: next)
            if round % 37 == 0, case .array(let users)? = next["users"], users.count > 1 {
                // A patch another writer made: moves and copies, which the walk migrates from the whole state.
                patch = JSONPatch(patch.operations + [
                    .copy(from: try JSONPointer(parsing: "/users/0"), path: try JSONPointer(parsing: "/users/-")),
                    .move(from: try JSONPointer(parsing: "/users/0"), path: try JSONPointer(parsing: "/users/1")),
                ])
            }
            let after = try patch.apply(to: recorded)
            try walk.apply(patch, original: { after })
            let expected = try Self.plan.migrate(state: after)
            #expect(walk.state == expected, "round \(round): \(patch)")
            // Asked for in runs and left alone in others: fingerprinted along the patches, whole, or not at all.
            if round % 50 < 30 {
                #expect(walk.fingerprint == StateFingerprint.of(expected, scheme: .chunked), "round \(round)")
            }
            if keeps {
                #expect(walk.original == after)
                #expect(walk.originalFingerprint == StateFingerprint.of(after, scheme: .chunked))
            }
            if walk.lastPatch != nil { patched += 1 }
            recorded = after
        }
        // Most steps are migrated as patches, not whole states.
        #expect(patched > 300)
    }

    @Test func aPatchThatDoesNotApplyToTheRecordedStateIsReported() throws {
        let walk = MigratedStateWalk(plan: Self.plan, scheme: .chunked, keepsOriginal: true)
        try walk.reset(toOriginal: ["users": [], "count": 0])
        let patch = JSONPatch([.replace(path: try JSONPointer(parsing: "/nothing/here"), value: 1)])
        #expect(throws: MigratedStateWalk.Failure.self) {
            try walk.apply(patch, original: { .null })
        }
    }

    @Test func aStepThatThrowsOnAPatchedValueIsReportedWithTheValue() throws {
        let plan = try MigrationPlan([.from(1, .transform("refuse Eve", in: .state(".users[*]")) { user in
            if user["name"] == "Eve" { throw RefusedName() }
            return user
        })], from: 1, to: 2)
        let walk = MigratedStateWalk(plan: plan, scheme: .chunked, keepsOriginal: false)
        try walk.reset(toOriginal: ["users": [["name": "Ada"]]])
        let patch = JSONPatch([.replace(path: try JSONPointer(parsing: "/users/0/name"), value: "Eve")])
        do {
            try walk.apply(patch, original: { ["users": [["name": "Eve"]]] })
            Issue.record("the walk migrated a value its step refuses")
        } catch {
            guard case .migration(let failure) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(failure.description == """
                the migration from version 1 to 2 failed at its step 1, .transform("refuse Eve", in: .state(".users[*]")) { … }, \
                on /users/0 of the state: it threw: Eve is refused
                """)
        }
    }

    struct RefusedName: Error, CustomStringConvertible {
        var description: String { "Eve is refused" }
    }
}
