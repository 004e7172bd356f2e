import Foundation
import StateSync
import Testing
@testable import StateJSON
@testable import StateEncoding

@Suite struct SignificantBytesTests {
    /// Seven padding bytes after `flag`, as in an app's `{ id, title, done, createdAt }`.
    struct Padded: Codable, Equatable {
        var id: Int
        var flag: Bool
        var date: Date
        var name: String
    }

    enum Payload: Equatable {
        case short(UInt8)
        case long(Int, Int)
    }

    struct WithEnum: Equatable {
        var tag: UInt8
        var payload: Payload
    }

    @Test func leavesOutThePaddingBetweenProperties() {
        let layout = SignificantBytes(of: Padded.self)
        #expect(layout.ranges == [0..<9, 16..<40])
        #expect(!layout.coversWholeSize)
    }

    @Test func countsPlainValuesAndEnumsWhole() {
        #expect(SignificantBytes(of: Int.self).ranges == [0..<8])
        #expect(SignificantBytes(of: Int.self).coversWholeSize)
        #expect(SignificantBytes(of: Payload.self).ranges == [0..<MemoryLayout<Payload>.size])
        #expect(SignificantBytes(of: Optional<String>.self).coversWholeSize)
        // The enum member counts whole, its unused payload bytes included.
        let layout = SignificantBytes(of: WithEnum.self)
        #expect(layout.ranges == [0..<1, 8..<(8 + MemoryLayout<Payload>.size)])
    }

    @Test func valuesThatDifferOnlyInPaddingCompareEqual() {
        let value = Padded(id: 7, flag: true, date: Date(timeIntervalSince1970: 5), name: "a name longer than fifteen bytes")
        let layout = SignificantBytes(of: Padded.self)
        let left = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<Padded>.size, alignment: 16)
        let right = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<Padded>.size, alignment: 16)
        defer {
            left.assumingMemoryBound(to: Padded.self).deinitialize(count: 1)
            right.assumingMemoryBound(to: Padded.self).deinitialize(count: 1)
            left.deallocate()
            right.deallocate()
        }
        left.initializeMemory(as: Padded.self, to: value)
        right.initializeMemory(as: Padded.self, to: value)
        Self.scribbleOverPadding(left, 0x00)
        Self.scribbleOverPadding(right, 0xEE)
        #expect(memcmp(left, right, MemoryLayout<Padded>.size) != 0)
        #expect(layout.equal(left, right))
        right.assumingMemoryBound(to: Padded.self).pointee.flag = false
        #expect(!layout.equal(left, right))
    }

    /// Writes `byte` over the padding after `flag` of the `Padded` or `Counted` at `pointer`, as a copy
    /// into memory that held something else leaves it.
    static func scribbleOverPadding(_ pointer: UnsafeMutableRawPointer, _ byte: UInt8) {
        for offset in 9..<16 { pointer.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self) }
    }

    final class EncodeCount: Sendable {
        let count = AtomicCell<Int>(0)
    }

    struct Counted: Codable, Equatable {
        static let counterKey = CodingUserInfoKey(rawValue: "counter")!
        var id: Int
        var flag: Bool
        var date: Date

        func encode(to encoder: any Encoder) throws {
            (encoder.userInfo[Self.counterKey] as? EncodeCount)?.count.add(1, ordering: .relaxed)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(flag, forKey: .flag)
            try container.encode(date, forKey: .date)
        }
    }

    @Test func copiedElementsWithOtherPaddingAreNotEncodedAgain() throws {
        let counter = EncodeCount()
        let incremental = IncrementalJSONEncoder<[Counted]>(JSONValueEncoder(userInfo: [Counted.counterKey: counter]))
        var list = (0..<100).map { Counted(id: $0, flag: $0 % 2 == 0, date: Date(timeIntervalSince1970: Double($0))) }
        _ = try incremental.encode(list)
        #expect(counter.count.load(ordering: .relaxed) == 100)
        for step in 0..<20 {
            list[step].flag.toggle()
            // A copy of every element with other padding, as copy-on-write may leave it.
            list = Array(unsafeUninitializedCapacity: list.count) { buffer, count in
                for index in list.indices {
                    (buffer.baseAddress! + index).initialize(to: list[index])
                    Self.scribbleOverPadding(UnsafeMutableRawPointer(buffer.baseAddress! + index), UInt8(step))
                }
                count = list.count
            }
            let value = try incremental.encode(list)
            #expect(value == (try JSONValueEncoder().encode(list)))
        }
        #expect(counter.count.load(ordering: .relaxed) == 120)
    }

    @Test func removingOrInsertingInTheMiddleEncodesOnlyTheInsertedElements() throws {
        let counter = EncodeCount()
        let incremental = IncrementalJSONEncoder<[Counted]>(JSONValueEncoder(userInfo: [Counted.counterKey: counter]))
        var list = (0..<100).map { Counted(id: $0, flag: false, date: Date(timeIntervalSince1970: Double($0))) }
        _ = try incremental.encode(list)
        list.remove(at: 3)
        #expect(try incremental.encode(list) == (try JSONValueEncoder().encode(list)))
        list.insert(Counted(id: 500, flag: true, date: Date(timeIntervalSince1970: 0)), at: 10)
        #expect(try incremental.encode(list) == (try JSONValueEncoder().encode(list)))
        list[50].flag = true
        #expect(try incremental.encode(list) == (try JSONValueEncoder().encode(list)))
        #expect(counter.count.load(ordering: .relaxed) == 102)
    }
    struct Tailed: Equatable {
        var id: Int
        var flag: Bool
    }

    @Test func aDifferenceAfterTheLastWholeWordIsSeen() {
        #expect(SignificantBytes(of: Tailed.self).ranges == [0..<9])
        let layout = SignificantBytes(of: Tailed.self)
        var left = Tailed(id: 3, flag: false)
        var right = Tailed(id: 3, flag: false)
        // Safe because both views are only read, inside the closures, for the values' size.
        func equal() -> Bool {
            withUnsafeBytes(of: &left) { lhs in
                withUnsafeBytes(of: &right) { rhs in layout.equal(lhs.baseAddress!, rhs.baseAddress!) }
            }
        }
        #expect(equal())
        right.flag = true
        #expect(!equal())
        right.flag = false
        right.id = 4
        #expect(!equal())
        left.id = 4
        #expect(equal())
    }
}
