import ExampleApps
import Foundation
import StateJSON
import StateJournal
import StateDebugger
import StateRecorder
import Testing
import TestFixtures
import TestSupport

/// Journals written before version 3 keep working: `check`, `replay --verify` through the app's
/// reducer, and a store resuming the file all use the fingerprint rule of the file's own version.
@Suite struct OlderJournalVersionTests {
    private static let steps = 1500

    /// A tracker journal as version 2 wrote it: its header says version 2 and every hash follows the
    /// version 2 rule. The tracker's project lists pass 64 entries, where the two rules differ; returns
    /// how many hashes changed.
    @discardableResult
    private func versionTwoTracker(in directory: TemporaryDirectory) throws -> Int {
        let path = directory.file("t.jsonl")
        let record = CommandRun.statedbg(["record", "tracker", "--steps", "\(Self.steps)", "--fixed-clock", "-o", path],
                                         in: directory, apps: Examples.all)
        #expect(record.status == .success)
        let reader = try JournalReader(path: path)
        #expect(reader.header.version == JournalFormat.currentVersion)
        // A version 2 step line gives its absolute time.
        var lines = AbsoluteStepTimes.text(try String(contentsOfFile: path, encoding: .utf8))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func rehash(_ index: Int, _ old: UInt64, _ state: JSONValue) -> Bool {
            let new = StateFingerprint.of(state, scheme: .sequential)
            lines[index] = lines[index].replacingOccurrences(of: #""hash":"\#(StateFingerprint.hex(old))""#,
                                                             with: #""hash":"\#(StateFingerprint.hex(new))""#)
            return new != old
        }
        lines[0] = lines[0].replacingOccurrences(of: #""version":\#(JournalFormat.currentVersion)"#, with: #""version":2"#)
        var changed = rehash(0, reader.header.hash, reader.header.initialState) ? 1 : 0
        var hashes: [(step: Int, hash: UInt64)] = []
        try reader.forEachRecordedStep(1...reader.lastStep) { recorded in
            hashes.append((recorded.step, recorded.hash))
            return true
        }
        #expect(hashes.count == Self.steps)
        for (step, hash) in hashes {
            let line = reader.line(ofStep: step)
            if rehash(line - 1, hash, try reader.state(at: step)) { changed += 1 }
        }
        try LineChecksum.resealed(lines.joined(separator: "\n")).write(toFile: path, atomically: true, encoding: .utf8)
        return changed
    }

    @Test func aVersion2JournalChecksAndVerifiesUnderItsOwnRule() throws {
        let directory = try TemporaryDirectory()
        let changed = try versionTwoTracker(in: directory)
        #expect(changed > 100, "the two rules must differ on this journal for the test to mean anything")
        let check = CommandRun.statedbg("check", "@t.jsonl", in: directory, apps: Examples.all)
        #expect(check.status == .success, "\(check.output)\(check.error)")
        for arguments in [["replay", "--verify", "--quiet", "@t.jsonl"], ["replay", "--verify", "@t.jsonl"]] {
            let verify = CommandRun.statedbg(arguments, in: directory, apps: Examples.all)
            #expect(verify.status == .success, "\(arguments): \(verify.output)\(verify.error)")
        }
    }

    @Test func aStoreResumingAVersion2JournalAppendsVersion2Hashes() throws {
        let directory = try TemporaryDirectory()
        try versionTwoTracker(in: directory)
        let path = directory.file("t.jsonl")
        var options = RecorderOptions()
        options.recordsCallSites = false
        let store = try RecordingStore.resume(app: TrackerApp.app, journal: path, options: options, clock: { 0 })
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<200 { store.dispatch(TrackerApp.randomAction(for: store.state, using: &generator)) }
        try store.close()
        let reader = try JournalReader(path: path)
        #expect(reader.header.version == 2)
        #expect(reader.lastStep == Self.steps + 200)
        #expect(reader.validate().isEmpty)
        let verify = CommandRun.statedbg("replay", "--verify", "--quiet", "@t.jsonl", in: directory, apps: Examples.all)
        #expect(verify.status == .success, "\(verify.error)")
    }

    /// The live channel of a store resuming a version 2 journal streams a version 2 journal: `attach`'s
    /// mirror checks clean.
    @Test func theLiveStreamOfAResumedVersion2JournalKeepsItsRule() throws {
        let directory = try TemporaryDirectory()
        try versionTwoTracker(in: directory)
        let mirror = try ResumedTrackerMirror.record(journal: directory.file("t.jsonl"), in: directory, now: 0, seed: 4, steps: 100)
        let reader = try JournalReader(path: mirror)
        #expect(reader.header.version == 2)
        #expect(reader.lastStep == Self.steps + 100)
        #expect(reader.validate().isEmpty, "\(reader.validate())")
    }
}
