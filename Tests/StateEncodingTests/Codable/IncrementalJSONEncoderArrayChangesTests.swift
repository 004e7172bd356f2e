import Foundation
import StateCollections
import StateJSON
import StateEncoding
import StateRecorder
import Testing

/// The notes an incremental encoder leaves of the arrays it built from the previous result
/// (``IncrementalJSONEncoder/arrayChanges``), and the diff and fingerprint that use them.
@Suite struct IncrementalJSONEncoderArrayChangesTests {
    struct Member: Codable, Equatable {
        var id: Int
        var name: String
        var age: Int
        var tags: [String]
        var scores: [[Int]]
        /// Left out of the JSON: a change to it changes the member but not its encoding.
        var cursor = 0

        enum CodingKeys: String, CodingKey {
            case id, name, age, tags, scores
        }
    }

    /// The members as an `Array` or a `ChunkedArray`, edited the same way.
    protocol Members: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, Codable, Equatable
        where Element == Member, Index == Int {}

    struct GenericClub<List: Members>: Codable, Equatable {
        var members: List
        var ranking: [Int]
        var title: String
    }

    static func member(_ id: Int, _ random: inout SeededGenerator) -> Member {
        Member(id: id, name: "member \(id)", age: Int.random(in: 18..<90, using: &random),
               tags: (0..<Int.random(in: 0..<3, using: &random)).map { "t\($0)" },
               scores: [[id], [id % 7, id % 3]])
    }

    typealias Club = GenericClub<[Member]>

    static func club<List: Members>(_ random: inout SeededGenerator) -> GenericClub<List> {
        let members = (0..<200).map { member($0, &random) }
        return GenericClub(members: List(members), ranking: members.map(\.id), title: "club")
    }

    /// How a step changed the members, which says whether the members' array must be noted.
    enum Kind {
        /// Elements replaced or edited in place: the same count, so the array is noted.
        case inPlace
        /// Elements appended to the end or removed from it: noted too.
        case atTheEnd
        /// An element inserted or removed before the end: noted as a replaced run, or as positions when
        /// it was the last.
        case spliced
        /// Anything else: appended, removed, reordered, replaced whole, or nothing.
        case other
    }

