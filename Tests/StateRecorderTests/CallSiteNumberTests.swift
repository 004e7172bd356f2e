import Foundation
import StateJournal
import StateRecorder
import TestFixtures
import TestSupport
import Testing

/// Version 5 names a step's call site by its number once the site was written whole since the last
/// keyframe, and version 6 writes it only where it changes (carried from line to line); every reader
/// puts the site back, whichever line it starts from.
@Suite struct CallSiteNumberTests {
    typealias Recorder = RecordingStore<NotesApp.State, NotesApp.Action>

    /// A state large enough that most steps are patches (a small one is stored whole every step).
    static let initialState = NotesApp.State(notes: (1...40).map { NotesApp.Note(id: $0, text: "note number \($0)") })

    /// Records `steps` notes added, dispatched alternately from two lines, the line numbers of which it returns.
    static func record(_ path: String, steps: Int, options: RecorderOptions = RecorderOptions()) throws -> (Int, Int) {
        let recorder = try Recorder(app: NotesApp.app, journal: path, options: options, initialState: initialState,
                                    clock: RecordingClock.fixed())
        let lines = dispatchAlternately(recorder, steps: steps)
        try recorder.close()
        return lines
    }

    /// Dispatches `steps` notes added, alternately from two lines, the line numbers of which it returns.
    static func dispatchAlternately(_ recorder: Recorder, steps: Int) -> (Int, Int) {
        var lines = (0, 0)
        for step in 1...steps {
            if step % 3 == 0 {
                lines.1 = #line + 1
                recorder.dispatch(.add(text: "m\(step)"))
            } else {
                lines.0 = #line + 1
                recorder.dispatch(.add(text: "n\(step)"))
            }
        }
        return lines
    }

    static func site(ofStep step: Int, lines: (Int, Int)) -> String {
        "StateRecorderTests/CallSiteNumberTests.swift:\(step % 3 == 0 ? lines.1 : lines.0)"
    }

