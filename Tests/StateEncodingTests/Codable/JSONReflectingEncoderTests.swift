import Foundation
import StateJSON
import StateEncoding
import Testing

/// Snapshots of values that are not `Codable`: one test per rule of `JSONReflectingEncoder`.
@Suite struct JSONReflectingEncoderTests {
    enum Phase { case idle, running(since: Int, laps: [Int]) }

    struct Timer {
        var label: String
        var started: Date
        var phase: Phase
        var onFire: () -> Void
    }

    struct Address: Codable, Equatable {
        var city: String
        var lines: [String]
        var moved: Date?
    }

    enum Role: Codable, Equatable {
        case guest
        case member(since: Int, String)
    }

    /// Not `Codable` (it holds a closure), with `Codable` members.
    struct Profile {
        var name: String
        var address: Address
        var roles: [Role]
        var scores: [String: Double]
        var onSave: (Profile) -> Void
    }

    enum LoginError: Error { case wrongPassword }

    /// Describes itself as something other than its case name.
    enum Mode: CustomStringConvertible {
        case light, dark
        var description: String { "a mode" }
    }

    enum Event {
        case tap
        case moved(x: Int, y: Int)
        case named(String, count: Int)
        case handler(() -> Void)
    }

    class Shape {
        var name = "shape"
    }

    final class Square: Shape {
        var side = 2
    }

    final class Node {
        var name: String
        var next: Node?

        init(_ name: String, next: Node? = nil) {
            self.name = name
            self.next = next
        }
    }

    final class CodableNode: Codable {
        var name: String
        var next: CodableNode?

        init(_ name: String) {
            self.name = name
        }
    }

    struct Point: Hashable, Codable {
        var x: Int
        var y: Int
    }

    struct Tag: Hashable {
        var name: String
    }

    struct Reading: Codable {
        var value: Double
    }

    static let encoder = JSONReflectingEncoder()

    static func text(_ value: Any, _ encoder: JSONReflectingEncoder = encoder) -> String {
        encoder.encode(value).canonicalText
    }

    @Test func theDocumentationExampleWritesWhatItShows() {
        let timer = Timer(label: "tea", started: Date(timeIntervalSinceReferenceDate: 1.5),
                          phase: .running(since: 3, laps: [1, 2]), onFire: {})
        #expect(Self.text(timer)
            == #"{"label":"tea","onFire":"<function>","phase":{"running":{"laps":[1,2],"since":3}},"started":1.5}"#)
    }

    @Test func scalarsAreJSONScalarsAndNonFiniteNumbersAreStrings() {
        let values: [Any] = [
            "text", Substring("sub"), Character("é"), Unicode.Scalar(65) as Unicode.Scalar, true, Int8(-8), UInt64.max, Int64.min,
            Float(0.1), 2.5, Double.nan, Double.infinity, -Double.infinity, Float.nan,
        ]
        #expect(Self.text(values)
            == #"["text","sub","é","A",true,-8,18446744073709551615,-9223372036854775808,0.1,2.5,"nan","inf","-inf","nan"]"#)
    }

    @Test func anOptionalIsItsValueOrNull() {
        let doubleNil: Int?? = .some(nil)
        let doubleThree: Int?? = .some(3)
        let values: [Any?] = [nil, Tag(name: "a"), doubleNil as Any, doubleThree as Any]
        #expect(Self.text(values) == #"[null,{"name":"a"},null,3]"#)
    }

