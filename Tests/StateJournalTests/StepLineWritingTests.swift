import StateJSON
@testable import StateJournal
import Testing

/// Step lines are written in one pass, framing, hash and checksum included; they must come out byte
/// for byte as sealing the finished line with ``LineChecksum/seal(_:lineStart:)`` makes them.
@Suite struct StepLineWritingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var step: Int
        var time: Int64
        var parent: Int?
        var keyframe: Bool
        var hash: UInt64
        var testDescription: String { "step \(step), time \(time), parent \(parent.map(String.init) ?? "none")" }
    }

    static let cases = [
        Case(step: 1, time: 0, parent: nil, keyframe: true, hash: 0),
        Case(step: 9, time: 1_763_000_000_123, parent: nil, keyframe: false, hash: 0xFFFF_FFFF_FFFF_FFFF),
        Case(step: 10, time: -1, parent: 0, keyframe: true, hash: 0x0123_4567_89AB_CDEF),
        Case(step: 4_000_000_000, time: Int64.min, parent: 3_999_999_998, keyframe: false, hash: 0xABCDEF),
        Case(step: Int.max, time: Int64.max, parent: Int.max - 1, keyframe: true, hash: 1 << 63),
    ]

    @Test(arguments: cases)
    func stepLinesCarryTheChecksumThatSealingGives(_ example: Case) throws {
        let action = JournalAction(type: "test.set", label: "test.set(1)", payload: ["set": ["_0": 1]])
        let content: JournalStep.Content = example.keyframe
            ? .keyframe(["n": 1, "name": "Ada"])
            : .patch(try JSONPatch([.replace(path: JSONPointer(parsing: "/n"), value: 2)]))
        var bytes: [UInt8] = Array("previous line\n".utf8)
        let lineStart = bytes.count
        JournalStep(step: example.step, time: example.time, parent: example.parent, action: action, content: content,
                    hash: example.hash).write(to: &bytes)
        let line = Array(bytes[lineStart...])

        // The same line without its checksum member, sealed the way every other line is.
        var resealed = Array(line.dropLast(LineChecksum.suffixLength + 1)) + Array("}\n".utf8)
        LineChecksum.seal(&resealed, lineStart: 0)
        #expect(String(decoding: line, as: UTF8.self) == String(decoding: resealed, as: UTF8.self))
        #expect(line.dropLast().withUnsafeBytes { LineChecksum.verify($0) } == .intact)

        let read = try JournalStep(jsonValue: try JSONValue(parsing: String(decoding: line.dropLast(), as: UTF8.self)))
        #expect(read.step == example.step)
        #expect(read.time == example.time)
        #expect(read.parent == example.parent)
        #expect(read.hash == example.hash)
    }
}
