import Foundation
import StateJSON
import StateEncoding
import StateRecorder
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

    @Test func theArrayFromTwoEncodingsAgoIsReusedOnceNothingHoldsIt() throws {
        var random = SeededGenerator(seed: 21)
        var state = Self.makeState(&random)
        let incremental = IncrementalJSONEncoder<State>()
        func usersAddress(_ value: JSONValue) -> UnsafeRawPointer? {
            value["users"]?.arrayValue?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        _ = try incremental.encode(state)
        var addresses: [UnsafeRawPointer?] = []
        for step in 0..<6 {
            state.users[step % state.users.count].age += 1
            addresses.append(usersAddress(try incremental.encode(state)))
        }
        // Two buffers take turns: each encoding updates the one from two encodings before in place.
        #expect(addresses[2] == addresses[0])
        #expect(addresses[4] == addresses[2])
        #expect(addresses[3] == addresses[1])
        #expect(addresses[1] != addresses[0])
    }

    @Test func anArrayThatGrowsAndShrinksReusesItsSpareAndMatchesAFreshEncode() throws {
        var random = SeededGenerator(seed: 23)
        var state = Self.makeState(&random)
        let incremental = IncrementalJSONEncoder<State>()
        var held: [(State, JSONValue)] = []
        for step in 0..<200 {
            switch step % 4 {
            case 0, 1: state.users.append(Self.makeUser(id: step, &random))
            case 2: state.users.removeLast(Int.random(in: 0...2, using: &random))
            default: state.users[Int.random(in: 0..<state.users.count, using: &random)].age += 1
            }
            let value = try incremental.encode(state)
            #expect(value == (try JSONValueEncoder().encode(state)), "step \(step)")
            // Only every tenth result is kept, so that the others leave the spare array free to reuse.
            if step % 10 == 0 { held.append((state, value)) }
        }
        for (snapshot, value) in held {
            #expect(value == (try JSONValueEncoder().encode(snapshot)))
        }
    }

    @Test func resultsHeldByTheCallerNeverChange() throws {
        var random = SeededGenerator(seed: 22)
        var state = Self.makeState(&random)
        let incremental = IncrementalJSONEncoder<State>()
        var held: [(State, JSONValue)] = []
        for step in 0..<60 {
            if step % 7 == 3 {
                Self.mutate(&state, &random)
            } else {
                state.users[Int.random(in: 0..<state.users.count, using: &random)].age += 1
            }
            held.append((state, try incremental.encode(state)))
        }
        for (snapshot, value) in held {
            #expect(value == (try JSONValueEncoder().encode(snapshot)))
        }
    }

    /// Arrays of every kind of `Equatable` element, which the encoder re-encodes element by element.
    struct Lists: Codable, Equatable {
        var numbers: [Int]
        var grid: [[Int]]
        var maybe: [Int?]
        var roles: [Role]
        var teams: [[User]]
        var dates: [Date]
        var names: [String] = []
        var flags: [Bool] = []
    }

    static func mutate(_ lists: inout Lists, _ random: inout SeededGenerator) {
        func edit<Element>(_ array: inout [Element], _ make: () -> Element) {
            let count = array.count
            switch Int.random(in: 0..<8, using: &random) {
            case 0: array.append(make())
            case 1: array.append(contentsOf: (0..<Int.random(in: 1...30, using: &random)).map { _ in make() })
            case 2: if count > 0 { array.removeLast(Int.random(in: 1...count, using: &random)) }
            case 3: if count > 0 { array.remove(at: Int.random(in: 0..<count, using: &random)) }
            case 4: array.insert(make(), at: Int.random(in: 0...count, using: &random))
            case 5: array = []
            default: if count > 0 { array[Int.random(in: 0..<count, using: &random)] = make() }
            }
        }
        switch Int.random(in: 0..<9, using: &random) {
        case 0: edit(&lists.numbers) { Int.random(in: -5...5, using: &random) }
        // Strings equal by `==` in other Unicode scalars, which must keep their own spelling in the JSON.
        case 7: edit(&lists.names) { ["é", "e\u{301}", "x", "a long name that is not a small string"][Int.random(in: 0..<4, using: &random)] }
        case 8: edit(&lists.flags) { Bool.random(using: &random) }
        case 1: edit(&lists.grid) { (0..<Int.random(in: 0...3, using: &random)).map { $0 } }
        case 2:
            if lists.grid.isEmpty { lists.grid = [[]] }
            let row = Int.random(in: 0..<lists.grid.count, using: &random)
            edit(&lists.grid[row]) { Int.random(in: 0...9, using: &random) }
        case 3: edit(&lists.maybe) { Bool.random(using: &random) ? nil : Int.random(in: 0...9, using: &random) }
        case 4: edit(&lists.roles) { [Role.guest, .member(since: 3), .admin("x", level: 1)][Int.random(in: 0..<3, using: &random)] }
        case 5:
            if lists.teams.isEmpty || Bool.random(using: &random) {
                edit(&lists.teams) { [makeUser(id: 7, &random)] }
            } else {
                let team = Int.random(in: 0..<lists.teams.count, using: &random)
                edit(&lists.teams[team]) { makeUser(id: Int.random(in: 0...50, using: &random), &random) }
            }
        default: edit(&lists.dates) { Date(timeIntervalSince1970: Double(Int.random(in: 0...1_000, using: &random))) }
        }
    }

    @Test func arraysMatchAFreshEncodeUnderAppendsRemovalsAndChanges() throws {
        var random = SeededGenerator(seed: 7)
        var lists = Lists(
            numbers: [1, 2, 3], grid: [[1], [2, 3]], maybe: [nil, 1], roles: [.guest],
            teams: [[Self.makeUser(id: 1, &random)]], dates: [])
        let incremental = IncrementalJSONEncoder<Lists>(JSONValueEncoder(dateEncodingStrategy: .secondsSince1970))
        let fresh = JSONValueEncoder(dateEncodingStrategy: .secondsSince1970)
        for _ in 0..<600 {
            if Int.random(in: 0..<5, using: &random) > 0 { Self.mutate(&lists, &random) }
            let value = try incremental.encode(lists)
            let expected = try fresh.encode(lists)
            #expect(value == expected)
            #expect(value.serialized() == expected.serialized())
        }
    }

    static func storage(_ value: JSONValue) -> UnsafeRawPointer? {
        switch value {
        case .object(let object): object.values.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        case .array(let elements): elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        default: nil
        }
    }

    @Test func appendedAndRemovedElementsLeaveTheOthersSharingStorage() throws {
        var random = SeededGenerator(seed: 3)
        var state = Self.makeState(&random)
        let incremental = IncrementalJSONEncoder<State>()
        let first = try #require(incremental.encode(state)["users"]?.arrayValue)
        state.users.append(Self.makeUser(id: 50, &random))
        let appended = try #require(incremental.encode(state)["users"]?.arrayValue)
        state.users.removeLast(3)
        state.users[5].name = "renamed"
        let removed = try #require(incremental.encode(state)["users"]?.arrayValue)
        #expect(appended.count == 21)
        #expect(removed.count == 18)
        #expect(Self.storage(appended[19]) == Self.storage(first[19]))
        #expect(Self.storage(removed[17]) == Self.storage(first[17]))
        #expect(Self.storage(removed[5]) != Self.storage(first[5]))
        #expect(removed[5]["name"] == "renamed")
    }

    @Test func anUnchangedArrayIsTheWholePreviousResult() throws {
        var random = SeededGenerator(seed: 4)
        var state = Self.makeState(&random)
        let incremental = IncrementalJSONEncoder<State>()
        let before = try #require(incremental.encode(state)["users"])
        state.selected = 2
        let after = try #require(incremental.encode(state)["users"])
        #expect(Self.storage(before) != nil)
        #expect(Self.storage(before) == Self.storage(after))
    }

    @Test func aChangedElementThatCannotBeEncodedFailsAtItsPathAndResetsTheMemo() throws {
        struct Reading: Codable, Equatable { var value: Double }
        struct Series: Codable, Equatable { var readings: [Reading] }
        let incremental = IncrementalJSONEncoder<Series>()
        var series = Series(readings: (0..<5).map { Reading(value: Double($0)) })
        _ = try incremental.encode(series)
        series.readings[3].value = .nan
        #expect {
            try incremental.encode(series)
        } throws: { error in
            "\(error)" == "readings[3].value: nan cannot be encoded because JSON has no NaN or infinity."
        }
        series.readings[3].value = 3
        series.readings.append(Reading(value: .infinity))
        #expect {
            try incremental.encode(series)
        } throws: { error in
            "\(error)" == "readings[5].value: inf cannot be encoded because JSON has no NaN or infinity."
        }
        series.readings.removeLast()
        #expect(try incremental.encode(series) == JSONValueEncoder().encode(series))
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