    @Test func aSiteIsWrittenWholeOnceASegmentAndByNumberAfter() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sites.jsonl")
        let lines = try Self.record(path, steps: 200)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let stepLines = text.split(separator: "\n").filter { $0.hasPrefix(#"{"step":"#) }
        let second = try #require(stepLines.dropFirst().first)
        let fourth = try #require(stepLines.dropFirst(3).first)
        #expect(stepLines.first?.contains(#""site":"StateRecorderTests/CallSiteNumberTests.swift:"#) == true)
        #expect(second.contains(#""action":"notes.add(text: \"n2\")","#), "the site of step 1 carried on: the call alone")
        #expect(fourth.contains(#"{"call":"notes.add(text: \"n4\")","site":1}"#), "back to the first site, by its number")
        // Each keyframe starts the list again: its own site is whole.
        let keyframes = stepLines.filter { $0.contains(#""kind":"keyframe""#) }
        #expect(keyframes.count >= 2)
        for keyframe in keyframes { #expect(keyframe.contains(#""site":"StateRecorderTests/"#)) }

        let reader = try JournalReader(path: path)
        #expect(reader.header.version == JournalFormat.currentVersion)
        #expect(reader.validate().isEmpty)
        for step in 1...reader.lastStep {
            #expect(try reader.step(step).action.site == Self.site(ofStep: step, lines: lines))
            #expect(try reader.actionAndHash(ofStep: step).action.site == Self.site(ofStep: step, lines: lines))
        }
        try reader.forEachActionAndHash(1...reader.lastStep) { step, action, _ in
            #expect(action.site == Self.site(ofStep: step, lines: lines))
            return true
        }
        try reader.forEachRecordedStep(1...reader.lastStep) { recorded in
            #expect(recorded.action.site == Self.site(ofStep: recorded.step, lines: lines))
            return true
        }
    }

    @Test func aReaderStartingAtAnyStepResolvesItsSite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sites.jsonl")
        let lines = try Self.record(path, steps: 120)
        let keyframes = try JournalReader(path: path).keyframeSteps
        #expect(keyframes.count >= 2)
        for step in [1, 2, 3, keyframes[1], keyframes[1] + 1, keyframes[1] + 2, 120] {
            let fresh = try JournalReader(path: path)
            #expect(try fresh.step(step).action.site == Self.site(ofStep: step, lines: lines))
        }
        // Backwards, so that every look-up starts from another segment than the last one.
        let reader = try JournalReader(path: path)
        for step in (1...120).reversed() {
            #expect(try reader.actionAndHash(ofStep: step).action.site == Self.site(ofStep: step, lines: lines))
        }
    }

    @Test func aStreamResolvesTheSitesOfTheLinesItReads() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sites.jsonl")
        let lines = try Self.record(path, steps: 150)
        // Every seventh line only, so that the stream passes over the lines that wrote the sites whole.
        let stream = try JournalStream(path: path)
        var checked = 0
        var failure: JournalError?
        try stream.forEachStep { line in
            guard line.step % 7 == 0 else { return true }
            do throws(JournalError) {
                #expect(try stream.action(of: line).site == Self.site(ofStep: line.step, lines: lines))
                #expect(try stream.parse(line).action.site == Self.site(ofStep: line.step, lines: lines))
                checked += 1
            } catch {
                failure = error
                return false
            }
            return true
        }
        #expect(failure == nil)
        #expect(checked == 21)
    }

    @Test func aResumedJournalGoesOnNumberingItsSites() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sites.jsonl")
        let lines = try Self.record(path, steps: 10)
        let resumed = try Recorder.resume(app: NotesApp.app, journal: path, clock: RecordingClock.fixed())
        // Steps 11 to 15 come from the lines steps 1 to 5 came from.
        _ = Self.dispatchAlternately(resumed, steps: 5)
        try resumed.close()
        let reader = try JournalReader(path: path)
        #expect(reader.validate().isEmpty)
        for step in 1...10 { #expect(try reader.step(step).action.site == Self.site(ofStep: step, lines: lines)) }
        for step in 11...15 { #expect(try reader.step(step).action.site == Self.site(ofStep: step - 10, lines: lines)) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let stepLines = text.split(separator: "\n").filter { $0.hasPrefix(#"{"step":"#) }
        // Step 11 has step 10's site, carried over the resume; step 13 names a site listed before it by its number.
        #expect(stepLines[10].contains(#""action":"notes.add(text: \"n1\")","#))
        #expect(stepLines[12].contains(#"{"call":"notes.add(text: \"m3\")","site":2}"#))
    }

    @Test func aSiteNumberNoLineDefinedIsReportedWithFileLineAndStep() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sites.jsonl")
        _ = try Self.record(path, steps: 6)
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Line 5 is step 4, which names the site of step 1 by its number: name one no line wrote, and seal
        // the line again so that only the number is wrong.
        #expect(lines[4].contains(#","site":1}"#))
        lines[4] = LineChecksum.resealed(lines[4].replacingOccurrences(of: #","site":1}"#, with: #","site":9}"#))
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)

        let reader = try JournalReader(path: path)
        #expect(throws: JournalError(.undefinedSite(step: 4, number: 9, known: 2), path: path, line: 5)) {
            try reader.step(4)
        }
        let problems = reader.validate()
        #expect(problems.map(\.description) == [
            "\(path):5: step 4 names call site 9, but only 2 call sites are written whole since the last keyframe (or the header); a line that starts the site list is missing, or the journal was edited."
        ])
    }

