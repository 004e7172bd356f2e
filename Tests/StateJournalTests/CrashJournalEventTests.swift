import Foundation
import StateJSON
@testable import StateJournal
import Testing
import TestSupport

/// The two events of a flight recorder's crash journal: the action in flight and the crash.
@Suite struct CrashJournalEventTests {
    static let action = JournalAction(type: "App.crash", label: "App.crash(\"index\")", payload: ["crash": ["_0": "index"]])

    @Test func theActionInFlightLineMadeFromSerializedBytesIsTheEventsLine() {
        var fast: [UInt8] = []
        JournalEvent.writeActionInFlight(after: 41, time: 1_767_225_642_000,
                                         actionBytes: Self.action.jsonValue.serialized(.canonical), into: &fast)
        var slow: [UInt8] = []
        JournalEvent.actionInFlight(after: 41, time: 1_767_225_642_000, action: Self.action).write(to: &slow)
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: slow, as: UTF8.self))
        #expect(String(decoding: fast, as: UTF8.self) == """
            {"event":"actionInFlight","action":{"label":"App.crash(\\"index\\")","payload":{"crash":{"_0":"index"}},"type":"App.crash"},"after":41,"time":1767225642000,"crc":"\(Self.crc(fast))"}

            """)
    }

    @Test func theCrashedLinePiecesMakeTheEventsLine() {
        let pieces = JournalEvent.crashedLinePieces(signal: "SIGSEGV", signalNumber: 11)
        var line = Array((pieces.head + "41" + pieces.tail + "1767225642001}\n").utf8)
        LineChecksum.seal(&line, lineStart: 0)
        var written: [UInt8] = []
        JournalEvent.crashed(after: 41, time: 1_767_225_642_001, signal: "SIGSEGV", signalNumber: 11).write(to: &written)
        #expect(String(decoding: line, as: UTF8.self) == String(decoding: written, as: UTF8.self))
        #expect(String(decoding: written, as: UTF8.self).hasPrefix(
            #"{"event":"crashed","after":41,"signal":"SIGSEGV","signalNumber":11,"time":1767225642001,"crc":""#))
    }

    @Test func bothEventsReadBackFromTheirLines() throws {
        for event in [JournalEvent.actionInFlight(after: 41, time: 7, action: Self.action),
                      .crashed(after: 41, time: 8, signal: "SIGILL", signalNumber: 4)] {
            var bytes: [UInt8] = []
            event.write(to: &bytes)
            let parsed = try JSONValue(parsing: Array(bytes.dropLast()))
            #expect(try JournalEvent(jsonValue: parsed) == event)
            #expect(event.after == 41)
        }
    }

    @Test func aCrashedLineWithoutARealSignalNumberIsRefused() throws {
        let line = try JSONValue(parsing: Array(#"{"event":"crashed","after":3,"time":0,"signal":"SIGILL","signalNumber":0}"#.utf8))
        #expect(throws: JournalLineError.self) { try JournalEvent(jsonValue: line) }
    }

    @Test func aJournalEndingWithTheActionInFlightAndTheCrashReadsWhole() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("crash.jsonl")
        var tail: [UInt8] = []
        JournalEvent.actionInFlight(after: 3, time: 7, action: Self.action).write(to: &tail)
        JournalEvent.crashed(after: 3, time: 8, signal: "SIGILL", signalNumber: 4).write(to: &tail)
        try JournalRoundTripTests.writeJournal([1, 2, 3], initial: 0, to: path, tail: String(decoding: tail, as: UTF8.self))
        let reader = try JournalReader(path: path)
        #expect(reader.validate().isEmpty)
        #expect(reader.events.map(\.event.name) == ["actionInFlight", "crashed"])
        #expect(reader.lastStep == 3)
    }

    static func crc(_ line: [UInt8]) -> String {
        String(decoding: line.dropLast(3).suffix(8), as: UTF8.self)
    }
}
