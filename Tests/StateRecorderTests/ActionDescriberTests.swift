import Foundation
import StateJSON
import StateEncoding
@testable import StateRecorder
import Testing

@Suite struct ActionDescriberTests {
    struct Money: Codable, Hashable { var cents: Int; var currency: String }
    enum Filter: Codable, Hashable { case all, only(String) }
    enum Action: Codable, Hashable {
        case reset
        case setAge(id: Int, age: Int)
        case rename(id: Int, name: String)
        case toggle(Bool)
        case scale(factor: Double, ratio: Float)
        case pay(Money, note: String?)
        case filter(Filter)
        case tag([String])
        case login(user: String, password: String)
        case at(Date)
    }

    let describer = ActionDescriber(prefix: "app")

    enum Tracking: Codable, Hashable {
        case track(event: String, properties: JSONValue)
    }

    @Test func aJSONPayloadIsLabelledByItsKeysAndValuesNotTheirStorage() {
        // Labels are compared on replay, so this one must not change with how objects store values.
        let action = Tracking.track(event: "open", properties: ["screen": "home", "count": 2])
        #expect(describer.describe(action).label
            == #"app.track(event: "open", properties: object(JSONObject(keys: [… 2 elements], values: [… 2 elements])))"#)
    }

    @Test func labelsShowTheCaseAndItsArgumentsInDeclarationOrder() {
        let cases: [(Action, String)] = [
            (.reset, "app.reset"),
            (.setAge(id: 514, age: -24), "app.setAge(id: 514, age: -24)"),
            (.rename(id: 1, name: "Ann \"Jo\"\nB"), #"app.rename(id: 1, name: "Ann \"Jo\"\nB")"#),
            (.toggle(true), "app.toggle(true)"),
            (.scale(factor: 0.5, ratio: 0.1), "app.scale(factor: 0.5, ratio: 0.1)"),
            (.pay(Money(cents: 250, currency: "EUR"), note: nil), #"app.pay(Money(cents: 250, currency: "EUR"), note: nil)"#),
            (.pay(Money(cents: 1, currency: "USD"), note: "tip"), #"app.pay(Money(cents: 1, currency: "USD"), note: "tip")"#),
            (.filter(.only("open")), #"app.filter.only("open")"#),
            (.filter(.all), "app.filter.all"),
            (.tag(["a", "b"]), #"app.tag(["a", "b"])"#),
            (.at(Date(timeIntervalSince1970: 1.5)), "app.at(1970-01-01T00:00:01.500Z)"),
        ]
        for (action, label) in cases {
            #expect(describer.describe(action).label == label)
        }
        #expect(describer.describe(Action.setAge(id: 1, age: 2)).type == "app.setAge")
        #expect(describer.describe(Action.filter(.all)).type == "app.filter.all")
    }

    @Test func hiddenArgumentsAreRedactedInTheLabel() {
        #expect(describer.describe(Action.login(user: "ann", password: "hunter2"), hiding: ["password"]).label
            == #"app.login(user: "ann", password: <redacted>)"#)
    }

    @Test func longLabelsAreCut() {
        let short = ActionDescriber(prefix: "app", maxLabelLength: 20)
        #expect(short.describe(Action.rename(id: 1, name: String(repeating: "x", count: 50))).label == #"app.rename(id: 1, n…"#)
    }

    @Test func templatesFromPayloadsGiveTheSameLabelsAsReflection() throws {
        let short = ActionDescriber(prefix: "app", maxLabelLength: 30)
        let actions: [Action] = [
            .reset, .reset, .setAge(id: 1, age: 2), .setAge(id: 514, age: -24), .setAge(id: 3, age: 4),
            .rename(id: 1, name: "a"), .rename(id: 2, name: "Ann \"Jo\"\nB\\"), .rename(id: 3, name: String(repeating: "é", count: 40)),
            .toggle(true), .toggle(false), .scale(factor: 0.5, ratio: 0.1), .scale(factor: 2, ratio: 1e-7),
            .pay(Money(cents: 1, currency: "USD"), note: nil), .pay(Money(cents: 2, currency: "EUR"), note: "x"),
            .filter(.all), .filter(.only("open")), .tag([]), .tag(["a"]), .login(user: "u", password: "p"),
            .at(Date(timeIntervalSince1970: 0)), .at(Date(timeIntervalSince1970: 2.25)),
        ]
        for describer in [describer, short] {
            let templates = ActionLabelTemplates(describer: describer)
            for action in actions + actions {
                let payload = try JSONValueEncoder().encode(action)
                let fast = templates.describe(action, payload: payload)
                let slow = describer.describe(action)
                #expect(fast.type == slow.type)
                #expect(fast.label == slow.label)
            }
            // Structs, nested enums, arrays and dates are described by reflection every time.
            #expect(templates.templatedCases == ["login", "rename", "reset", "scale", "setAge", "toggle"])
        }
    }

    struct Custom: Codable, DescribedAction {
        var actionType: String { "custom.kind" }
        var actionLabel: String { "custom label" }
    }

    @Test func describedActionsKeepTheirOwnLabels() throws {
        let templates = ActionLabelTemplates(describer: describer)
        for _ in 0..<2 {
            let described = templates.describe(Custom(), payload: try JSONValueEncoder().encode(Custom()))
            #expect(described.type == "custom.kind")
            #expect(described.label == "custom label")
        }
    }

    /// Encodes `setAge` with the age doubled: its payload agrees with its label only when the age is 0.
    enum Doubling: Encodable {
        case setAge(id: Int, age: Int)
        enum Keys: String, CodingKey { case setAge }
        enum Arguments: String, CodingKey { case id, age }
        func encode(to encoder: any Encoder) throws {
            guard case .setAge(let id, let age) = self else { return }
            var outer = encoder.container(keyedBy: Keys.self)
            var inner = outer.nestedContainer(keyedBy: Arguments.self, forKey: .setAge)
            try inner.encode(id, forKey: .id)
            try inner.encode(age * 2, forKey: .age)
        }
    }

    @Test func aTemplateThatStopsAgreeingIsDropped() throws {
        let templates = ActionLabelTemplates(describer: describer)
        for age in [0, 0, 3, 5, 7, 9] {
            let action = Doubling.setAge(id: 1, age: age)
            let described = templates.describe(action, payload: try JSONValueEncoder().encode(action))
            #expect(described.label == "app.setAge(id: 1, age: \(age))")
        }
        #expect(templates.templatedCases.isEmpty)
    }

    struct AddUser: Codable { var name: String; var age: Int }
    enum Root { case feature(Filter), plain, user(AddUser) }

    @Test func theTagAloneIsTheTagOfTheFullDescription() {
        let actions: [Any] = [
            Action.reset, Action.setAge(id: 1, age: 2), Action.pay(Money(cents: 5, currency: "EUR"), note: nil),
            Action.filter(.only("x")), Action.filter(.all), Action.toggle(true),
            Root.feature(.only("y")), Root.plain, Root.user(AddUser(name: "Blob", age: 30)),
            AddUser(name: "Blob", age: 30), "a string action", 42,
        ]
        for prefix in ["app", ""] {
            let describer = ActionDescriber(prefix: prefix)
            let tags = actions.map { describer.tag(of: $0) }
            #expect(tags == actions.map { describer.describe($0).type })
        }
        #expect(actions.prefix(7).map { describer.tag(of: $0) } == [
            "app.reset", "app.setAge", "app.pay", "app.filter.only", "app.filter.all", "app.toggle", "app.feature.only",
        ])
    }
}
