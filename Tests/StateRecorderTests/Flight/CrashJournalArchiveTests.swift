import Foundation
import StateJournal
@testable import StateRecorder
import Testing
import TestSupport

/// A crash journal is never written over: a flight recorder that starts, or a dump, moves one it finds
/// at its journal's path aside, where the app finds it (`crashJournals()`) until it removes it.
@Suite struct CrashJournalArchiveTests {
    func recorder(_ flight: FlightRecording) throws -> Recorder<Int, String> {
        var options = RecorderOptions()
        options.flight = flight
        options.background = .ignore
        return try Recorder(journal: "unused.jsonl", app: "counter", initialState: 0, options: options,
                            clock: RecordingClock.fixed(start: 0, step: 1))
    }

    /// Writes at `journal` what a crash handler writes after `steps` steps, and closes its recorder.
    func writeCrashJournal(at journal: URL, steps: Int) throws {
        let recorder = try recorder(.lastSteps(10, redaction: Redaction(), journal: journal))
        for step in 1...steps { recorder.record("increment", state: step) }
        recorder.actionInFlight("crash")
        let flight = try #require(recorder.flight)
        #expect(try flight.writeAsOnCrash(signal: SIGABRT, path: journal.path) == 0)
        try recorder.close()
    }

    /// The file's last line's kind: `crashed`, `closed`…
    func lastEvent(_ url: URL) throws -> String? {
        let reader = try JournalReader(path: url.path)
        #expect(reader.validate().isEmpty)
        return reader.events.last.map { event in
            if case .crashed = event.event { return "crashed after \(event.event.after)" }
            if reader.closing != nil { return "closed after \(reader.closing?.event.after ?? -1)" }
            return "\(event.event)"
        } ?? reader.closing.map { "closed after \($0.event.after)" }
    }

    func setWritten(_ url: URL, _ text: String) throws {
        let date = try #require(ISO8601DateFormatter().date(from: text))
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
    }

    @Test func aRecorderThatStartsMovesTheCrashJournalAsideUnderTheTimeItWasWritten() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("last-steps.jsonl"))
        try writeCrashJournal(at: journal, steps: 30)
        try setWritten(journal, "2026-11-28T21:20:03Z")

        let flight = FlightRecording.lastSteps(10, redaction: Redaction(), journal: journal)
        let next = try recorder(flight)
        #expect(!FileManager.default.fileExists(atPath: journal.path), "the crash journal is no longer where a crash writes")
        next.record("increment", state: 1)
        try next.dump(to: journal)
        try next.close()

        let crashes = try flight.crashJournals()
        #expect(crashes.map(\.lastPathComponent) == ["last-steps.crash-20261128T212003Z.jsonl"])
        #expect(try lastEvent(crashes[0]) == "crashed after 30")
        #expect(try lastEvent(journal) == "closed after 1", "the dump went where it was asked to")
    }

    @Test func theNextRunOfACrashedAppFindsItsCrashJournalAfterDumping() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("crash.jsonl"))
        let crashed = try CrashProbe.run(journal: journal.path, steps: 50, kind: "index")
        #expect(crashed.reason == .uncaughtSignal, "\(crashed.errors)")
        let dumped = try CrashProbe.run(journal: journal.path, steps: 20, kind: "dump")
        #expect(dumped.reason == .exit && dumped.status == 0, "\(dumped.errors)")

        let crashes = try FlightRecording.lastSteps(100, redaction: Redaction(), journal: journal).crashJournals()
        #expect(crashes.count == 1)
        #expect(crashes.first?.lastPathComponent.hasPrefix("crash.crash-") == true)
        #expect(try crashes.first.map(lastEvent) == "crashed after 50")
        #expect(try lastEvent(journal) == "closed after 20")
    }

    @Test func aDumpMovesACrashJournalAsideRatherThanReplaceIt() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let elsewhere = URL(fileURLWithPath: directory.file("report.jsonl"))
        let flight = FlightRecording.lastSteps(10, redaction: Redaction(), journal: journal)
        let recorder = try recorder(flight)
        recorder.record("increment", state: 1)
        // Another process's crash journal appears where this one dumps (a second copy of the app, say).
        try writeCrashJournal(at: elsewhere, steps: 12)
        try setWritten(elsewhere, "2026-01-02T03:04:05Z")
        try recorder.dump(to: elsewhere)
        try recorder.dump(to: elsewhere)
        try recorder.close()

        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["report.crash-20260102T030405Z.jsonl", "report.jsonl"], "a dump over a dump replaces it")
        #expect(try lastEvent(URL(fileURLWithPath: directory.file("report.crash-20260102T030405Z.jsonl"))) == "crashed after 12")
        #expect(try flight.crashJournals().isEmpty, "the crash journals of flight.jsonl are listed, not those of other names")
    }

    @Test func keepsTheNewestCrashJournalsUpToTheNumberSet() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        var flight = FlightRecording.lastSteps(10, redaction: Redaction(), journal: journal)
        flight.keptCrashJournals = 3
        try writeCrashJournal(at: journal, steps: 5)
        let crash = try Data(contentsOf: journal)
        let times = ["2026-03-01T10:00:00Z", "2026-03-01T10:00:00Z", "2026-03-01T09:00:00Z", "2026-03-02T08:00:00Z", "2026-03-02T09:00:00Z"]
        for time in times {
            try crash.write(to: journal)
            try setWritten(journal, time)
            _ = try flight.crashJournals()
        }
        #expect(try flight.crashJournals().map(\.lastPathComponent) == [
            "flight.crash-20260301T100000Z-2.jsonl",
            "flight.crash-20260302T080000Z.jsonl",
            "flight.crash-20260302T090000Z.jsonl",
        ])
    }

    @Test func aFileThatDoesNotEndWithACrashedLineIsLeftWhereItIs() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let flight = FlightRecording.lastSteps(10, redaction: Redaction(), journal: journal)
        try writeCrashJournal(at: journal, steps: 5)
        // The crashed line before the action in flight: not the last line, as a handler writes it.
        var lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
        lines.swapAt(lines.count - 1, lines.count - 2)
        for text in [lines.joined(separator: "\n") + "\n", "not a journal\n", ""] {
            try Data(text.utf8).write(to: journal)
            #expect(try flight.crashJournals().isEmpty)
            #expect(try String(contentsOf: journal, encoding: .utf8) == text)
        }
    }

    @Test func removesOnlyItsOwnCrashJournals() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        try writeCrashJournal(at: journal, steps: 5)
        let flight = FlightRecording.lastSteps(10, redaction: Redaction(), journal: journal)
        let crashes = try flight.crashJournals()
        #expect(crashes.count == 1)

        let other = URL(fileURLWithPath: directory.file("notes.txt"))
        try Data("keep".utf8).write(to: other)
        #expect {
            try flight.removeCrashJournal(other)
        } throws: { error in
            (error as? JournalError)?.category == .refused
                && "\(error)" == "\(other.path): this is not a crash journal of the flight recording at \(journal.path); nothing was removed."
        }
        #expect(FileManager.default.fileExists(atPath: other.path))

        try flight.removeCrashJournal(crashes[0])
        #expect(try flight.crashJournals().isEmpty)
    }
}
