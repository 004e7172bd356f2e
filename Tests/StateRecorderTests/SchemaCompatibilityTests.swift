import StateJSON
import StateRecorder
import Testing

/// ``AppSchema/compatibility(withRecorded:)`` between the schemas of two versions of an app's types.
@Suite struct SchemaCompatibilityTests {
    /// The types a recording was made with.
    enum V1 {
        struct Item: Codable { var title: String; var done: Bool }
        struct State: Codable { var items: [Item] = []; var count = 0 }
        enum Action: Codable { case add(title: String); case tick(by: Int) }
    }

    /// A renamed field of the array's element.
    enum Renamed {
        struct Item: Codable { var name: String; var done: Bool }
        struct State: Codable { var items: [Item] = []; var count = 0 }
    }

    /// A retyped field of the array's element.
    enum Retyped {
        struct Item: Codable { var title: String; var done: Int }
        struct State: Codable { var items: [Item] = []; var count = 0 }
    }

    /// A new optional field, a field that became optional, a new action case, and the element type renamed.
    enum Extended {
        struct Entry: Codable { var title: String; var done: Bool; var note: String? }
        struct State: Codable { var items: [Entry] = []; var count: Int? = 0 }
        enum Action: Codable { case add(title: String); case tick(by: Int); case clear }
    }

    /// A retyped field of an action's payload.
    enum RetypedAction {
        enum Action: Codable { case add(title: String); case tick(by: Double) }
    }

    private static func schema<State, Action>(_ state: State, _ actions: [Action]) -> AppSchema {
        AppSchema(initialState: state, actionSamples: actions, describer: ActionDescriber(prefix: "todo"))
    }

    private static let recorded = schema(V1.State(), [V1.Action.add(title: "a"), .tick(by: 1)]).jsonValue

    @Test func aRenamedFieldInsideAnEmptyArraysElementIsIncompatible() {
        let current = Self.schema(Renamed.State(), [V1.Action.add(title: "a"), .tick(by: 1)])
        #expect(current.compatibility(withRecorded: Self.recorded) == .incompatible([
            "the state's .items[].title was renamed to .items[].name, or replaced by it",
            #"to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .renameField("title", to: "name", in: .state(".items[*]")))]"#,
        ]))
    }

    @Test func aRetypedFieldInsideAnEmptyArraysElementIsIncompatible() {
        let current = Self.schema(Retyped.State(), [V1.Action.add(title: "a"), .tick(by: 1)])
        #expect(current.compatibility(withRecorded: Self.recorded) == .incompatible([
            "the type of the state's .items[].done changed from Bool to Int",
            #"to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .convertField("done", .custom { value in value /* Bool to Int */ }, in: .state(".items[*]")))]"#,
        ]))
    }

    @Test func aRetypedFieldOfAnActionPayloadIsIncompatible() {
        let current = Self.schema(V1.State(), [RetypedAction.Action.add(title: "a"), .tick(by: 1)])
        #expect(current.compatibility(withRecorded: Self.recorded) == .incompatible([
            "the type of the action todo.tick's .by changed from Int to Double",
            #"to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .convertField("by", .toDouble, in: .action("todo.tick", ".tick")))]"#,
        ]))
    }

    @Test func additionsAreNotedAndCompatible() {
        let current = Self.schema(Extended.State(), [Extended.Action.add(title: "a"), .tick(by: 1), .clear])
        #expect(current.compatibility(withRecorded: Self.recorded) == .risky([
            "the state's .count became optional",
            "the state's .items[].note is a new optional field",
            "the action todo.clear is new",
        ]))
    }

    @Test func removingFieldsAndCasesIsIncompatible() {
        let current = Self.schema(Extended.State(), [Extended.Action.add(title: "a")])
        let recorded = Self.schema(Extended.State(), [Extended.Action.add(title: "a"), .tick(by: 1)]).jsonValue
        #expect(current.compatibility(withRecorded: recorded) == .incompatible(["the action todo.tick no longer exists"]))
        #expect(Self.schema(V1.State(), [V1.Action]()).compatibility(withRecorded: Self.schema(Extended.State(), [V1.Action]()).jsonValue)
            == .incompatible([
                "the type of the state's .count changed from Optional<Int> to Int",
                #"to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .convertField("count", .custom { value in value /* Optional<Int> to Int */ }, in: .state))]"#,
            ]))
    }

    /// Schemas written before the probe describe an empty array by its type alone and an action's case
    /// by `payload`; only what both describe is compared.
    @Test func schemasWrittenBeforeTheProbeAreComparedAsFarAsTheyGo() throws {
        let legacy = try JSONValue(parsing: """
            {"actions":{"todo.add":{"payload":{"fields":{"title":{"type":"String"}},"type":"tuple"},"type":"Action"},\
            "todo.tick":{"payload":{"fields":{"by":{"type":"Int"}},"type":"tuple"},"type":"Action"}},\
            "state":{"fields":{"count":{"type":"Int"},"items":{"type":"Array<Item>"}},"type":"State"}}
            """)
        #expect(Self.schema(V1.State(), [V1.Action.add(title: "a"), .tick(by: 1)]).compatibility(withRecorded: legacy) == .compatible)
        #expect(Self.schema(Renamed.State(), [V1.Action.add(title: "a"), .tick(by: 1)]).compatibility(withRecorded: legacy) == .compatible)
        #expect(Self.schema(V1.State(), [RetypedAction.Action.add(title: "a"), .tick(by: 1)]).compatibility(withRecorded: legacy)
            == .incompatible(["the type of the action todo.tick's .by changed from Int to Double"]))
    }

    @Test func aRecordingWithoutASchemaIsRisky() {
        #expect(Self.schema(V1.State(), [V1.Action]()).compatibility(withRecorded: .null)
            == .risky(["the recording carries no schema, so its actions may not decode"]))
    }
}