    @Test func codableMembersHaveTheJSONCodableGivesThem() throws {
        let address = Address(city: "Paris", lines: ["1 rue"], moved: Date(timeIntervalSinceReferenceDate: 785_000_000.123456789))
        let roles: [Role] = [.guest, .member(since: 3, "x")]
        let profile = Profile(name: "Blob", address: address, roles: roles, scores: ["a": 0.5], onSave: { _ in })
        let snapshot = Self.encoder.encode(profile)
        #expect(snapshot["address"] == (try JSONValueEncoder().encode(address)))
        #expect(snapshot["roles"] == (try JSONValueEncoder().encode(roles)))
        #expect(snapshot.canonicalText == #"""
            {"address":{"city":"Paris","lines":["1 rue"],"moved":785000000.1234568},"name":"Blob","onSave":"<function>",\#
            "roles":[{"guest":{}},{"member":{"_1":"x","since":3}}],"scores":{"a":0.5}}
            """#)
        let back = try JSONValueDecoder().decode(Address.self, from: JSONValue(parsing: #require(snapshot["address"]).canonicalText))
        #expect(back == address)
    }

    @Test func anEncodableValueTheEncoderRefusesIsReflectedInstead() {
        #expect(Self.text([Reading(value: 1), Reading(value: .nan)]) == #"[{"value":1.0},{"value":"nan"}]"#)
    }

    @Test func anErrorIsItsReflectedDescription() {
        #expect(Self.text(LoginError.wrongPassword)
            == #"{"error":"StateEncodingTests.JSONReflectingEncoderTests.LoginError.wrongPassword"}"#)
    }

    @Test func aResultHoldingAnErrorIsAnEnumWithAnErrorPayload() {
        let failure: Result<Int, any Error> = .failure(LoginError.wrongPassword)
        let success: Result<Int, any Error> = .success(3)
        #expect(Self.text([failure, success])
            == #"[{"failure":{"_0":{"error":"StateEncodingTests.JSONReflectingEncoderTests.LoginError.wrongPassword"}}},{"success":{"_0":3}}]"#)
    }

    @Test func aClassInstanceIsItsStoredPropertiesWithItsSuperclasses() {
        #expect(Self.text(Square()) == #"{"name":"shape","side":2}"#)
    }

    @Test func aClassSeenAgainOnThePathIsACycle() {
        let first = Node("a")
        first.next = Node("b", next: first)
        let alone = Node("self")
        alone.next = alone
        // The cycles are made on purpose; broken afterwards so the leak checker sees no leak.
        defer {
            first.next = nil
            alone.next = nil
        }
        #expect(Self.text(first) == #"{"name":"a","next":{"name":"b","next":"<cycle Node>"}}"#)
        #expect(Self.text(alone) == #"{"name":"self","next":"<cycle Node>"}"#)
    }

    @Test func anObjectSharedBySiblingsIsWrittenInFullEachTime() {
        let shared = Node("shared")
        #expect(Self.text([shared, shared]) == #"[{"name":"shared","next":null},{"name":"shared","next":null}]"#)
    }

    @Test func aCodableClassThatRefersToItselfIsReflectedWithItsCycle() {
        let node = CodableNode("loop")
        node.next = node
        defer { node.next = nil }
        #expect(Self.text(node) == #"{"name":"loop","next":"<cycle CodableNode>"}"#)
    }

    @Test func anEnumCaseWithoutValuesIsItsNameEvenWhenItDescribesItselfOtherwise() {
        #expect(Self.text([Mode.light, Mode.dark]) == #"["light","dark"]"#)
        #expect(Self.text(Phase.idle) == #""idle""#)
    }

    @Test func anEnumCaseWithValuesIsShapedAsSynthesizedCodable() {
        let events: [Event] = [.tap, .moved(x: 1, y: 2), .named("a", count: 3), .handler({})]
        #expect(Self.text(events)
            == #"["tap",{"moved":{"x":1,"y":2}},{"named":{"_0":"a","count":3}},{"handler":{"_0":"<function>"}}]"#)
    }

    @Test func aTupleIsAnObjectByLabel() {
        #expect(Self.text((1, b: "x", Tag(name: "t"))) == #"{"_0":1,"_2":{"name":"t"},"b":"x"}"#)
    }

    @Test func aSetIsAnArrayInTheOrderOfItsElementsText() {
        let tags: Set<Tag> = [Tag(name: "b"), Tag(name: "a"), Tag(name: "c")]
        #expect(Self.text(tags) == #"[{"name":"a"},{"name":"b"},{"name":"c"}]"#)
        // Equal sets built differently iterate differently; the snapshot does not.
        var grown = Set<Int>(minimumCapacity: 1_000)
        for number in (0..<50).reversed() { grown.insert(number) }
        let small = Set(0..<50)
        #expect(Self.text(["numbers": grown, "tag": Tag(name: "x")] as [String: Any])
            == Self.text(["numbers": small, "tag": Tag(name: "x")] as [String: Any]))
        #expect(Self.text([Tag(name: "x"): Set([3, 10, 2])]) == #"[[{"name":"x"},[10,2,3]]]"#)
    }

    @Test func aDictionaryWithStringKeysIsAnObjectAndAnyOtherAnArrayOfPairs() {
        #expect(Self.text(["b": Tag(name: "2"), "a": Tag(name: "1")]) == #"{"a":{"name":"1"},"b":{"name":"2"}}"#)
        #expect(Self.text([2: Tag(name: "2"), 10: Tag(name: "10")]) == #"[[10,{"name":"10"}],[2,{"name":"2"}]]"#)
        #expect(Self.text([String: Tag]()) == "{}")
        #expect(Self.text([Int: Tag]()) == "[]")
        // Codable writes these as [key, value, key, value] in the dictionary's order.
        var points: [Point: Int] = [:]
        for index in 0..<20 { points[Point(x: index, y: -index)] = index }
        var others = [Point: Int](minimumCapacity: 500)
        for index in (0..<20).reversed() { others[Point(x: index, y: -index)] = index }
        #expect(Self.text(points) == Self.text(others))
        #expect(Self.text([Point(x: 2, y: 0): 2, Point(x: 1, y: 0): 1] as [Point: Int])
            == #"[{"x":1,"y":0},1,{"x":2,"y":0},2]"#)
    }

    @Test func aClosureIsFunctionAndAMetatypeItsName() {
        let increment: (Int) -> Int = { $0 + 1 }
        #expect(Self.text([increment, print, Int.self] as [Any]) == #"["<function>","<function>","Int"]"#)
    }

    @Test func valuesDeeperThanMaxDepthAreCut() {
        let chain = Node("0", next: Node("1", next: Node("2", next: Node("3"))))
        let shallow = JSONReflectingEncoder(maxDepth: 2)
        #expect(Self.text(chain, shallow) == #"{"name":"0","next":{"name":"1","next":{"name":"<…>","next":"<…>"}}}"#)
        // Encodable values are cut at the same depth.
        #expect(Self.text([[[[1]]]], shallow) == #"[[["<…>"]]]"#)
        #expect(Self.text([[[[Tag(name: "t")]]]], shallow) == #"[[["<…>"]]]"#)
        #expect(Self.text(Event.moved(x: 1, y: 2), JSONReflectingEncoder(maxDepth: 1)) == #"{"moved":{"x":"<…>","y":"<…>"}}"#)
        #expect(Self.text(Tag(name: "t"), JSONReflectingEncoder(maxDepth: 0)) == #"{"name":"<…>"}"#)
        let value: JSONValue = ["a": ["b": ["c": 1]]]
        #expect(Self.text(["json": value, "tag": Tag(name: "t")] as [String: Any], shallow)
            == #"{"json":{"a":{"b":"<…>"}},"tag":{"name":"t"}}"#)
    }

    @Test func aGraphOfObjectsReferringToEachOtherStopsAtMaxValues() {
        final class Person {
            var name: String
            var friends: [Person] = []
            init(_ name: String) { self.name = name }
        }
        let people = (0..<8).map { Person("p\($0)") }
        for person in people { person.friends = people }
        defer { for person in people { person.friends = [] } }  // so the leak checker sees no leak
        let clock = ContinuousClock()
        let started = clock.now
        let snapshot = JSONReflectingEncoder(maxValues: 20_000).encode(people[0])
        #expect(clock.now - started < .seconds(20))
        let text = snapshot.canonicalText
        // Everyone is everyone's friend: whoever is already on the way down is a cycle.
        #expect(text.hasPrefix(#"{"friends":["<cycle Person>",{"friends":["<cycle Person>","<cycle Person>",{"friends":["#))
        #expect(text.contains(#""<…>""#))
        #expect(JSONReflectingEncoder(maxValues: 20_000).encode(people[0]) == snapshot)
    }

    @Test func aLongCollectionIsWalkedWhole() {
        let tags = (0..<20_000).map { Tag(name: String($0)) }
        let snapshot = Self.encoder.encode(tags)
        #expect(snapshot.arrayValue?.count == 20_000)
        #expect(snapshot[19_999] == ["name": "19999"])
    }

    @Test func equalValuesGiveTheSameSnapshot() {
        func make() -> Profile {
            Profile(name: "a", address: Address(city: "c", lines: [], moved: nil), roles: [.guest],
                    scores: Dictionary(uniqueKeysWithValues: (0..<30).map { ("k\($0)", Double($0)) }), onSave: { _ in })
        }
        #expect(Self.encoder.encode(make()).canonicalHash == Self.encoder.encode(make()).canonicalHash)
    }

    @Test func theDeepestNestingIsSafeOnA512KiBStack() {
        final class Outcome: @unchecked Sendable {
            var text = ""
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var chain = Node("end")
            for index in 0..<1_000 { chain = Node(String(index), next: chain) }
            var nested: Any = Event.tap
            for _ in 0..<1_000 { nested = [nested] as [Any] }
            var keyed: Any = Event.tap
            for _ in 0..<1_000 { keyed = ["k": keyed, "e": Event.moved(x: 1, y: 2)] as [String: Any] }
            // Taken as the deepest nesting, 128.
            let encoder = JSONReflectingEncoder(maxDepth: .max)
            let cutChain = #"{"name":"<…>","next":"<…>"}"# + String(repeating: "}", count: 128)
            let cutList = #"["<…>"]"# + String(repeating: "]", count: 128)
            let cutKeyed = #"{"e":"<…>","k":"<…>"}"# + String(repeating: "}", count: 128)
            outcome.text = [
                encoder.encode(chain).canonicalText.hasSuffix(cutChain),
                encoder.encode(nested).canonicalText.hasSuffix(cutList),
                encoder.encode(keyed).canonicalText.hasSuffix(cutKeyed),
            ].map(String.init).joined(separator: " ")
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(outcome.text == "true true true")
    }
}
