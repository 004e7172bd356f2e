import TestSupport
import Foundation
import StateJSON
@testable import StateJournal
import Testing

@Suite struct JournalStreamReadAheadTests {
    /// A journal of 3,000 steps whose every 400th line is longer than a 4 KiB block.
    static func journal() -> [UInt8] {
        let builder = JournalBuilder(header: JournalRoundTripTests.header(initial: ["n": 0, "note": "a note"]),
                                     policy: KeyframePolicy(interval: 7, smallStateBytes: 0))
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for n in 1...3000 {
            let note = JSONValue.string(n % 400 == 0 ? String(repeating: "a long note ", count: 1000) : "a note")
            builder.appendStep(action: JournalRoundTripTests.action(n % 5), state: ["n": .integer(Int64(n)), "note": note],
                               time: Int64(n), into: &bytes)
        }
        return bytes
    }

    /// Everything a stream tells of a file: each line handed over (step, line number, kind, damage,
    /// bytes, offset), then the error that ended it or its incomplete last line.
    static func transcript(_ path: String, readsAhead: Bool, blockBytes: Int = 4096,
                           options: JournalReader.Options = JournalReader.Options()) -> [String] {
        var seen: [String] = []
        do {
            let stream = try JournalStream(path: path, options: options, blockBytes: blockBytes,
                                           readAheadFromBytes: readsAhead ? 0 : .max)
            try stream.forEachStep { line in
                seen.append("\(line.step) \(line.line) \(line.isKeyframe) \(line.offset) \(stream.damage(of: line)?.description ?? "intact") \(String(decoding: line.bytes, as: UTF8.self))")
                return true
            }
            seen.append("end: \(stream.torn?.description ?? "whole") after \(stream.damagedLineCount) damaged")
        } catch {
            seen.append("error: \(error.description)")
        }
        return seen
    }

    @Test func handsOverTheSameLinesAsReadingOnOneThread() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("ahead.jsonl")
        let original = Self.journal()
        try Data(original).write(to: URL(fileURLWithPath: path))
        let alone = Self.transcript(path, readsAhead: false)
        #expect(alone.count == 3001)
        #expect(alone.last == "end: whole after 0 damaged")
        #expect(Self.transcript(path, readsAhead: true) == alone)
        #expect(Self.transcript(path, readsAhead: true, blockBytes: 1 << 18) == alone)

        var numbers = SeededNumbers(seed: 7)
        let headerLength = (original.firstIndex(of: 0x0A) ?? 0) + 1
        for _ in 0..<30 {
            // A changed byte (a damaged line, or a line feed gone: two lines in one), a line cut short
            // at the end, a line taken out (steps out of order).
            var changed = original
            let position = headerLength + numbers.next(below: original.count - headerLength)
            switch numbers.next(below: 3) {
            case 0: changed[position] ^= 0x02
            case 1: changed.removeLast(numbers.next(below: 200) + 1)
            default:
                let end = changed[position...].firstIndex(of: 0x0A) ?? changed.count - 1
                changed.removeSubrange(position...end)
            }
            try Data(changed).write(to: URL(fileURLWithPath: path))
            let expected = Self.transcript(path, readsAhead: false)
            #expect(Self.transcript(path, readsAhead: true) == expected, "byte \(position)")
        }
    }

    @Test func reportsALineTooLongAtTheSameLine() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("long.jsonl")
        try Data(Self.journal()).write(to: URL(fileURLWithPath: path))
        var options = JournalReader.Options()
        options.maxLineBytes = 4096
        let alone = Self.transcript(path, readsAhead: false, options: options)
        #expect(alone.last?.hasPrefix("error: ") == true)
        #expect(alone.last?.contains(":401: the line is longer than") == true, "\(alone.last ?? "")")
        #expect(Self.transcript(path, readsAhead: true, options: options) == alone)
    }

    @Test func aStreamDroppedEarlyEndsItsThread() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("early.jsonl")
        try Data(Self.journal()).write(to: URL(fileURLWithPath: path))
        func threads() -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
        }
        let before = threads()
        for round in 0..<50 {
            let stream = try JournalStream(path: path, blockBytes: 4096, readAheadFromBytes: 0)
            var steps = 0
            // Stops at the first step, in the middle of the file, or never (the whole file read).
            let stopAt = [1, 1500, 4000][round % 3]
            try stream.forEachStep { _ in
                steps += 1
                return steps < stopAt
            }
            #expect(steps == min(stopAt, 3000))
        }
        #if os(Linux)
        // Other tests run meanwhile, but not fifty threads' worth of them.
        #expect(threads() - before < 25)
        #endif
    }
}
