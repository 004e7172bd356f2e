import StateJSON
import StateJournal
import StateRecorder
import Testing

/// Each kind of ``MigrationStep`` on whole states and on actions, as a ``MigrationPlan`` applies them.
@Suite struct MigrationStepTests {
    private static func plan(_ steps: MigrationStep...) throws -> MigrationPlan {
        try MigrationPlan([.from(1, steps: steps)], from: 1, to: 2)
    }

    private static let users: JSONValue = [
        "users": [
            ["name": "Ada", "age": 36, "street": "Main", "status": "pending", "legacy": true],
            ["name": "Alan", "age": 41, "status": ["blocked": ["since": 3]]],
        ],
        "count": 2,
    ]

    @Test func aFieldIsRenamedInEveryValueOfTheScope() throws {
        let migrated = try Self.plan(.renameField("age", to: "years", in: .state(".users[*]"))).migrate(state: Self.users)
        #expect(migrated["users"]?[0]?["years"] == 36)
        #expect(migrated["users"]?[1]?["years"] == 41)
        #expect(migrated["users"]?[0]?["age"] == nil)
        #expect(migrated["count"] == 2)
    }

    @Test func aFieldMovesIntoANestedStructMadeOnTheWay() throws {
        let migrated = try Self.plan(.moveField("street", to: ".address.street", in: .state(".users[*]"))).migrate(state: Self.users)
        #expect(migrated["users"]?[0]?["address"] == ["street": "Main"])
        #expect(migrated["users"]?[0]?["street"] == nil)
        // A value without the field gets no empty struct either.
        #expect(migrated["users"]?[1]?["address"] == nil)
    }

    @Test func aFieldMovesOutOfANestedStruct() throws {
        let nested: JSONValue = ["user": ["address": ["street": "Main", "city": "Oslo"]]]
        let migrated = try Self.plan(.moveField(".address.city", to: "city", in: .state(".user"))).migrate(state: nested)
        #expect(migrated == ["user": ["address": ["street": "Main"], "city": "Oslo"]])
    }

    @Test func anAddedFieldTakesItsValueWhereItIsMissing() throws {
        let state: JSONValue = ["users": [["name": "Ada"], ["name": "Alan", "rating": 5]]]
        let migrated = try Self.plan(.addField("rating", value: 0, in: .state(".users[*]"))).migrate(state: state)
        #expect(migrated == ["users": [["name": "Ada", "rating": 0], ["name": "Alan", "rating": 5]]])
    }

    @Test func aDroppedFieldIsGone() throws {
        let migrated = try Self.plan(.dropField("legacy", in: .state(".users[*]"))).migrate(state: Self.users)
        #expect(migrated["users"]?[0]?["legacy"] == nil)
        #expect(migrated["users"]?[0]?["name"] == "Ada")
    }

    @Test func anEnumCaseIsRenamedWithAndWithoutAssociatedValues() throws {
        let plan = try Self.plan(.renameCase("pending", to: "waiting", in: .state(".users[*].status")),
                                 .renameCase("blocked", to: "suspended", in: .state(".users[*].status")))
        let migrated = try plan.migrate(state: Self.users)
        #expect(migrated["users"]?[0]?["status"] == "waiting")
        #expect(migrated["users"]?[1]?["status"] == ["suspended": ["since": 3]])
    }

    @Test func anIntBecomesADoubleAndCentsBecomeDollars() throws {
        let state: JSONValue = ["accounts": [["balance": 1250, "limit": nil], ["balance": 7, "limit": 100]]]
        let plan = try Self.plan(.convertField("balance", .dividedBy(100), in: .state(".accounts[*]")),
                                 .convertField("limit", .toDouble, in: .state(".accounts[*]")))
        let migrated = try plan.migrate(state: state)
        #expect(migrated == ["accounts": [["balance": 12.5, "limit": nil], ["balance": 0.07, "limit": 100.0]]])
        #expect(migrated["accounts"]?[1]?["limit"] == .double(100))
    }