    static func edit<List: Members>(_ club: inout GenericClub<List>, _ random: inout SeededGenerator) -> Kind {
        let count = club.members.count
        func position() -> Int { Int.random(in: 0..<max(1, count), using: &random) }
        guard count > 0 else {
            club.members = List((0..<50).map { member($0, &random) })
            return .other
        }
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<5:
            for _ in 0..<Int.random(in: 1...4, using: &random) { club.members[position()].age += 1 }
        case 5:
            club.members[position()].name += "!"
        case 6:
            club.members[position()].tags.append("new")
        case 7:
            let index = position()
            if !club.members[index].scores.isEmpty { club.members[index].scores[0].append(index) }
        case 8:
            // Changes the member, not its JSON.
            club.members[position()].cursor += 1
        case 9:
            // A member replaced by another with a new identity, in place.
            club.members[position()] = member(1000 + position(), &random)
        case 10:
            club.members[position()].age += 1
            club.members[position()].cursor += 1
            club.ranking[Int.random(in: 0..<club.ranking.count, using: &random)] += 1
        case 11:
            club.members.append(member(2000 + count, &random))
            if Bool.random(using: &random) { club.members[position()].age += 1 }
            return .atTheEnd
        case 12:
            if count > 1 { club.members.removeLast(Int.random(in: 1...min(3, count - 1), using: &random)) }
            return .atTheEnd
        case 13:
            if count > 1 { club.members.remove(at: position()) }
            return .spliced
        case 14:
            club.members.insert(member(3000 + count, &random), at: position())
            return .spliced
        case 15:
            club.members.swapAt(position(), position())
            return .inPlace
        case 16:
            club.members.shuffle(using: &random)
            return .other
        case 17:
            club.members = List((0..<Int.random(in: 0..<210, using: &random)).map { member(4000 + $0, &random) })
            return .other
        case 18:
            club.title += "."
            return .other
        default:
            club.ranking.reverse()
            return .other
        }
        return .inPlace
    }

    /// Calls `visit` with every pair of arrays at the same place in `old` and `new`, below their roots.
    static func forEachArrayPair(_ old: JSONValue, _ new: JSONValue, path: String = "",
                                 _ visit: (String, [JSONValue], [JSONValue]) -> Void) {
        switch (old, new) {
        case (.array(let oldElements), .array(let newElements)):
            visit(path, oldElements, newElements)
            for index in 0..<min(oldElements.count, newElements.count) {
                forEachArrayPair(oldElements[index], newElements[index], path: "\(path)/\(index)", visit)
            }
        case (.object(let oldObject), .object(let newObject)):
            for (key, value) in newObject.members {
                if let oldValue = oldObject[key] { forEachArrayPair(oldValue, value, path: "\(path)/\(key)", visit) }
            }
        default:
            break
        }
    }

    /// Encodes a randomly edited club step after step and checks the notes against the JSON itself:
    /// a noted pair of arrays differs at exactly the noted positions, the diff with notes is the diff
    /// without, and the members' array is noted whenever it was edited in place.
    private func checkNotes<List: Members>(_ list: List.Type, keepingOwnCopies: Bool, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var club: GenericClub<List> = Self.club(&random)
        let encoder = IncrementalJSONEncoder<GenericClub<List>>()
        encoder.keepsOwnCopies = keepingOwnCopies
        let fresh = JSONValueEncoder()
        let fingerprinters = [FingerprintScheme.sequential, .chunked].map { (IncrementalFingerprinter(scheme: $0), $0) }
        var previous = try encoder.encode(club)
        for (fingerprinter, _) in fingerprinters { _ = fingerprinter.fingerprint(previous) }
        var notedMemberSteps = 0
        var splicedMemberSteps = 0
        for step in 0..<600 {
            let kind = Self.edit(&club, &random)
            let value = try encoder.encode(club)
            let changes = encoder.arrayChanges
            #expect(value == (try fresh.encode(club)), "step \(step)")
            var noted = 0
            Self.forEachArrayPair(previous, value) { path, old, new in
                if let run = changes.replacedRun(old: old, new: new) {
                    noted += 1
                    #expect(changes.changedIndicesBelowCommonLength(old: old, new: new) == nil)
                    #expect(run.old.lowerBound == run.new.lowerBound, "step \(step) \(path)")
                    #expect(old.count - run.old.upperBound == new.count - run.new.upperBound, "step \(step) \(path)")
                    #expect(old[..<run.old.lowerBound] == new[..<run.new.lowerBound], "step \(step) \(path)")
                    #expect(old[run.old.upperBound...] == new[run.new.upperBound...], "step \(step) \(path)")
                    return
                }
                guard let indices = changes.changedIndicesBelowCommonLength(old: old, new: new) else {
                    #expect(changes.changedIndices(old: old, new: new) == nil, "step \(step) \(path)")
                    return
                }
                noted += 1
                let differing = (0..<min(old.count, new.count)).filter { old[$0] != new[$0] }
                #expect(indices == differing, "step \(step) \(path)")
                #expect(changes.changedIndices(old: old, new: new) == (old.count == new.count ? indices : nil))
            }
            let oldMembers = try #require(previous["members"]?.arrayValue)
            let newMembers = try #require(value["members"]?.arrayValue)
            if kind != .other, oldMembers != newMembers {
                let positions = changes.changedIndicesBelowCommonLength(old: oldMembers, new: newMembers)
                let run = changes.replacedRun(old: oldMembers, new: newMembers)
                #expect(positions != nil || (kind == .spliced && run != nil), "step \(step)")
                if run != nil { splicedMemberSteps += 1 }
                notedMemberSteps += 1
            }
            #expect(noted <= changes.count, "step \(step)")
            let patch = JSONDiff.patch(from: previous, to: value, changes: changes)
            #expect(patch == JSONDiff.patch(from: previous, to: value), "step \(step)")
            #expect(try patch.apply(to: previous) == value, "step \(step)")
            for (fingerprinter, scheme) in fingerprinters {
                #expect(fingerprinter.fingerprint(value, changes: changes) == StateFingerprint.of(value, scheme: scheme),
                        "step \(step)")
            }
            previous = value
        }
        #expect(notedMemberSteps > 200)
        #expect(splicedMemberSteps > 20)
    }

    @Test func notedArraysDifferAtExactlyTheNotedPositions() throws {
        try checkNotes([Member].self, keepingOwnCopies: false, seed: 41)
    }

    /// A `ChunkedArray` finds its changed elements by the storage of its runs: the same JSON and notes.
    @Test func aChunkedArrayIsNotedAtExactlyTheChangedPositions() throws {
        try checkNotes(ChunkedArray<Member>.self, keepingOwnCopies: true, seed: 43)
        try checkNotes(ChunkedArray<Member>.self, keepingOwnCopies: false, seed: 44)
    }

    @Test func notedArraysDifferAtExactlyTheNotedPositionsWhenTheEncoderKeepsCopies() throws {
        try checkNotes([Member].self, keepingOwnCopies: true, seed: 42)
    }

    @Test func aChangeThatLeavesTheJSONAloneIsNotNotedAndKeepsTheArray() throws {
        var random = SeededGenerator(seed: 3)
        var club: Club = Self.club(&random)
        let encoder = IncrementalJSONEncoder<Club>()
        let before = try encoder.encode(club)
        club.members[5].cursor += 1
        let after = try encoder.encode(club)
        let oldMembers = try #require(before["members"]?.arrayValue)
        let newMembers = try #require(after["members"]?.arrayValue)
        #expect(encoder.arrayChanges.isEmpty)
        #expect(oldMembers.withUnsafeBufferPointer { $0.baseAddress } == newMembers.withUnsafeBufferPointer { $0.baseAddress })
    }

    @Test func oneEditedMemberIsNotedAtItsPosition() throws {
        var random = SeededGenerator(seed: 4)
        var club: Club = Self.club(&random)
        let encoder = IncrementalJSONEncoder<Club>()
        let before = try encoder.encode(club)
        club.members[17].age += 1
        club.members[150].tags.append("x")
        club.members[151].cursor += 1
        let after = try encoder.encode(club)
        let oldMembers = try #require(before["members"]?.arrayValue)
        let newMembers = try #require(after["members"]?.arrayValue)
        #expect(encoder.arrayChanges.changedIndices(old: oldMembers, new: newMembers) == [17, 150])
        let oldTags = try #require(oldMembers[150]["tags"]?.arrayValue)
        let newTags = try #require(newMembers[150]["tags"]?.arrayValue)
        // Grown at the end: noted with no changed position below the old length.
        #expect(encoder.arrayChanges.changedIndices(old: oldTags, new: newTags) == nil)
        #expect(encoder.arrayChanges.changedIndicesBelowCommonLength(old: oldTags, new: newTags) == (oldTags.isEmpty ? nil : []))
        #expect(encoder.arrayChanges.count == (oldTags.isEmpty ? 1 : 2))
        // The next call starts over.
        _ = try encoder.encode(club)
        #expect(encoder.arrayChanges.isEmpty)
    }

    @Test func notesApplyOnlyToTheArraysTheyWereMadeFor() throws {
        let old: [JSONValue] = [1, 2, 3, 4]
        var new = old
        new[2] = 30
        var changes = JSONArrayChanges()
        changes.note(old: old, new: new, changed: [2])
        #expect(changes.changedIndices(old: old, new: new) == [2])
        // Equal contents in other storage: compared element by element.
        let copy = new.map { $0 }
        #expect(changes.changedIndices(old: old, new: copy) == nil)
        #expect(changes.changedIndices(old: new, new: old) == nil)
        // The same storage on both sides and empty arrays are never noted.
        changes.note(old: old, new: old, changed: [0])
        changes.note(old: [], new: [], changed: [0])
        changes.note(old: old, new: [], changed: [])
        #expect(changes.count == 1)
        // Arrays of other lengths are, for the positions they share.
        let longer = new + [5]
        changes.note(old: old, new: longer, changed: [2])
        #expect(changes.changedIndices(old: old, new: longer) == nil)
        #expect(changes.changedIndicesBelowCommonLength(old: old, new: longer) == [2])
        #expect(changes.changedIndicesBelowCommonLength(old: old, new: new) == [2])
        #expect(changes.count == 2)
        // A run replaced by another: [1, 2, 3, 4] became [1, 7, 8, 3, 4].
        let spliced: [JSONValue] = [1, 7, 8, 3, 4]
        changes.note(old: old, new: spliced, replacing: 1..<2, with: 1..<3)
        #expect(changes.replacedRun(old: old, new: spliced)?.old == 1..<2)
        #expect(changes.replacedRun(old: old, new: spliced)?.new == 1..<3)
        #expect(changes.changedIndicesBelowCommonLength(old: old, new: spliced) == nil)
        #expect(changes.replacedRun(old: old, new: new) == nil)
        // Runs that do not leave as many elements after them are not noted.
        changes.note(old: old, new: spliced, replacing: 1..<2, with: 1..<2)
        #expect(changes.replacedRun(old: old, new: spliced)?.new == 1..<3)
        changes.removeAll()
        #expect(changes.changedIndices(old: old, new: new) == nil)
    }

    /// A note holds its arrays, so no array made after it can take one of their addresses and be
    /// mistaken for it.
    @Test func aNotedArrayStaysAliveSoItsAddressNamesNoOtherArray() throws {
        var changes = JSONArrayChanges()
        var addresses: Set<UnsafeRawPointer?> = []
        do {
            let old: [JSONValue] = (0..<64).map { .integer(Int64($0)) }
            var new = old
            new[3] = 0
            changes.note(old: old, new: new, changed: [3])
            addresses.insert(old.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
            addresses.insert(new.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
        }
        for round in 0..<200 {
            let other: [JSONValue] = (0..<64).map { .integer(Int64($0 + round)) }
            #expect(!addresses.contains(other.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }))
        }
        #expect(changes.count == 1)
    }

    /// The diff trusts a note for its pair only: a wrong note given for other arrays changes nothing.
    @Test func aDiffWithNotesOfOtherArraysIsTheDiffWithout() throws {
        let old: JSONValue = ["users": [["id": 1, "age": 30], ["id": 2, "age": 40], ["id": 3, "age": 50]]]
        let new: JSONValue = ["users": [["id": 1, "age": 31], ["id": 2, "age": 40], ["id": 3, "age": 51]]]
        let unrelatedOld: [JSONValue] = [1, 2, 3]
        var unrelatedNew = unrelatedOld
        unrelatedNew[0] = 9
        var changes = JSONArrayChanges()
        changes.note(old: unrelatedOld, new: unrelatedNew, changed: [])
        #expect(JSONDiff.patch(from: old, to: new, changes: changes) == JSONDiff.patch(from: old, to: new))
        #expect(JSONDiff.patch(from: old, to: new, changes: changes).description == """
            replace /users/0/age
            replace /users/2/age
            """)
    }
}

extension Array: IncrementalJSONEncoderArrayChangesTests.Members where Element == IncrementalJSONEncoderArrayChangesTests.Member {}
extension ChunkedArray: IncrementalJSONEncoderArrayChangesTests.Members where Element == IncrementalJSONEncoderArrayChangesTests.Member {}
