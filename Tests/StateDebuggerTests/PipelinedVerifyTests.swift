import Foundation
import StateDebugger
import StateJournal
import StateRecorder
import TestFixtures
import TestSupport
import Testing

/// `replay --verify --quiet` reads the recorded states on a thread of its own, ahead of the replay:
/// whatever either side finds must still be reported at its step, in the order a replay in one
/// thread would report it, however far ahead the reading side is.
@Suite struct PipelinedVerifyTests {
    private static let steps = 3000
    /// Far beyond the first batches the reading thread hands over, and not on a batch boundary.
    private static let damaged = 2345

    /// A generated counter journal, with step ``damaged``'s line changed by `edit` (resealed when
    /// `reseal`, so that only the recorded hash tells).
    private func journal(in directory: TemporaryDirectory, reseal: Bool = true,
                         _ edit: ((String) -> String)? = nil) throws -> String {
        let path = directory.file("c.jsonl")
        _ = try TestApps.counter().record(to: path, steps: Self.steps, seed: 11, options: RecorderOptions(),
                                         clock: RecordingClock.fixed())
        guard let edit else { return path }
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix(#"{"step":\#(Self.damaged),"#) })
        let edited = edit(lines[index])
        #expect(edited != lines[index])
        lines[index] = edited
        let text = lines.joined(separator: "\n")
        try (reseal ? LineChecksum.resealed(text) : text).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The line with its recorded hash replaced by zeros.
    private static func zeroedHash(_ line: String) -> String {
        line.replacingOccurrences(of: #""hash":"[0-9a-f]{16}""#, with: #""hash":"0000000000000000""#, options: .regularExpression)
    }

    private func verify(_ path: String, app: any RegisteredApp = TestApps.counter()) throws(DebuggerError) -> VerifyReport {
        let source = try JournalSource(path: path)
        return try ReplayVerifier(source: source, app: app).verify(checkingRecordedStatesThrough: source.lastStep, progressInterval: 1)
    }

    /// The journal error `body` throws; fails the test when it throws none or another.
    private func journalError(_ body: () throws(DebuggerError) -> VerifyReport) -> JournalError? {
        do {
            let report = try body()
            Issue.record("expected a journal error, got a report: \(report)")
        } catch {
            if case .journal(let journalError) = error { return journalError }
            Issue.record("expected a journal error, got \(error)")
        }
        return nil
    }

    @Test func theUntouchedJournalPassesThroughEveryStep() throws {
        let directory = try TemporaryDirectory()
        let report = try verify(try journal(in: directory))
        #expect(report.passed)
        #expect(report.checkedThrough == Self.steps)
    }

    @Test func aDamagedStateFarAheadIsReportedAtItsLine() throws {
        let directory = try TemporaryDirectory()
        let path = try journal(in: directory, Self.zeroedHash)
        let error = try #require(journalError { () throws(DebuggerError) in try verify(path) })
        #expect(error.line == Self.damaged + 1)
        #expect(error.description.contains("step \(Self.damaged) records hash 0000000000000000 but its rebuilt state hashes to "))
    }

    @Test func aDamagedStateAfterAnEarlyDivergenceOutweighsIt() throws {
        let directory = try TemporaryDirectory()
        let path = try journal(in: directory, Self.zeroedHash)
        // The clean journal diverges early under the changed reducer, long before the damaged step.
        let cleanDirectory = try TemporaryDirectory()
        let clean = try verify(try journal(in: cleanDirectory), app: TestApps.counter(addMultiplier: 2))
        let divergence = try #require(clean.divergence)
        #expect(divergence.step < 100)
        let error = try #require(journalError { () throws(DebuggerError) in
            try verify(path, app: TestApps.counter(addMultiplier: 2))
        })
        #expect(error.line == Self.damaged + 1)
    }

    @Test func aLineThatFailsItsChecksumStopsTheReplayAtItsLine() throws {
        let directory = try TemporaryDirectory()
        // Not resealed: the line's checksum no longer matches it.
        let path = try journal(in: directory, reseal: false, Self.zeroedHash)
        let error = try #require(journalError { () throws(DebuggerError) in try verify(path) })
        #expect(error.line == Self.damaged + 1)
    }

    @Test func aDivergenceIsReportedWhenTheRestOfTheJournalIsIntact() throws {
        let directory = try TemporaryDirectory()
        let report = try verify(try journal(in: directory), app: TestApps.counter(addMultiplier: 2))
        let divergence = try #require(report.divergence)
        #expect(report.checkedThrough == divergence.step - 1)
        #expect(divergence.line == divergence.step + 1)
        #expect(!report.passed)
    }

    @Test func stopsWhenCancelledWithoutReadingToTheEnd() throws {
        let directory = try TemporaryDirectory()
        let path = try journal(in: directory, Self.zeroedHash)
        let source = try JournalSource(path: path)
        // Cancelled long before the damaged step: the reading side, ahead, must not report it.
        let report = try ReplayVerifier(source: source, app: TestApps.counter())
            .verify(checkingRecordedStatesThrough: source.lastStep, progressInterval: 1, isCancelled: { true })
        #expect(report.cancelled)
        #expect(report.checkedThrough == 0)
    }

    /// The actions are decoded on the reading thread, ahead of the replay: one that no longer decodes
    /// still stops the replay at its own step, after every step before it matched.
    @Test func anActionDecodedAheadThatIsUnknownStopsTheReplayAtItsStep() throws {
        let directory = try TemporaryDirectory()
        let path = try journal(in: directory) { line in
            // The action is written as its call (format 4), alone (format 6): the tag and the payload's case change together.
            line.replacingOccurrences(of: #""action":"counter\.[a-z]+"#, with: #""action":"counter.nosuch"#, options: .regularExpression)
        }
        do {
            let report = try verify(path)
            Issue.record("expected the unknown action to stop the replay, got \(report)")
        } catch {
            guard case .unknownActionType(let type, let step, let line, _, _) = error else {
                Issue.record("expected an unknown action type, got \(error)")
                return
            }
            #expect(type == "counter.nosuch")
            #expect(step == Self.damaged)
            #expect(line == Self.damaged + 1)
        }
    }
}
