import Foundation
import StateJSON
import Testing

@Suite struct IncrementalJSONEncoderTests {
    struct Address: Codable, Equatable {
        var city: String
        var lines: [String]
    }

    enum Role: Codable, Equatable {
        case guest
        case member(since: Int)
        case admin(String, level: UInt8)
    }

    struct User: Codable, Equatable {
        var id: Int
        var name: String
        var age: Int
        var address: Address?
        var roles: [Role]
        var tags: [String: Int]
    }

    struct State: Codable, Equatable {
        var users: [User]
        var selected: Int?
        var updated: Date
        var notes: [[String]]
    }

    /// A type whose encoding is not a function of `==` would break memoizing; this one is fine
    /// and is not `Equatable`, so it is always re-encoded.
    struct Opaque: Codable {
        var values: [Int]
    }

    struct Wrapper: Codable {
        var state: State
        var opaque: Opaque
    }

    static func makeState(_ random: inout SeededGenerator) -> State {
        State(
            users: (0..<20).map { makeUser(id: $0, &random) }, selected: nil,
            updated: Date(timeIntervalSince1970: 1_700_000_000), notes: [["a"], []])
    }

    static func makeUser(id: Int, _ random: inout SeededGenerator) -> User {
        User(
            id: id, name: "user \(id)", age: Int.random(in: 0..<100, using: &random),
            address: Bool.random(using: &random) ? Address(city: "c\(id)", lines: ["l"]) : nil,
            roles: [.guest, .member(since: id)], tags: ["t\(id % 3)": id])
    }

    static func mutate(_ state: inout State, _ random: inout SeededGenerator) {
        let index = Int.random(in: 0..<state.users.count, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0: state.users[index].age += 1
        case 1: state.users[index].name += "!"
        case 2: state.users[index].address = state.users[index].address == nil ? Address(city: "new", lines: []) : nil
        case 3: state.users[index].address?.lines.append("x")
        case 4: state.users[index].roles.append(.admin("root", level: UInt8.random(in: 0...255, using: &random)))
        case 5: state.users[index].tags["k\(Int.random(in: 0..<5, using: &random))"] = index
        case 6: state.users.remove(at: index)
        case 7: state.users.insert(makeUser(id: 100 + index, &random), at: index)
        case 8: state.selected = Bool.random(using: &random) ? index : nil
        default: state.users.swapAt(index, Int.random(in: 0..<state.users.count, using: &random))
        }
        if state.users.isEmpty { state.users.append(makeUser(id: 0, &random)) }
    }

    @Test func alwaysMatchesAFreshEncodeUnderRandomMutations() throws {
        var random = SeededGenerator(seed: 99)
        var state = Self.makeState(&random)
        let incremental = IncrementalJSONEncoder<State>()
        let fresh = JSONValueEncoder()
        for _ in 0..<400 {
            if Int.random(in: 0..<4, using: &random) > 0 { Self.mutate(&state, &random) }
            let value = try incremental.encode(state)
            let expected = try fresh.encode(state)
            #expect(value == expected)
            #expect(value.serialized() == expected.serialized())
        }
    }

    @Test func nonEquatableParentsStillMatch() throws {
        var random = SeededGenerator(seed: 12)
        var wrapper = Wrapper(state: Self.makeState(&random), opaque: Opaque(values: [1]))
        let incremental = IncrementalJSONEncoder<Wrapper>()
        for step in 0..<100 {
            Self.mutate(&wrapper.state, &random)
            wrapper.opaque.values.append(step)
            let got = try incremental.encode(wrapper)
            let want = try JSONValueEncoder().encode(wrapper)
            #expect(got.canonicalText == want.canonicalText)
        }
    }

    @Test func unchangedUsersShareStorageWithThePreviousResult() throws {
        var random = SeededGenerator(seed: 1)
        var state = Self.makeState(&random)
        let incremental = IncrementalJSONEncoder<State>()
        let before = try incremental.encode(state)
        state.users[3].age += 1
        let after = try incremental.encode(state)
        let oldUsers = try #require(before["users"]?.arrayValue)
        let newUsers = try #require(after["users"]?.arrayValue)
        func storage(_ value: JSONValue) -> UnsafeRawPointer? {
            value.objectValue?.values.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(storage(oldUsers[2]) == storage(newUsers[2]))
        #expect(storage(oldUsers[3]) != storage(newUsers[3]))
        #expect(newUsers[3]["age"] == .integer(Int64(state.users[3].age)))
    }

    @Test func encodingErrorsResetTheMemo() throws {
        struct Reading: Codable, Equatable { var value: Double }
        let incremental = IncrementalJSONEncoder<[Reading]>()
        #expect(try incremental.encode([Reading(value: 1)]) == [["value": 1.0]])
        #expect(throws: JSONEncodingError.self) { try incremental.encode([Reading(value: 1), Reading(value: .infinity)]) }
        #expect(try incremental.encode([Reading(value: 1)]) == [["value": 1.0]])
    }

    @Test func usesTheGivenDateStrategy() throws {
        let incremental = IncrementalJSONEncoder<Date>(JSONValueEncoder(dateEncodingStrategy: .secondsSince1970))
        #expect(try incremental.encode(Date(timeIntervalSince1970: 2.5)) == 2.5)
    }
}