    @Test func aWholeDoubleBecomesAnIntAndAFractionIsAnError() throws {
        let plan = try Self.plan(.convertField("n", .toInt, in: .state))
        #expect(try plan.migrate(state: ["n": 3.0]) == ["n": .integer(3)])
        #expect(throws: MigrationError(.stepFailed(migration: 1, step: 1, declaration: #".convertField("n", .toInt, in: .state)"#,
                                                   location: "/n of the state", reason: "3.5 has a fraction or is too large, so it is no Int"))) {
            try plan.migrate(state: ["n": 3.5])
        }
    }

    @Test func aRedactedValueIsNotConverted() throws {
        let plan = try Self.plan(.convertField("n", .toDouble, in: .state))
        #expect(try plan.migrate(state: ["n": Redaction.placeholder]) == ["n": Redaction.placeholder])
    }

    @Test func aClosureTransformsEachValue() throws {
        let plan = try Self.plan(.transform("initial", in: .state(".users[*]")) { user in
            var object = user.objectValue ?? JSONObject()
            object["initial"] = .string(String(object["name"]?.stringValue?.prefix(1) ?? ""))
            return .object(object)
        })
        let migrated = try plan.migrate(state: Self.users)
        #expect(migrated["users"]?[0]?["initial"] == "A")
    }

    @Test func aRenamedActionCaseTakesTheNewTagCaseKeyAndLabel() throws {
        let plan = try Self.plan(.renameField("age", to: "years", in: .action("users.updateAge", ".updateAge")),
                                 .renameAction("users.updateAge", to: "users.setYears"))
        let action = JournalAction(type: "users.updateAge", label: "users.updateAge(id: 5, age: -1)",
                                   payload: ["updateAge": ["id": 5, "age": -1]])
        let migrated = try plan.migrate(action: action)
        #expect(migrated == JournalAction(type: "users.setYears", label: "users.setYears(id: 5, age: -1)",
                                          payload: ["setYears": ["id": 5, "years": -1]]))
    }

    @Test func aRenamedCaseOfANestedActionEnumRenamesTheInnermostKey() throws {
        let plan = try Self.plan(.renameAction("tracker.project.create", to: "tracker.project.open"))
        let action = JournalAction(type: "tracker.project.create", label: "tracker.project.create(title: \"x\")",
                                   payload: ["project": ["create": ["title": "x"]]])
        #expect(try plan.migrate(action: action).payload == ["project": ["open": ["title": "x"]]])
    }

    @Test func aRetaggedActionKeepsItsPayload() throws {
        let plan = try Self.plan(.retagAction("App.UpdateName", to: "App.RenameUser"))
        let action = JournalAction(type: "App.UpdateName", label: "App.UpdateName(id: 1, name: \"Ada\")", payload: ["id": 1, "name": "Ada"])
        let migrated = try plan.migrate(action: action)
        #expect(migrated.type == "App.RenameUser")
        #expect(migrated.label == "App.RenameUser(id: 1, name: \"Ada\")")
        #expect(migrated.payload == action.payload)
        // Another action is left alone.
        let other = JournalAction(type: "App.UpdateNameLater", label: "App.UpdateNameLater()", payload: [:])
        #expect(try plan.migrate(action: other) == other)
    }

    @Test func anActionRecordedThroughReflectionFollowsTagsButKeepsItsPayload() throws {
        let plan = try Self.plan(.renameField("a", to: "b", in: .action("x.y")), .retagAction("x.y", to: "x.z"))
        let action = JournalAction(type: "x.y", label: "x.y(a: 1)", payload: ["a": 1], coding: .reflection)
        let migrated = try plan.migrate(action: action)
        #expect(migrated.type == "x.z")
        #expect(migrated.payload == ["a": 1])
    }

    @Test func twoMigrationsInARowRunInOrder() throws {
        let plan = try MigrationPlan([
            .from(2, .renameField("years", to: "age", in: .state(".users[*]"))),
            .from(1, .renameField("age", to: "years", in: .state(".users[*]")),
                  .convertField("years", .toDouble, in: .state(".users[*]"))),
        ], from: 1, to: 3)
        let migrated = try plan.migrate(state: Self.users)
        #expect(migrated["users"]?[0]?["age"] == .double(36))
        #expect(plan.applied.description == """
            the migrations from version 1 to 3: rename age to years in .users[*]; convert years with .toDouble in .users[*]; \
            rename years to age in .users[*]
            """)
        // A recording of version 2 takes only the second.
        let later = try MigrationPlan(plan.migrations, from: 2, to: 3)
        #expect(try later.migrate(state: ["users": [["years": 3]]]) == ["users": [["age": 3]]])
    }

    @Test func aStepThatThrowsNamesTheMigrationTheStepAndTheValue() throws {
        struct NoName: Error, CustomStringConvertible { var description: String { "Alan has no surname" } }
        let plan = try MigrationPlan([.from(1, .dropField("legacy", in: .state(".users[*]")),
                                            .transform("split name", in: .state(".users[*]")) { user in
                                                if user["name"] == "Alan" { throw NoName() }
                                                return user
                                            })], from: 1, to: 2)
        #expect(throws: MigrationError(.stepFailed(migration: 1, step: 2, declaration: #".transform("split name", in: .state(".users[*]")) { … }"#,
                                                   location: "/users/1 of the state", reason: "it threw: Alan has no surname"))) {
            try plan.migrate(state: Self.users)
        }
        let error = #expect(throws: MigrationError.self) { try plan.migrate(state: Self.users) }
        #expect(error?.description == """
            the migration from version 1 to 2 failed at its step 2, .transform("split name", in: .state(".users[*]")) { … }, \
            on /users/1 of the state: it threw: Alan has no surname
            """)
    }

    @Test func aConversionThatFailsInAnActionNamesThePayload() throws {
        let plan = try Self.plan(.convertField("age", .toDouble, in: .action("users.updateAge", ".updateAge")))
        let action = JournalAction(type: "users.updateAge", label: "", payload: ["updateAge": ["age": "forty"]])
        #expect(throws: MigrationError(.stepFailed(
            migration: 1, step: 1, declaration: #".convertField("age", .toDouble, in: .action("users.updateAge", ".updateAge"))"#,
            location: "/updateAge/age of the payload of users.updateAge",
            reason: #""forty" is a string, not a number, so it cannot become a Double"#))) {
            try plan.migrate(action: action)
        }
    }

    @Test func declarationsThatCannotWorkAreRefused() {
        #expect(throws: MigrationError(.invalidScope(#".state(".users[0]")"#, reason: "[0] names one element, but a migration changes every value of a type; write [*]"))) {
            try Self.plan(.dropField("x", in: .state(".users[0]")))
        }
        #expect(throws: MigrationError(.invalidScope(#".state("..age")"#, reason: "..age searches at any depth, but a migration names where the type is; write the path to it"))) {
            try Self.plan(.dropField("x", in: .state("..age")))
        }
        #expect(throws: MigrationError(.repeatedMigration(from: 1))) {
            try MigrationPlan([.from(1), .from(1)], from: 1, to: 2)
        }
        #expect(throws: MigrationError(.migrationBeyondVersion(from: 2, schemaVersion: 2))) {
            try MigrationPlan([.from(2)], from: 1, to: 2)
        }
        #expect(throws: MigrationError.self) {
            try Self.plan(.moveField("a", to: ".a.b", in: .state))
        }
    }

    @Test func aMigrationReadsAsTheSwiftThatDeclaresIt() {
        let migration = Migration.from(1, schemaHash: "56725980a4b68f3c",
                                       .renameField("age", to: "years", in: .state(".users[*]")),
                                       .convertField("balance", .dividedBy(100), in: .action("bank.pay", ".pay")),
                                       .retagAction("A", to: "B"))
        #expect(migration.description == """
            .from(1, schemaHash: "56725980a4b68f3c", .renameField("age", to: "years", in: .state(".users[*]")), \
            .convertField("balance", .dividedBy(100), in: .action("bank.pay", ".pay")), .retagAction("A", to: "B"))
            """)
    }
}
