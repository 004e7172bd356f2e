import TestSupport
import Foundation
import StateJSON
import StateJournal
import Testing

/// The rules every journal line keeps are checked in one place, which both readers feed: opening a
/// ``JournalReader`` (and so `statedbg check`) and passing the lines of a ``JournalStream`` refuse the same
/// line with the same code.
@Suite struct JournalLineValidatorTests {
    static let header = HostileJournalTests.header

    static func step(_ number: Int, parent: Int? = nil) -> String {
        let line = HostileJournalTests.step(number, number)
        guard let parent else { return line }
        return line.replacingOccurrences(of: #","time":0,"#, with: #","time":0,"parent":\#(parent),"#)
    }

    static func event(_ name: String, after: Int, _ members: String = "") -> String {
        #"{"event":"\#(name)","after":\#(after),"time":0\#(members)}"#
    }

    static func crashed(after: Int) -> String {
        event("crashed", after: after, #","signal":"SIGILL","signalNumber":4"#)
    }

    /// Bad journals and the code and line both readers stop at.
    /// Made anew at each use rather than kept in a static: the leak checker of the address-sanitizer
    /// run reports what a lazily made static holds.
    static var cases: [(name: String, lines: [String], code: JournalError.Code, line: Int)] { [
        ("an empty line", [header, step(1), "", step(2)], .emptyLine, 3),
        ("a CR LF end", [header, step(1) + "\r", step(2)], .crlfLineEnd, 2),
        ("a second header", [header, step(1), header], .secondHeader, 3),
        ("a repeated step", [header, step(1), step(1)], .stepRepeated(step: 1, expected: 2), 3),
        ("a missing step", [header, step(1), step(3)], .stepsMissing(step: 3, expected: 2, uncheckedAfter: false), 3),
        ("a parent after the step", [header, step(1), step(2, parent: 2)], .parentNotEarlier(step: 2, parent: 2), 3),
        ("an event after a later step", [header, step(1), event("marker", after: 5, #","name":"m""#)],
         .eventAfterLaterStep(event: "marker", after: 5, lastStep: 1), 3),
        ("a closing line before the last step", [header, step(1), step(2), event("closed", after: 1)],
         .misplacedClosing(after: 1, lastStep: 2), 4),
        ("a step after the closing line", [header, step(1), event("closed", after: 1), step(2)],
         .continuesAfterClosing(found: .step(2), closedAfter: 1), 4),
        ("a marker after the closing line that is not the resumption", [header, step(1), event("closed", after: 1),
                                                                          event("marker", after: 1, #","name":"m""#)],
         .continuesAfterClosing(found: .event("marker"), closedAfter: 1), 4),
        ("a step after the crashed line", [header, step(1), crashed(after: 1), step(2)],
         .continuesAfterCrash(found: .step(2), crashedAfter: 1), 4),
        ("a closing line after the crashed line", [header, step(1), crashed(after: 1), event("closed", after: 1)],
         .continuesAfterCrash(found: .event("closed"), crashedAfter: 1), 4),
        ("a marker after the crashed line", [header, step(1), crashed(after: 1), event("marker", after: 1, #","name":"resumed""#)],
         .continuesAfterCrash(found: .event("marker"), crashedAfter: 1), 4),
        ("a line of unknown kind", [header, step(1), "{}"],
         .invalidLine(.unknownLineKind(#"(no "step", "event" or "format" member)"#)), 3),
        ("a step as the first line", [step(1)], .headerMissing(found: .step(1)), 1),
        ("an event as the first line", [event("marker", after: 0, #","name":"m""#)], .headerMissing(found: .event("marker")), 1),
    ] }

    @Test(arguments: cases.indices)
    func bothReadersRefuseABadLineWithTheSameCode(index: Int) throws {
        let bad = Self.cases[index]
        let directory = try TemporaryDirectory()
        let path = try directory.write(bad.lines.joined(separator: "\n") + "\n", to: "bad.jsonl")
        let opening = #expect(throws: JournalError.self, "\(bad.name)") { try JournalReader(path: path) }
        #expect(opening == JournalError(bad.code, path: path, line: bad.line), "\(bad.name)")
        let streaming = #expect(throws: JournalError.self, "\(bad.name)") {
            let stream = try JournalStream(path: path)
            _ = try stream.readToEnd()
        }
        #expect(streaming == JournalError(bad.code, path: path, line: bad.line), "\(bad.name)")
    }

    @Test func aRecordingResumedAfterItsClosingLineReadsOn() throws {
        let lines = [Self.header, Self.step(1), Self.event("closed", after: 1), Self.event("marker", after: 1, #","name":"resumed""#),
                     Self.step(2), Self.event("closed", after: 2)]
        let directory = try TemporaryDirectory()
        let path = try directory.write(lines.joined(separator: "\n") + "\n", to: "resumed.jsonl")
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == 2)
        #expect(reader.closing?.line == 6)
        #expect(reader.events.map(\.line) == [4], "a closing line is not one of the events")
        #expect(try JournalStream(path: path).readToEnd() == 2)
    }

    @Test func checkNotesALineAfterTheClosingLineAndReadsOn() throws {
        let lines = [Self.header, Self.step(1), Self.event("closed", after: 1), Self.step(2), Self.step(3)]
        let directory = try TemporaryDirectory()
        let path = try directory.write(lines.joined(separator: "\n") + "\n", to: "joined.jsonl")
        let reader = try JournalReader(path: path, options: .checking(limit: 20))
        #expect(reader.lastStep == 3, "the steps after it keep their places")
        #expect(reader.lineProblems == [JournalError(.continuesAfterClosing(found: .step(2), closedAfter: 1), path: path, line: 4)])
    }

    @Test func checkNotesALineAfterTheCrashedLineAndReadsOn() throws {
        let lines = [Self.header, Self.step(1), Self.crashed(after: 1), Self.step(2), Self.step(3)]
        let directory = try TemporaryDirectory()
        let path = try directory.write(lines.joined(separator: "\n") + "\n", to: "joined.jsonl")
        let reader = try JournalReader(path: path, options: .checking(limit: 20))
        #expect(reader.lastStep == 3, "the steps after it keep their places")
        #expect(reader.lineProblems == [JournalError(.continuesAfterCrash(found: .step(2), crashedAfter: 1), path: path, line: 4)])
        #expect("\(reader.lineProblems[0])" == """
            \(path):4: step 2 follows the crashed line (the app crashed after step 1), but a crash handler writes that line \
            last; these lines were added to a crash journal afterwards (were two recordings joined?).
            """)
    }

    @Test func aCrashJournalReadsWhole() throws {
        let lines = [Self.header, Self.step(1), Self.event("actionInFlight", after: 1, #","action":{"type":"a","label":"a"}"#),
                     Self.crashed(after: 1)]
        let directory = try TemporaryDirectory()
        let path = try directory.write(lines.joined(separator: "\n") + "\n", to: "crash.jsonl")
        let reader = try JournalReader(path: path, options: .checking(limit: 20))
        #expect(reader.lineProblems.isEmpty)
        #expect(reader.events.map(\.line) == [3, 4])
        #expect(try JournalStream(path: path).readToEnd() == 1)
    }

    @Test func aDamagedLineIsPlacedByTheLineAfterItInBothReaders() throws {
        // Version 2: every line carries a checksum. Line 3's step number is changed, so its checksum fails
        // and its number cannot be trusted; line 4 holding step 3 shows it was step 2.
        let builder = JournalBuilder(header: JournalRoundTripTests.header(initial: ["n": 0], version: 2))
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for number in 1...3 { builder.appendStep(action: JournalRoundTripTests.action(number), state: ["n": .integer(Int64(number))], time: 0, into: &bytes) }
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: #"{"step":2,"#, with: #"{"step":7,"#)
        let directory = try TemporaryDirectory()
        let path = try directory.write(text, to: "damaged.jsonl")

        let reader = try JournalReader(path: path)
        #expect(reader.damagedLine(ofStep: 2) == 3)
        guard case .damagedLine(.step(2), .mismatch)? = reader.lineProblems.first?.code else {
            Issue.record("\(reader.lineProblems)")
            return
        }
        let stream = try JournalStream(path: path)
        var damaged: [JournalError] = []
        try stream.forEachStep { line in
            if let damage = stream.damage(of: line) { damaged.append(damage) }
            return true
        }
        #expect(damaged == reader.lineProblems)
    }
}
