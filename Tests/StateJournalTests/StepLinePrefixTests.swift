@testable import StateJournal
import Testing

/// The scanner reads a step line's number, kind and parent from its prefix without parsing the JSON.
@Suite struct StepLinePrefixTests {
    static func prefix(_ text: String) -> StepLinePrefix? { StepLinePrefix(Array(text.utf8)) }

    @Test func readsTheLinesARecorderWrites() throws {
        let keyframeLine = #"{"step":12,"kind":"keyframe","time":1795305936370,"action":{}}"#
        let keyframe = try #require(Self.prefix(keyframeLine))
        #expect(keyframe.step == 12 && keyframe.keyframe && keyframe.parent == nil && keyframe.time(in: Array(keyframeLine.utf8)) == 1_795_305_936_370)
        let patch = try #require(Self.prefix(#"{"step":3,"time":5,"parent":1,"action":{}}"#))
        #expect(patch.step == 3 && !patch.keyframe && patch.parent == 1)
        let named = try #require(Self.prefix(#"{"step":7,"kind":"patch","time":0,"action":{}}"#))
        #expect(named.step == 7 && !named.keyframe)
        #expect(Self.prefix(#"{"step":999999999999999999,"time":1,"action":{}}"#)?.step == 999_999_999_999_999_999)
    }

    @Test func leavesEveryOtherLineToTheFullParser() {
        let others = [
            "", "{", #"{"step""#, #"{"step":"#, #"{"step":1"#, #"{"step":1,"#, #"{"step":01,"time":1,"action":{}}"#,
            #"{"step":-1,"time":1,"action":{}}"#, #"{"step":1,"time":1}"#, #"{"step":1,"kind":"other","time":1,"action":{}}"#,
            #"{ "step":1,"time":1,"action":{}}"#, #"{"step":1,"time":1,"parent":,"action":{}}"#,
            #"{"step":1234567890123456789,"time":1,"action":{}}"#, #"{"step":1,"time":1,"action""#,
        ]
        for line in others {
            #expect(Self.prefix(line) == nil, "\(line)")
        }
    }

    @Test func readsNumbersOfEveryLengthWhateverFollowsThem() throws {
        var numbers = SeededNumbers(seed: 22)
        for digits in 1...18 {
            for _ in 0..<20 {
                var text = String(1 + numbers.next(below: 9))
                while text.count < digits { text += String(numbers.next(below: 10)) }
                let value = try #require(Int(text))
                // Near the end of the bytes (the word reads stop early) and far from it.
                let shortLine = #"{"step":"# + text + #","time":"# + text + #","action":"#
                let short = try #require(Self.prefix(shortLine), "\(text)")
                #expect(short.step == value && short.time(in: Array(shortLine.utf8)) == Int64(value), "\(text)")
                let longLine = #"{"step":"# + text + #","time":"# + text + #","parent":0,"action":{"type":"a long action"}}"#
                let long = try #require(Self.prefix(longLine))
                #expect(long.step == value && long.time(in: Array(longLine.utf8)) == Int64(value) && long.parent == 0, "\(text)")
            }
        }
    }

    @Test func aNumberTooWideForItsTypeIsNoneRatherThanWrapped() {
        // Int is 32 bits on watchOS (arm64_32, armv7k): read as Int32 here, a time in milliseconds or a
        // step past 2^31 must come out as no number, never as a wrapped one.
        func read<Value: FixedWidthInteger>(_ digits: String, as type: Value.Type) -> Value? {
            let bytes = Array((digits + ",").utf8)
            return bytes.withUnsafeBytes { raw in
                var position = 0
                return StepLinePrefix.number(in: raw, at: &position, as: type)
            }
        }
        #expect(read("2147483647", as: Int32.self) == Int32.max)
        #expect(read("2147483648", as: Int32.self) == nil)
        #expect(read("1795305936370", as: Int32.self) == nil)
        #expect(read("4294967296", as: UInt32.self) == nil)
        #expect(read("1795305936370", as: Int64.self) == 1_795_305_936_370)
        #expect(read("999999999999999999", as: Int64.self) == 999_999_999_999_999_999)
    }

    @Test func countsTheDigitsBeforeAnyOtherByte() {
        // Every byte value after 1 to 7 digits, and digits after it that must not count.
        for count in 1...7 {
            for other in 0...255 {
                var bytes = Array("12345678".utf8.prefix(count)) + [UInt8(other)]
                while bytes.count < 8 { bytes.append(UInt8(ascii: "9")) }
                var word: UInt64 = 0
                for (index, byte) in bytes.enumerated() { word |= UInt64(byte) << UInt64(8 * index) }
                let isDigit = other >= 0x30 && other <= 0x39
                #expect(StepLinePrefix.digitCount(word) == (isDigit ? 8 : count), "\(count) digits, then \(other)")
                #expect(StepLinePrefix.valueOf(count, digitsIn: word) == UInt64(String(decoding: bytes.prefix(count), as: UTF8.self)), "\(count)")
            }
        }
    }
}