    @Test func aFlightRecordersDumpCarriesTheSitesItsLinesName() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        var options = RecorderOptions()
        options.flight = .lastSteps(30, redaction: Redaction(), journal: journal)
        options.background = .ignore
        let recorder = try Recorder(app: NotesApp.app, journal: directory.file("unused.jsonl"), options: options,
                                    initialState: Self.initialState, clock: RecordingClock.fixed())
        let lines = Self.dispatchAlternately(recorder, steps: 200)
        try recorder.recorder.dump(to: journal)
        let reader = try JournalReader(path: journal.path)
        #expect(reader.header.firstStep > 1, "the dump keeps the last steps only")
        #expect(reader.validate().isEmpty)
        let text = try String(contentsOfFile: journal.path, encoding: .utf8)
        #expect(text.contains(#","site":1}"#), "the kept lines name sites by number")
        for step in reader.header.firstStep...reader.lastStep {
            #expect(try reader.step(step).action.site == Self.site(ofStep: step, lines: lines))
        }
        try recorder.close()
    }

    @Test func aStreamThatStartsAtAContinuationHeaderResolvesTheSitesNamedBeforeIt() throws {
        // A live server that starts its history again (a rebase) sends a client that attaches then the
        // header of a continuation and the lines after it; so does a rolled-over file start.
        let stream = SiteNumberedStream()
        let (whole, joined) = (stream.whole, stream.joined)
        func site(_ step: Int) -> String { SiteNumberedStream.site(step) }
        let joinedText = String(decoding: joined, as: UTF8.self)
        #expect(joinedText.hasPrefix(#"{"format":"statedbg-journal""#))
        #expect(joinedText.contains(#""sites":["App/A.swift:1","App/B.swift:2"]"#))
        let eleventh = try #require(joinedText.split(separator: "\n").first { $0.hasPrefix(#"{"step":11,"#) })
        #expect(joinedText.contains(#""site":1,"sites":["#), "the header puts step 10's site in force")
        #expect(eleventh.contains(#""action":"notes.set(n: 11)","#) && !eleventh.contains(#""kind":"keyframe""#),
                "step 11 has the site in force at the header")
        let twelfth = try #require(joinedText.split(separator: "\n").first { $0.hasPrefix(#"{"step":12,"#) })
        #expect(twelfth.contains(#","site":2}"#), "step 12 names by number a site written before the header")
        let directory = try TemporaryDirectory()
        for (name, bytes, steps) in [("whole.jsonl", whole, 1...20), ("joined.jsonl", joined, 11...20)] {
            let path = directory.file(name)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let reader = try JournalReader(path: path)
            #expect(reader.validate().isEmpty, "\(name)")
            for step in steps { #expect(try reader.step(step).action.site == site(step), "\(name) step \(step)") }
        }
    }

    /// Each rolled-over file starts with a header that puts the site in force, so that its first lines,
    /// which carry the site of the last step before it, read on their own.
    @Test func aRolledOverFileCarriesTheSiteInForceOverItsHeader() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("roll.jsonl")
        var options = RecorderOptions()
        options.maxFileBytes = 6000
        options.limit = .roll
        let lines = try Self.record(path, steps: 120, options: options)
        var files = [path]
        while FileManager.default.fileExists(atPath: directory.file("roll.\(files.count + 1).jsonl")) {
            files.append(directory.file("roll.\(files.count + 1).jsonl"))
        }
        #expect(files.count >= 3)
        var carried = 0
        for file in files {
            let reader = try JournalReader(path: file)
            #expect(reader.validate().isEmpty, "\(file)")
            // A file may hold no step: the last one, when the recorder rolled over after the last step and
            // closed (its header and the `closed` event).
            for step in stride(from: reader.header.firstStep, through: reader.lastStep, by: 1) {
                #expect(try JournalReader(path: file).step(step).action.site == Self.site(ofStep: step, lines: lines), "\(file) step \(step)")
            }
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let first = text.split(separator: "\n").dropFirst().first { $0.hasPrefix(#"{"step":"#) }
            if file != path, first?.contains(#""action":"notes.add("#) == true {
                carried += 1
                #expect(reader.header.site != nil, "\(file): the first step carries the header's site")
            }
        }
        #expect(carried >= 1, "some rolled-over file starts with a step that carries the site in force")
    }
}
