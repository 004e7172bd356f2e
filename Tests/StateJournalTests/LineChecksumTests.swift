import TestSupport
import Foundation
import StateJSON
@testable import StateJournal
import Testing

@Suite struct LineChecksumTests {
    @Test func crc32cGivesTheStandardCheckValue() {
        #expect(CRC32C.checksum(of: Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum(of: []) == 0)
        // 32 zero bytes and 32 bytes 0xFF: the iSCSI test vectors of RFC 3720, B.4.
        #expect(CRC32C.checksum(of: [UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum(of: [UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
    }

    @Test func theTableDrivenChecksumEqualsTheBitwiseDefinitionAtEveryLength() {
        /// The definition, one bit at a time: slow and obviously right.
        func bitwise(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            }
            return crc ^ 0xFFFF_FFFF
        }
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        for length in 0...bytes.count {
            #expect(CRC32C.checksum(of: Array(bytes[..<length])) == bitwise(bytes[..<length]), "length \(length)")
        }
    }

    /// The checksum of `bytes` computed with the portable tables, whatever the processor has.
    private func withTables(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = CRC32C()
        crc.updateWithTables(bytes)
        return crc.value
    }

    @Test func theTablesGiveTheStandardCheckValuesToo() {
        for (text, expected): ([UInt8], UInt32) in [
            (Array("123456789".utf8), 0xE306_9283), ([], 0),
            ([UInt8](repeating: 0, count: 32), 0x8A91_36AA), ([UInt8](repeating: 0xFF, count: 32), 0x62A8_AB43),
            // RFC 3720, B.4: 32 bytes ascending and descending.
            ((0..<32).map { UInt8($0) }, 0x46DD_794E), ((0..<32).map { UInt8(31 - $0) }, 0x113F_DB5C),
        ] {
            #expect(text.withUnsafeBytes { withTables($0) } == expected)
            #expect(CRC32C.checksum(of: text) == expected)
        }
    }

    @Test func theHardwareAndTheTablesAgreeAtEveryLengthAndAlignment() {
        // Whether this machine has the instructions decides which path `update` takes; on one that
        // has none, both sides are the tables and the test still checks the slicing against itself.
        var generator = SystemRandomNumberGenerator()
        var buffer = [UInt8](repeating: 0, count: 300 + 16)
        for length in 0...300 {
            for index in buffer.indices { buffer[index] = UInt8.random(in: 0...255, using: &generator) }
            for alignment in [0, 1, 3, 7, 8, 13] {
                buffer.withUnsafeBytes { raw in
                    let slice = UnsafeRawBufferPointer(rebasing: raw[alignment..<(alignment + length)])
                    var crc = CRC32C()
                    crc.update(slice)
                    #expect(crc.value == withTables(slice), "length \(length), offset \(alignment)")
                }
            }
        }
        // Long buffers take the three-stream path: lengths around its 1,536-byte round.
        let long = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for length in [1535, 1536, 1537, 3071, 3072, 3080, 4608 + 5, 20_000] {
            long.withUnsafeBytes { raw in
                for alignment in [0, 5] {
                    let slice = UnsafeRawBufferPointer(rebasing: raw[alignment..<(min(alignment + length, raw.count))])
                    var crc = CRC32C()
                    crc.update(slice)
                    #expect(crc.value == withTables(slice), "length \(slice.count), offset \(alignment)")
                }
            }
        }
    }

    @Test func splittingLinesFindsEveryLineAndGivesEachTheChecksumTheVerifierComputes() {
        // Lines of every length from 0 to 400, side by side in random order, so that the three lanes
        // of the hardware path finish at every offset against each other; a last piece without a
        // line feed is left alone.
        var numbers = SeededNumbers(seed: 20)
        var bytes: [UInt8] = []
        var expected: [(end: Int, checksum: UInt32)] = []
        var lengths = Array(0...400) + [18, 19, 20, 25, 26, 27]
        for index in lengths.indices.reversed() { lengths.swapAt(index, numbers.next(below: index + 1)) }
        for length in lengths {
            var line = (0..<length).map { _ in UInt8(truncatingIfNeeded: 0x20 + numbers.next(below: 0x5F)) }
            if length > 30, numbers.next(below: 2) == 0 {
                // Half the long lines are sealed, as a writer seals them.
                line = Array(#"{"x":""#.utf8) + line.prefix(length - 30) + Array(#""}"#.utf8) + [0x0A]
                LineChecksum.seal(&line, lineStart: 0)
                line.removeLast()
            }
            // Safe because the pointer is used only inside the closure, within the array's count.
            let checksum = line.withUnsafeBytes { raw -> UInt32 in
                var crc = CRC32C()
                crc.updateWithTables(UnsafeRawBufferPointer(rebasing: raw[..<max(raw.count - LineChecksum.suffixLength, 0)]))
                crc.update(byte: UInt8(ascii: "}"))
                return crc.value
            }
            bytes += line
            expected.append((bytes.count, checksum))
            bytes.append(0x0A)
        }
        bytes += Array("no line feed".utf8)
        for capacity in [1, 2, 3, 4, 7, 64, 1000] {
            var found: [(end: Int, checksum: UInt32)] = []
            var from = 0
            let ends = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
            let checksums = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
            defer {
                ends.deallocate()
                checksums.deallocate()
            }
            // Safe because the slice handed over lies inside `bytes`, and the arrays hold `capacity` elements.
            bytes.withUnsafeBytes { raw in
                while true {
                    let count = LineChecksum.splitLines(UnsafeRawBufferPointer(rebasing: raw[from...]), capacity: capacity,
                                                        ends: ends, checksums: checksums)
                    #expect(count <= capacity)
                    if count == 0 { break }
                    for index in 0..<count { found.append((from + ends[index], checksums[index])) }
                    from += ends[count - 1] + 1
                }
            }
            #expect(found.map(\.end) == expected.map(\.end), "capacity \(capacity)")
            #expect(found.map(\.checksum) == expected.map(\.checksum), "capacity \(capacity)")
        }
        // A sealed line's verdict from the split equals the whole-line verifier's, intact or changed.
        var line = Array(#"{"step":1,"time":0,"action":{"type":"a"},"patch":[],"hash":"0000000000000000"}"#.utf8) + [0x0A]
        LineChecksum.seal(&line, lineStart: 0)
        for flip in [-1, 0, 20, line.count - 5] {
            var changed = line
            if flip >= 0 { changed[flip] ^= 0x04 }
            let ends = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            let checksums = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
            defer {
                ends.deallocate()
                checksums.deallocate()
            }
            // Safe because the pointers are used only inside the closure, within the array's count.
            changed.withUnsafeBytes { raw in
                #expect(LineChecksum.splitLines(raw, capacity: 1, ends: ends, checksums: checksums) == 1)
                let whole = UnsafeRawBufferPointer(rebasing: raw[..<ends[0]])
                #expect(LineChecksum.verify(whole, actual: checksums[0]) == LineChecksum.verify(whole), "flip at \(flip)")
            }
        }
    }

    @Test func x86AndArmProcessorsOfTodayUseTheHardware() {
        #if arch(x86_64)
        // Every x86-64 processor since 2008 (Nehalem, Bulldozer) has SSE4.2; a CI machine without it is news.
        #expect(CRC32C.isHardwareAccelerated)
        #elseif arch(arm64) && canImport(Darwin)
        #expect(CRC32C.isHardwareAccelerated)
        #endif
    }

    @Test func theRecordedChecksumIsReadFromEightLowercaseHexDigitsAndNothingElse() {
        /// One digit at a time: the definition the word-at-once reading must agree with.
        func reference(_ digits: [UInt8]) -> UInt32? {
            var value: UInt32 = 0
            for byte in digits {
                switch byte {
                case 0x30...0x39: value = value << 4 | UInt32(byte - 0x30)
                case 0x61...0x66: value = value << 4 | UInt32(byte - 0x61 + 10)
                default: return nil
                }
            }
            return value
        }
        let valid = Array("0123abcd".utf8)
        for position in 0..<8 {
            for byte in UInt8.min...UInt8.max {
                var digits = valid
                digits[position] = byte
                let word = digits.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                #expect(LineChecksum.hexValue(word) == reference(digits), "byte \(byte) at \(position)")
            }
        }
        for text in ["00000000", "ffffffff", "e3069283", "89abcdef", "7fffffff", "10000000"] {
            let digits = Array(text.utf8)
            let word = digits.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            #expect(LineChecksum.hexValue(word) == UInt32(text, radix: 16))
        }
        let suffix = Array(#","crc":"e3069283"}"#.utf8)
        #expect(suffix.withUnsafeBytes { LineChecksum.recordedChecksum(suffix: $0) } == 0xE306_9283)
        for position in suffix.indices {
            var damaged = suffix
            damaged[position] = UInt8(ascii: "G")
            #expect(damaged.withUnsafeBytes { LineChecksum.recordedChecksum(suffix: $0) } == nil, "position \(position)")
        }
    }

    @Test func theSuffixWordIsTheBytesOfTheMembersStart() {
        let word = Array(#","crc":""#.utf8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        #expect(word == LineChecksum.suffixStartWord)
    }

    @Test func feedingInPiecesGivesTheSameChecksumAsAtOnce() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for split in [0, 1, 7, 8, 9, 15, 16, 17, 500, 999, 1000] {
            var crc = CRC32C()
            bytes.withUnsafeBytes { raw in
                crc.update(UnsafeRawBufferPointer(rebasing: raw[..<split]))
                crc.update(UnsafeRawBufferPointer(rebasing: raw[split...]))
            }
            #expect(crc.value == CRC32C.checksum(of: bytes))
        }
    }

    @Test func aSealedLineEndsWithTheChecksumOfItselfWithoutTheMember() {
        var bytes = Array(#"{"event":"marker","after":0,"time":0,"name":"x"}"#.utf8) + [0x0A]
        let withoutMember = Array(bytes.dropLast())
        LineChecksum.seal(&bytes, lineStart: 0)
        let text = String(decoding: bytes, as: UTF8.self)
        let expected = LineChecksum.hex(CRC32C.checksum(of: withoutMember))
        #expect(text == #"{"event":"marker","after":0,"time":0,"name":"x","crc":""# + expected + "\"}\n")
        #expect(bytes.dropLast().withUnsafeBytes { LineChecksum.verify($0) } == .intact)
    }

    @Test func theStreamingVerifierAgreesWithTheWholeLineVerifier() {
        var line = Array(#"{"step":1,"time":0,"action":{"label":"a","payload":null,"type":"a"},"patch":[],"hash":"0000000000000000"}"#.utf8) + [0x0A]
        LineChecksum.seal(&line, lineStart: 0)
        line.removeLast()
        for flip in [-1, 0, 40, line.count - 3] {
            var bytes = line
            if flip >= 0 { bytes[flip] ^= 0x01 }
            let whole = bytes.withUnsafeBytes { LineChecksum.verify($0) }
            for pieces in [1, 3, 17, 19, 40] {
                var verifier = StreamingLineVerifier()
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + pieces)
                    bytes.withUnsafeBytes { verifier.feed(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
                    start = end
                }
                #expect(verifier.finish() == whole, "flip at \(flip), pieces of \(pieces)")
            }
        }
    }

    /// A journal with every kind of line: header, keyframe, patch, parent, event.
    static func smallJournal() -> [UInt8] {
        let policy = KeyframePolicy(interval: 3, smallStateBytes: 0)
        let builder = JournalBuilder(header: JournalRoundTripTests.header(initial: ["n": 0, "note": "a note"]),
                                     policy: policy)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for n in 1...5 {
            builder.appendStep(action: JournalRoundTripTests.action(n), state: ["n": .integer(Int64(n)), "note": "a note"],
                               time: Int64(n), parent: n == 5 ? 3 : nil, into: &bytes)
            if n == 2 { JournalEvent.marker(after: 2, time: 2, name: "half way").write(to: &bytes) }
        }
        return bytes
    }

    @Test func aStreamReadInSmallBlocksHandsOverTheSameLinesAndFindsEachChangedLine() throws {
        // 3,000 steps in 4 KiB blocks: lines cut by every block boundary, batches of every size, and
        // now and then a keyframe longer than a block, which the buffer grows for.
        let directory = try TemporaryDirectory()
        let path = directory.file("stream.jsonl")
        let builder = JournalBuilder(header: JournalRoundTripTests.header(initial: ["n": 0, "note": "a note"]),
                                     policy: KeyframePolicy(interval: 7, smallStateBytes: 0))
        var original: [UInt8] = []
        builder.writeHeader(into: &original)
        for n in 1...3000 {
            let note = JSONValue.string(n % 400 == 0 ? String(repeating: "a long note ", count: 1000) : "a note")
            builder.appendStep(action: JournalRoundTripTests.action(n % 5), state: ["n": .integer(Int64(n)), "note": note],
                               time: Int64(n), into: &original)
        }
        /// What a stream hands over: each line's step, line number, kind, damage and bytes.
        func lines(blockBytes: Int) throws -> [String] {
            let stream = try JournalStream(path: path, blockBytes: blockBytes)
            var seen: [String] = []
            try stream.forEachStep { line in
                seen.append("\(line.step) \(line.line) \(line.isKeyframe) \(stream.damage(of: line)?.description ?? "intact") \(String(decoding: line.bytes, as: UTF8.self))")
                return true
            }
            return seen
        }
        try Data(original).write(to: URL(fileURLWithPath: path))
        let whole = try lines(blockBytes: 1 << 20)
        #expect(whole.count == 3000)
        #expect(whole.allSatisfy { $0.contains(" intact ") })
        #expect(try lines(blockBytes: 4096) == whole)

        var numbers = SeededNumbers(seed: 21)
        let headerLength = (original.firstIndex(of: 0x0A) ?? 0) + 1
        for _ in 0..<40 {
            var damaged = original
            var position = headerLength + numbers.next(below: original.count - headerLength)
            while damaged[position] == 0x0A { position -= 1 }
            damaged[position] ^= 0x02
            let line = damaged[..<position].count(where: { $0 == 0x0A }) + 1
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            let small = try lines(blockBytes: 4096)
            #expect(try lines(blockBytes: 1 << 20) == small)
            let reported = small.filter { !$0.contains(" intact ") }
            #expect(reported.count == 1, "byte \(position)")
            #expect(reported.first?.contains(":\(line): ") == true, "byte \(position) on line \(line): \(reported)")
        }
    }

    @Test func everySingleByteChangeAnywhereIsReportedWithItsLine() throws {
        // Each of the journal's bytes is changed once, and the journal read and checked.
        let directory = try TemporaryDirectory()
        let path = directory.file("flip.jsonl")
        let original = Self.smallJournal()
        try Data(original).write(to: URL(fileURLWithPath: path))
        var options = JournalReader.Options()
        options.lineProblemLimit = 100
        #expect(try JournalReader(path: path, options: options).validate().isEmpty)

        var lineOfByte: [Int] = []
        var line = 1
        for byte in original {
            lineOfByte.append(line)
            if byte == 0x0A { line += 1 }
        }
        var missed: [Int] = []
        let changes: [UInt8] = [0x01, 0x20, 0x80, 0x7F]
        for position in original.indices {
            // One change per byte, of a kind that cycles with the position: a low bit, a case, a high
            // bit (invalid UTF-8), most bits at once.
            do {
                var damaged = original
                damaged[position] ^= changes[position % changes.count]
                try Data(damaged).write(to: URL(fileURLWithPath: path))
                let problems: [JournalError]
                do {
                    problems = try JournalReader(path: path, options: options).validate()
                } catch {
                    // A damaged header refuses the whole file, naming line 1.
                    if error.line != 1 || lineOfByte[position] != 1 { missed.append(position) }
                    continue
                }
                // A changed line feed joins two lines or splits one: the problem is on that line or the next.
                let lines = problems.compactMap(\.line)
                if !lines.contains(where: { $0 == lineOfByte[position] || $0 == lineOfByte[position] + 1 }) {
                    missed.append(position)
                }
            }
        }
        #expect(missed.isEmpty, "undetected changes at byte offsets \(missed)")
    }

    @Test func aDamagedStepIsNamedAndTheOtherStepsStillRead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("damaged.jsonl")
        var bytes = Self.smallJournal()
        let text = String(decoding: bytes, as: UTF8.self)
        // Change the action label of step 2 (line 3): its state and hash are untouched.
        let range = try #require(text.range(of: "test.set(2)"))
        bytes[text.utf8.distance(from: text.startIndex, to: range.lowerBound) + 9] = UInt8(ascii: "7")
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let reader = try JournalReader(path: path)
        #expect(reader.lineProblemCount == 1)
        #expect(reader.lineProblems.map(\.line) == [3])
        #expect(reader.damagedLine(ofStep: 2) == 3)
        #expect(try reader.state(at: 1) == ["n": 1, "note": "a note"])
        #expect(throws: JournalError.self) { try reader.action(at: 2) }
        #expect(try reader.state(at: 5) == ["n": 5, "note": "a note"])
        let message = try #require(reader.lineProblems.first?.description)
        #expect(message.hasPrefix("\(path):3: step 2 is damaged: the line records checksum "))
        #expect(message.hasSuffix("; it was changed after it was written."))
    }

    @Test func aDamagedStepNumberIsPlacedByTheLineAfterIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("number.jsonl")
        var text = String(decoding: Self.smallJournal(), as: UTF8.self)
        text = text.replacingOccurrences(of: #"{"step":3,"#, with: #"{"step":X,"#)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let reader = try JournalReader(path: path)
        #expect(reader.lineProblemCount == 1)
        #expect(reader.lineProblems.first?.description.hasPrefix("\(path):5: step 3 is damaged: the line records checksum") == true)
        #expect(reader.lastStep == 5)
        #expect(reader.damagedLine(ofStep: 3) == 5)
        #expect(try reader.actionAndHash(ofStep: 4).action.label == "test.set(4)")
    }

    @Test func aVersion1JournalWithoutChecksumsStillReads() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v1.jsonl")
        let text = """
            {"format":"statedbg-journal","version":1,"tool":"statedbg 0.1.0","app":"test","stateType":"S","actionType":"A","schema":null,"schemaHash":"","created":"","firstStep":1,"options":{},"initialState":{"n":0},"hash":"\(StateFingerprint.hex(StateFingerprint.of(["n": 0], scheme: .sequential)))"}
            {"step":1,"time":0,"action":{"label":"x","payload":null,"type":"x"},"patch":[{"op":"replace","path":"/n","value":1}],"hash":"\(StateFingerprint.hex(StateFingerprint.of(["n": 1], scheme: .sequential)))"}

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let reader = try JournalReader(path: path)
        #expect(!reader.linesAreChecksummed)
        #expect(reader.lineProblems.isEmpty)
        #expect(try reader.state(at: 1) == ["n": 1])
        #expect(try reader.actionAndHash(ofStep: 1).action.label == "x")
    }

    @Test func aVersion2LineWithoutItsChecksumIsDamaged() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("cut.jsonl")
        var text = String(decoding: Self.smallJournal(), as: UTF8.self).split(separator: "\n").map(String.init)
        let crc = try #require(text[2].range(of: #","crc":""#))
        text[2] = String(text[2][..<crc.lowerBound]) + "}"
        try Data((text.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let reader = try JournalReader(path: path)
        #expect(reader.lineProblems.map(\.description) == [
            "\(path):3: step 2 is damaged: it does not end with the checksum every line of a journal of version 2 or later ends with; it was cut short or changed.",
        ])
    }

    @Test func blockReadsMatchSingleReads() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("blocks.jsonl")
        try JournalRoundTripTests.writeJournal((0..<50).map { .integer(Int64($0)) }, initial: 0, to: path)
        let reader = try JournalReader(path: path)
        var lengths: [Int] = []
        try reader.forEachStepLine(1...50, blockBytes: 300) { step, line in
            lengths.append(line.count)
            return true
        }
        #expect(try lengths == (1...50).map { step in try reader.withLineBytes(ofStep: step) { $0.count } })
        var actions: [String] = []
        try reader.forEachActionAndHash(1...50, blockBytes: 300) { _, action, _ in
            actions.append(action.label)
            return true
        }
        #expect(actions == (1...50).map { "test.set(\($0))" })
    }
}

@Suite struct JournalFormatDocumentTests {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test func everySealedLineInTheFormatDocumentPassesItsChecksumAndTheStepIsShipped() throws {
        let document = try String(contentsOf: Self.root.appendingPathComponent("Sources/StateJournal/StateJournal.docc/JournalFileFormat.md"), encoding: .utf8)
        let sealed = document.split(separator: "\n").filter { $0.hasPrefix("{") && $0.contains(#","crc":""#) }.map(String.init)
        #expect(sealed.count == 4)
        for line in sealed {
            #expect(Array(line.utf8).withUnsafeBytes { LineChecksum.verify($0) } == .intact, "\(line)")
        }
        let shipped = try String(contentsOf: Self.root.appendingPathComponent("Recordings/users-negative-age.jsonl"), encoding: .utf8)
        #expect(sealed.contains { shipped.contains($0 + "\n") })
        #expect(document.contains("`0xE3069283`"))
    }
}
