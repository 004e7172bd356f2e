import TestSupport
import Foundation
import StateJSON
import StateJournal
import Testing

@Suite struct RecordedStepTests {
    /// A journal of 60 steps, a keyframe every 7 steps and patches between them; some states come back
    /// (`n % 5`), as a counter's do.
    private func writeJournal(in directory: TemporaryDirectory, name: String = "j.jsonl") throws -> (path: String, lines: [String]) {
        let path = directory.file(name)
        var states: [JSONValue] = []
        let list = JSONValue.array((0..<200).map { .integer(Int64($0)) })
        for step in 1...60 { states.append(["count": .integer(Int64(step % 5)), "name": .string("n\(step % 3)"), "list": list]) }
        try JournalRoundTripTests.writeJournal(states, initial: ["count": 0, "name": "n0", "list": list],
                                               policy: KeyframePolicy(interval: 7, smallStateBytes: 0), to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return (path, text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    private func rewrite(_ path: String, lines: [String], sealed: Bool = true) throws {
        let text = lines.joined(separator: "\n")
        try (sealed ? LineChecksum.resealed(text) : text).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func givesEveryStepsRecordedActionHashAndTheFingerprintOfItsRebuiltState() throws {
        let directory = try TemporaryDirectory()
        let (path, _) = try writeJournal(in: directory)
        let reader = try JournalReader(path: path)
        var seen: [Int] = []
        try reader.forEachRecordedStep(1...60) { recorded in
            seen.append(recorded.step)
            #expect(recorded.fingerprint == recorded.hash)
            #expect(recorded.action == JournalRoundTripTests.action(recorded.step))
            return true
        }
        #expect(seen == Array(1...60))
        // The fingerprint is that of the state the reader rebuilds; a walk may start anywhere and stop early.
        var fingerprints: [Int: UInt64] = [:]
        try reader.forEachRecordedStep(23...30) { recorded in
            fingerprints[recorded.step] = recorded.fingerprint
            return recorded.step < 26
        }
        #expect(fingerprints.keys.sorted() == [23, 24, 25, 26])
        for (step, fingerprint) in fingerprints { #expect(StateFingerprint.of(try reader.state(at: step), scheme: reader.header.fingerprintScheme) == fingerprint) }
    }

    @Test func aStateEditedInAKeyframeOrAPatchNoLongerHasItsHash() throws {
        let directory = try TemporaryDirectory()
        let (path, lines) = try writeJournal(in: directory)
        let keyframes = try JournalReader(path: path).keyframeSteps
        let keyframe = try #require(keyframes.first { $0 > 1 })
        let next = keyframes.first { $0 > keyframe } ?? 61
        let patched = try #require((next + 1...60).first { lines[$0].contains(#""value":4"#) && !keyframes.contains($0) })
        var edited = lines
        // The list never changes, so the patches after the edited keyframe keep its edit; the count
        // changes on every step, so an edited patch value is replaced by the next step's.
        edited[keyframe] = edited[keyframe].replacingOccurrences(of: #""list":[0,1,"#, with: #""list":[9,1,"#)
        edited[patched] = edited[patched].replacingOccurrences(of: #""value":4"#, with: #""value":9"#)
        try rewrite(path, lines: edited)
        let reader = try JournalReader(path: path)
        var differing: [Int] = []
        try reader.forEachRecordedStep(1...60) { recorded in
            if recorded.fingerprint != recorded.hash { differing.append(recorded.step) }
            return true
        }
        #expect(differing == Array(keyframe..<next) + [patched])
    }

    /// The one-pass check finds exactly what the reader's step-by-step validation finds, for every kind
    /// of damage, in the same order and with the same sentences.
    @Test(arguments: [
        ("state", #""list":[0,1,"#, #""list":[1,0,"#, true, true),
        ("patch", #""value":4"#, #""value":"four""#, true, true),
        ("patch that does not apply", #""path":"/count""#, #""path":"/nothing/here""#, true, true),
        ("unsealed change", #""action":"test"#, #""action":"tost"#, false, true),
        ("hash", #""hash":""#, #""hash":"0"#, true, true),
        ("layout", #""ms":"#, #" "ms":"#, true, false),
    ])
    func findsWhatTheStepByStepValidationFinds(damage: (name: String, from: String, to: String, sealed: Bool, isProblem: Bool)) throws {
        let directory = try TemporaryDirectory()
        let (path, lines) = try writeJournal(in: directory)
        var edited = lines
        let candidates = (1...60).filter { edited[$0].contains(damage.from) }
        try #require(candidates.count >= 3, "too few lines hold \(damage.from)")
        for index in [candidates[1], candidates[candidates.count / 2], candidates[candidates.count - 1]] {
            edited[index] = edited[index].replacingOccurrences(of: damage.from, with: damage.to)
        }
        try rewrite(path, lines: edited, sealed: damage.sealed)
        var options = JournalReader.Options()
        options.lineProblemLimit = 2
        let old = try JournalReader(path: path, options: options).validateCounting(limit: 2)
        let new = try JournalReader(path: path, options: options).validateRecordedStates(limit: 2)
        #expect(new.count == old.count)
        #expect(new.problems.map(\.description) == old.problems.map(\.description))
        #expect((new.count > 0) == damage.isProblem)
    }

    @Test func intactRunsLeaveOutTheDamagedLines() throws {
        let directory = try TemporaryDirectory()
        let (path, lines) = try writeJournal(in: directory)
        #expect(try JournalReader(path: path).intactRuns() == [1...60])
        var edited = lines
        for index in [1, 10, 11, 60] { edited[index] = edited[index].replacingOccurrences(of: #""action":"test"#, with: #""action":"tost"#) }
        try rewrite(path, lines: edited, sealed: false)
        var options = JournalReader.Options()
        options.lineProblemLimit = 10
        #expect(try JournalReader(path: path, options: options).intactRuns() == [2...9, 12...59])
        #expect(try JournalReader(path: path, options: options).lastStep == 60)
    }
}
