import Foundation
import StateJSON
import StateEncoding
import StateRecorder
import Testing

/// ``IncrementalJSONEncoder/keepsOwnCopies``: the encoder compares the caller's arrays with copies of
/// its own, so the caller (holding the only reference) changes its state in place between calls.
@Suite struct IncrementalJSONEncoderOwnCopiesTests {
    typealias Base = IncrementalJSONEncoderTests

    static func usersAddress(_ state: Base.State) -> UnsafeRawPointer? {
        state.users.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func matchesAFreshEncodeUnderRandomMutationsInPlace() throws {
        var random = SeededGenerator(seed: 41)
        var state = Base.makeState(&random)
        let incremental = IncrementalJSONEncoder<Base.State>()
        incremental.keepsOwnCopies = true
        let fresh = JSONValueEncoder()
        for _ in 0..<600 {
            if Int.random(in: 0..<4, using: &random) > 0 { Base.mutate(&state, &random) }
            let value = try incremental.encode(state)
            let expected = try fresh.encode(state)
            #expect(value == expected)
            #expect(value.serialized() == expected.serialized())
        }
    }

    @Test func arraysOfEveryKindMatchAFreshEncode() throws {
        var random = SeededGenerator(seed: 43)
        var lists = Base.Lists(
            numbers: [1, 2, 3], grid: [[1], [2, 3]], maybe: [nil, 1], roles: [.guest],
            teams: [[Base.makeUser(id: 1, &random)]], dates: [])
        let incremental = IncrementalJSONEncoder<Base.Lists>(JSONValueEncoder(dateEncodingStrategy: .secondsSince1970))
        incremental.keepsOwnCopies = true
        let fresh = JSONValueEncoder(dateEncodingStrategy: .secondsSince1970)
        for _ in 0..<800 {
            if Int.random(in: 0..<5, using: &random) > 0 { Base.mutate(&lists, &random) }
            let value = try incremental.encode(lists)
            let expected = try fresh.encode(lists)
            #expect(value == expected)
            #expect(value.serialized() == expected.serialized())
        }
    }

    @Test func theCallerChangesItsArrayInPlaceAfterAnEncoding() throws {
        var random = SeededGenerator(seed: 5)
        var state = Base.makeState(&random)
        let holding = IncrementalJSONEncoder<Base.State>()
        _ = try holding.encode(state)
        var address = Self.usersAddress(state)
        state.users[3].age += 1
        // The encoder that holds the array made the change copy it.
        #expect(Self.usersAddress(state) != address)

        let copying = IncrementalJSONEncoder<Base.State>()
        copying.keepsOwnCopies = true
        for step in 0..<20 {
            _ = try copying.encode(state)
            address = Self.usersAddress(state)
            state.users[step % state.users.count].age += 1
            #expect(Self.usersAddress(state) == address, "step \(step)")
            #expect(try copying.encode(state) == (try JSONValueEncoder().encode(state)))
        }
    }

    /// A string replaced in place frees its old storage, which a new string may take: the copy still
    /// holds the old one, so equal bits always mean the same string.
    @Test func replacedStringsAreSeenEvenWhenStorageIsReused() throws {
        let incremental = IncrementalJSONEncoder<[String]>()
        incremental.keepsOwnCopies = true
        var names = (0..<50).map { "a name long enough to live on the heap, number \($0)" }
        for step in 0..<200 {
            _ = try incremental.encode(names)
            names[step % names.count] = "a name long enough to live on the heap, step \(step)"
            #expect(try incremental.encode(names) == (try JSONValueEncoder().encode(names)), "step \(step)")
        }
    }

    @Test func turningItOnStartsAfresh() throws {
        var random = SeededGenerator(seed: 6)
        var state = Base.makeState(&random)
        let incremental = IncrementalJSONEncoder<Base.State>()
        _ = try incremental.encode(state)
        incremental.keepsOwnCopies = true
        state.users[0].name = "first"
        #expect(try incremental.encode(state) == (try JSONValueEncoder().encode(state)))
        state.users.removeFirst()
        #expect(try incremental.encode(state) == (try JSONValueEncoder().encode(state)))
    }
}
