import TestSupport
import Foundation
import StateJSON
@testable import StateJournal
import Testing

/// Version 6 step lines give their time as `ms`, milliseconds since the header's `origin`; every reader
/// turns it back into the absolute time, and refuses `ms` where there is no origin to count from.
@Suite struct StepTimeTests {
    static let origin: Int64 = 1_795_911_381_000

    /// A state large enough that a step's patch is smaller than it, so that the steps are patches.
    static func state(_ n: Int) -> JSONValue {
        ["n": .integer(Int64(n)), "note": "long enough that one patch is smaller than the state"]
    }

    static func header(version: Int = JournalFormat.currentVersion, origin: Int64? = Self.origin) -> JournalHeader {
        var header = JournalRoundTripTests.header(initial: state(0), version: version)
        header.origin = origin
        return header
    }

    /// A journal of steps 1 to 4 at `times`, step 3 a keyframe with step 1 as its parent.
    static func journal(header: JournalHeader, times: [Int64] = [origin + 1432, origin + 1500, origin - 7, origin + 2000]) -> [UInt8] {
        let builder = JournalBuilder(header: header, policy: KeyframePolicy(interval: 100, smallStateBytes: 0, patchShare: 1))
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for (index, time) in times.enumerated() {
            let n = index + 1
            builder.appendStep(action: JournalRoundTripTests.action(n), state: state(n), time: time,
                               parent: n == 3 ? 1 : nil, into: &bytes)
        }
        return bytes
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func theWriterGivesMillisecondsSinceTheHeadersOrigin() {
        let lines = Self.lines(Self.journal(header: Self.header()))
        #expect(lines[0].contains(#","origin":1795911381000,"#))
        #expect(lines.dropFirst().joined(separator: "\n") == """
            {"step":1,"ms":1432,"action":"test.set(1)","patch":[{"op":"replace","path":"/n","value":1}],"hash":"35b3465340af31cb","crc":"c35fbcbb"}
            {"step":2,"kind":"keyframe","ms":1500,"action":"test.set(2)","state":{"n":2,"note":"long enough that one patch is smaller than the state"},"hash":"6296fb488d7b2243","crc":"8427e19c"}
            {"step":3,"kind":"keyframe","ms":-7,"parent":1,"action":"test.set(3)","state":{"n":3,"note":"long enough that one patch is smaller than the state"},"hash":"18c678176282fd25","crc":"6ec7f62e"}
            {"step":4,"ms":2000,"action":"test.set(4)","patch":[{"op":"replace","path":"/n","value":4}],"hash":"ab43caae8a1c6179","crc":"adda6b36"}
            """)
    }

    @Test func aVersion5JournalKeepsItsAbsoluteTimesAndHasNoOrigin() {
        let lines = Self.lines(Self.journal(header: Self.header(version: 5, origin: nil)))
        #expect(!lines[0].contains(#""origin""#))
        #expect(lines[1].hasPrefix(#"{"step":1,"time":1795911382432,"action":"#))
    }

    @Test func aVersion6HeaderWithoutAnOriginTakesTheTimeItWasCreated() {
        let builder = JournalBuilder(header: Self.header(origin: nil))
        #expect(builder.header.origin == 1_767_225_600_000, "2026-01-01T00:00:00.000Z")
        var bytes: [UInt8] = []
        builder.appendStep(action: JournalRoundTripTests.action(1), state: Self.state(1), time: 1_767_225_600_250, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#","ms":250,"action":"#))
    }

    @Test func aTimeTooFarFromTheOriginIsWrittenAbsolute() throws {
        let directory = try TemporaryDirectory()
        let bytes = Self.journal(header: Self.header(origin: -1_000_000_000_000_000), times: [Int64.max - 5])
        #expect(Self.lines(bytes)[1].hasPrefix(#"{"step":1,"time":9223372036854775802,"#))
        let path = try directory.write(String(decoding: bytes, as: UTF8.self), to: "far.jsonl")
        #expect(try JournalReader(path: path).step(1).time == Int64.max - 5)
    }

    @Test func randomAccessAndStreamingGiveTheAbsoluteTimes() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(String(decoding: Self.journal(header: Self.header()), as: UTF8.self), to: "v6.jsonl")
        let expected: [Int64] = [Self.origin + 1432, Self.origin + 1500, Self.origin - 7, Self.origin + 2000]
        let reader = try JournalReader(path: path)
        #expect(reader.header.origin == Self.origin)
        #expect(try (1...4).map { try reader.step($0).time } == expected)
        #expect(try reader.state(at: 4) == Self.state(4))
        #expect(reader.validate().isEmpty)
        let stream = try JournalStream(path: path)
        var fromPrefix: [Int64] = []
        var parsed: [Int64] = []
        var failure: JournalError?
        try stream.forEachStep { line in
            fromPrefix.append(line.time)
            do throws(JournalError) { parsed.append(try stream.parse(line).time) } catch { failure = error }
            return true
        }
        #expect(failure == nil)
        #expect(fromPrefix == expected)
        #expect(parsed == expected)
    }

    @Test func aLineMayStillGiveItsAbsoluteTime() throws {
        let directory = try TemporaryDirectory()
        var lines = Self.lines(Self.journal(header: Self.header()))
        lines[2] = lines[2].replacingOccurrences(of: #""ms":1500"#, with: #""time":42"#)
        let path = try directory.write(LineChecksum.resealed(lines.joined(separator: "\n") + "\n"), to: "mixed.jsonl")
        let reader = try JournalReader(path: path)
        #expect(try reader.step(2).time == 42)
        #expect(try reader.step(1).time == Self.origin + 1432)
        var times: [Int64] = []
        try JournalStream(path: path).forEachStep { line in
            times.append(line.time)
            return true
        }
        #expect(times == [Self.origin + 1432, 42, Self.origin - 7, Self.origin + 2000])
    }

    @Test func aContinuationHeaderCarriesTheOrigin() throws {
        let directory = try TemporaryDirectory()
        let first = JournalBuilder(header: Self.header())
        var ignored: [UInt8] = []
        first.appendStep(action: JournalRoundTripTests.action(1), state: Self.state(1), time: Self.origin + 10, into: &ignored)
        // A rolled-over file's header is made at its own time; the lines go on counting from the session's origin.
        var rollover = JournalRoundTripTests.header(initial: Self.state(1), firstStep: 2)
        rollover.created = "2026-11-29T00:00:00.000Z"
        rollover.origin = 5
        let next = first.continuation(after: rollover, policy: KeyframePolicy())
        #expect(next.header.origin == Self.origin)
        var bytes: [UInt8] = []
        next.writeHeader(into: &bytes)
        next.appendStep(action: JournalRoundTripTests.action(2), state: Self.state(2), time: Self.origin + 20, into: &bytes)
        #expect(Self.lines(bytes)[1].contains(#","ms":20,"action":"#))
        let path = try directory.write(String(decoding: bytes, as: UTF8.self), to: "rolled.jsonl")
        #expect(try JournalReader(path: path).step(2).time == Self.origin + 20)
    }

    @Test func aResumedJournalGoesOnFromItsOrigin() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(String(decoding: Self.journal(header: Self.header()), as: UTF8.self), to: "resumed.jsonl")
        let reader = try JournalReader(path: path)
        let builder = JournalBuilder(continuing: reader.header, lastStep: reader.lastStep, state: try reader.state(at: 4))
        var bytes: [UInt8] = []
        builder.appendStep(action: JournalRoundTripTests.action(5), state: Self.state(5), time: Self.origin + 3000, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#","ms":3000,"action":"#))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
        #expect(try JournalReader(path: path).step(5).time == Self.origin + 3000)
    }

    /// Lines that give `ms` where it cannot be read, and the sentence every reader refuses them with.
    /// (The line edited is step 2's; the header without an origin is step 1's, the first that gives `ms`.)
    static var refusals: [(name: String, header: JournalHeader, edit: (String) -> String, reason: String)] { [
        ("ms under a version 5 header", header(version: 5, origin: Self.origin),
         { $0.replacingOccurrences(of: #""time":1795911382500"#, with: #""ms":1500"#) },
         #"3: "ms" on step 2 is a member of version 6 step lines, but the header says version 5"#),
        ("ms under a header without an origin", header(), { $0 },
         #"2: "ms" on step 1 counts from the header's "origin", but the header has none"#),
        ("both time and ms", header(),
         { $0.replacingOccurrences(of: #""ms":1500"#, with: #""ms":1500,"time":1795911382500"#) },
         #"3: "ms" on step 2 is given with "time"; a step line gives one of the two"#),
        ("ms added to the origin out of range", header(),
         { $0.replacingOccurrences(of: #""ms":1500"#, with: #""ms":9223372036854775000"#) },
         #"3: "ms" on step 2 is 9223372036854775000, which added to the header's origin 1795911381000 is out of range"#),
    ] }

    @Test(arguments: refusals.indices)
    func everyReaderRefusesMillisecondsItCannotCount(index: Int) throws {
        let refusal = Self.refusals[index]
        let directory = try TemporaryDirectory()
        var lines = Self.lines(Self.journal(header: refusal.header))
        lines[2] = refusal.edit(lines[2])
        if index == 1 { lines[0] = lines[0].replacingOccurrences(of: #","origin":1795911381000"#, with: "") }
        let path = try directory.write(LineChecksum.resealed(lines.joined(separator: "\n") + "\n"), to: "bad.jsonl")
        let expected = "\(path):\(refusal.reason)."
        let opening = #expect(throws: JournalError.self, "\(refusal.name)") { try JournalReader(path: path) }
        #expect(opening?.description == expected, "\(refusal.name)")
        let streaming = #expect(throws: JournalError.self, "\(refusal.name)") { _ = try JournalStream(path: path).readToEnd() }
        #expect(streaming?.description == expected, "\(refusal.name)")
        // `check` notes the line and reads on (the steps after it are then out of their place).
        let checking = try JournalReader(path: path, options: .checking(limit: 20))
        #expect(checking.lineProblems.first?.description == expected, "\(refusal.name)")
    }

    @Test func aLineReadWithoutItsHeaderCannotCountItsMilliseconds() throws {
        let line = Self.lines(Self.journal(header: Self.header()))[1]
        let error = #expect(throws: JournalLineError.self) { try JournalStep(jsonValue: try JSONValue(parsing: Array(line.utf8))) }
        #expect(error?.description == #""ms" on step 1 counts from the header's "origin", but the line was read without its header"#)
        let read = try JournalStep(jsonValue: try JSONValue(parsing: Array(line.utf8)), timeBase: Self.header().stepTimeBase)
        #expect(read.time == Self.origin + 1432)
    }

    @Test func anOriginBeyondTheRangeIsRefusedAtTheHeader() throws {
        var header = Self.header()
        header.origin = 1_000_000_000_000_001
        let error = #expect(throws: JournalLineError.self) { try JournalHeader(jsonValue: header.jsonValue) }
        #expect(error?.description == #""origin" is 1000000000000001, but an origin is milliseconds since 1970 between -1000000000000000 and 1000000000000000"#)
        header.origin = -1_000_000_000_000_000
        #expect(try JournalHeader(jsonValue: header.jsonValue) == header)
    }

    /// Replay and state reads take the action, hash and content of a line in the writer's layout without
    /// parsing it whole: a line that gives `ms`, negative too, is in that layout.
    @Test func theScannerReadsLinesThatGiveMilliseconds() throws {
        let lines = Self.lines(Self.journal(header: Self.header()))
        var scanner = StepLineScanner()
        for (step, hash) in [(1, 0x35b3_4653_40af_31cb), (3, 0x18c6_7817_6282_fd25)] as [(Int, UInt64)] {
            let bytes = Array(lines[step].utf8)
            let read = bytes.withUnsafeBytes { scanner.scan($0) }
            #expect(read?.hash == hash && read?.action.label == "test.set(\(step))", "step \(step)")
            #expect(bytes.withUnsafeBytes { StepLineScanner.content(of: $0, step: step) }?.isState == (step == 3), "step \(step)")
        }
    }

    @Test func thePrefixReadsMillisecondsAndTheirSign() throws {
        let line = #"{"step":7,"kind":"keyframe","ms":-25,"parent":3,"action":{"call":"x"},"state":{},"hash":"0000000000000000"}"#
        let prefix = try #require(StepLinePrefix(Array(line.utf8)))
        #expect(prefix.step == 7 && prefix.keyframe && prefix.timeIsSinceOrigin && prefix.parent == 3)
        #expect(prefix.time(in: Array(line.utf8)) == -25)
        let absolute = try #require(StepLinePrefix(Array(#"{"step":7,"time":25,"action":{}"#.utf8)))
        #expect(!absolute.timeIsSinceOrigin && absolute.time(in: Array(#"{"step":7,"time":25,"action":{}"#.utf8)) == 25)
        #expect(StepLinePrefix(Array(#"{"step":7,"ms":-,"action":{}"#.utf8)) == nil)
        #expect(StepLinePrefix(Array(#"{"step":7,"ms":1,"time":2,"action":{}"#.utf8)) == nil, "both: parsed whole, and refused")
    }
}
