import Foundation
import StateDebugger
import StateJSON
import StateJournal
import StateQuery
import StateRecorder
import TestFixtures
import TestSupport
import Testing

/// The one-pass searches give what the searches through the index give, on the shipped recordings and
/// on journals made to trip a raw-byte prefilter: escaped keys, keyframes, time travel, damaged lines.
@Suite struct JournalSearchTests {
    private static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recordings").path

    /// The old search's changes and summary, or the error it threw, as text.
    private func indexed(_ file: String, _ path: JSONPath, range: ClosedRange<Int>? = nil) -> String {
        do {
            let report = try RecordingQuery(source: try JournalSource(path: file)).changes(of: path, in: range)
            return report.description
        } catch {
            return "error: \(error)"
        }
    }

    private func streamed(_ file: String, _ path: JSONPath, range: ClosedRange<Int>? = nil) -> String {
        do {
            var printed: [String] = []
            let report = try JournalSearch(path: file).changes(of: path, in: range, keeping: true, found: { printed.append($0.rendered(namingPaths: !path.selectsAtMostOneValue)) })
            #expect(printed == report.changes.map(report.line(for:)), "each change is handed over as found")
            return report.description
        } catch {
            return "error: \(error)"
        }
    }

    private func expectSameChanges(_ file: String, _ paths: [String], range: ClosedRange<Int>? = nil,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        for text in paths {
            let path = try JSONPath(parsing: text)
            #expect(streamed(file, path, range: range) == indexed(file, path, range: range), "\(file) \(text)", sourceLocation: sourceLocation)
        }
    }

    /// The paths to try on a recording: every member of its last state two levels down, with wildcards.
    private func paths(of file: String) throws -> [String] {
        let source = try JournalSource(path: file)
        var paths = [".", "..id", "..name", ".nope"]
        if case .object(let object) = try source.state(at: source.lastStep) {
            for (key, value) in object.members {
                let member = JSONPath(segments: [.member(key)])
                paths.append(member.description)
                paths.append(JSONPath(segments: [.member(key), .member("count")]).description)
                paths.append(JSONPath(segments: [.member(key), .wildcard]).description)
                paths.append(JSONPath(segments: [.member(key), .index(0)]).description)
                if case .object(let inner) = value {
                    for key2 in inner.keys.prefix(3) { paths.append(JSONPath(segments: [.member(key), .member(key2)]).description) }
                }
                if case .array(let elements) = value, case .object(let first)? = elements.first {
                    for key2 in first.keys.prefix(3) {
                        paths.append(JSONPath(segments: [.member(key), .wildcard, .member(key2)]).description)
                        paths.append(JSONPath(segments: [.member(key), .index(elements.count / 2), .member(key2)]).description)
                    }
                }
            }
        }
        return paths
    }

    @Test func changesMatchTheIndexedSearchOnEveryShippedRecording() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.recordings).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.count >= 5)
        for name in files {
            let file = Self.recordings + "/" + name
            guard try RecordingLoader.isJournal(path: file) else { continue }
            try expectSameChanges(file, try paths(of: file))
        }
    }

    @Test func logAndLinearBisectMatchTheIndexedSearchOnEveryShippedRecording() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.recordings).filter { $0.hasSuffix(".jsonl") }.sorted()
        for name in files {
            let file = Self.recordings + "/" + name
            guard try RecordingLoader.isJournal(path: file) else { continue }
            let query = RecordingQuery(source: try JournalSource(path: file))
            var listed: [StepSummary] = []
            try JournalSearch(path: file).log { listed.append($0) }
            #expect(listed == (try query.log()), "\(name)")
            for pattern in ["*.add*", "bank.steal", "nothing.*"] {
                var typed: [StepSummary] = []
                try JournalSearch(path: file).log(typePattern: ActionPattern(pattern)) { typed.append($0) }
                #expect(typed == (try query.log(typePattern: ActionPattern(pattern))), "\(name) \(pattern)")
            }
            for text in ["step == 7", #"action.type == "bank.steal""#, "step > 1000000"] {
                let predicate = try StatePredicate(parsing: text)
                #expect(try JournalSearch(path: file).bisectLinear(predicate) == query.bisect(predicate, linear: true), "\(name) \(text)")
            }
        }
    }

    @Test func changesMatchOnPatchesKeyframesAndRangesOfAGeneratedJournal() throws {
        let directory = try TemporaryDirectory()
        var actions: [CounterAction] = []
        for index in 0..<300 {
            switch index % 7 {
            case 0, 3: actions.append(.increment)
            case 1: actions.append(.note("n\(index % 5)"))
            case 2: actions.append(.add(index % 3 == 0 ? 0 : 2))
            default: actions.append(.decrement)
            }
        }
        for interval in [1, 5, 1000] {
            let file = try Recordings.write(actions, to: directory.file("g\(interval).jsonl"), policy: Recordings.policy(interval: interval))
            try expectSameChanges(file, [".count", ".notes", ".notes[*]", ".notes[0]", ".notes[-1]", ".notes.count", ".", "..count", ".nope"])
            try expectSameChanges(file, [".count", ".notes[*]"], range: 40...77)
        }
    }

    @Test func aCancelledLogSaysSoInOneSentence() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("long.jsonl")
        let action = JournalAction(type: "counter.tick", label: "counter.tick", payload: .null)
        try Recordings.writeRaw((0..<2100).map { (action, ["count": .integer(Int64($0))]) }, to: file,
                                policy: Recordings.policy(interval: 100))
        #expect(throws: DebuggerError.cancelled("log")) {
            _ = try JournalSearch(path: file).log(isCancelled: { true }, found: { _ in })
        }
        #expect("\(DebuggerError.cancelled("log"))" == "The log was cancelled before it finished.")
    }

    @Test func aKeySpelledWithEscapesIsNotPassedOver() throws {
        let directory = try TemporaryDirectory()
        let action = JournalAction(type: "counter.set", label: "counter.set", payload: .null)
        // A long note keeps the state larger than a patch, so that the steps between keyframes are patches.
        let note = JSONValue.string(String(repeating: "n", count: 600))
        let states: [JSONValue] = (0..<12).map { ["count": 0, "notes": [note], "ab": .integer(Int64($0 / 3)), "a/b": .integer(Int64($0 / 4))] }
        let file = directory.file("escaped.jsonl")
        try Recordings.writeRaw(states.map { (action, $0) }, to: file, policy: Recordings.policy(interval: 100))
        var text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(#""path":"/ab""#))
        text = text.replacingOccurrences(of: #""path":"/ab""#, with: #""path":"/a\u0062""#)
            .replacingOccurrences(of: #""path":"/a~1b""#, with: #""path":"\/a~1b""#)
        try LineChecksum.resealed(text).write(toFile: file, atomically: true, encoding: .utf8)
        try expectSameChanges(file, [".ab", #".["a/b"]"#, ".count"])
        #expect(text.contains(#"\u0062"#))
        #expect(streamed(file, try JSONPath(parsing: ".ab")) == """
            step 1 counter.set: (absent) → 0
            step 4 counter.set: 0 → 1
            step 7 counter.set: 1 → 2
            step 10 counter.set: 2 → 3
            .ab changed at 4 of steps 1 to 12.
            """)
    }

    @Test func aTravelledJournalComparesEachStepWithItsParent() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("travel.jsonl")
        let recorder = try RecordingStore(app: TestApps.counter(), journal: file, clock: RecordingClock.fixed())
        recorder.dispatch(.add(1))
        recorder.dispatch(.add(10))
        recorder.dispatch(.note("x"))
        try recorder.undo(2)
        recorder.dispatch(.add(5))
        recorder.dispatch(.note("y"))
        try recorder.close()
        try expectSameChanges(file, [".count", ".notes[*]", "."])
        let predicate = try StatePredicate(parsing: ".count == 6")
        var streamed = try JournalSearch(path: file).bisectLinear(predicate)
        let indexed = try RecordingQuery(source: try JournalSource(path: file)).bisect(predicate, linear: true)
        // The one-pass search does not rebuild step 3, whose keyframe has the count of step 2.
        #expect(streamed.statesRead == indexed.statesRead - 1)
        streamed.statesRead = indexed.statesRead
        #expect(streamed == indexed)
    }

    @Test func aDamagedLineIsNoticedOnceAndStopsOnlyWhatReadsThroughIt() throws {
        let directory = try TemporaryDirectory()
        let file = try Recordings.write(Recordings.increments(6) + [.note("a"), .increment], to: directory.file("d.jsonl"),
                                        policy: Recordings.policy(interval: 3))
        var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        lines[3] = lines[3].replacingOccurrences(of: #""ms":3"#, with: #""ms":4"#)
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        var notices: [String] = []
        let search = JournalSearch(path: file) { notice in
            if case .damaged(let error) = notice { notices.append(error.description) }
        }
        var listed: [Int] = []
        try search.log { listed.append($0.step) }
        #expect(listed == [1, 2, 4, 5, 6, 7, 8])
        #expect(notices.count == 1)
        #expect(notices.first?.hasPrefix("\(file):4: step 3 is damaged: the line records checksum ") == true)
        try expectSameChanges(file, [".count"])
        try expectSameChanges(file, [".count", ".notes"], range: 5...8)
        try expectSameChanges(file, [".count"], range: 1...2)
    }

    @Test func aTornLastLineIsNoticedAtTheEnd() throws {
        let directory = try TemporaryDirectory()
        let file = try Recordings.write(Recordings.increments(3), to: directory.file("t.jsonl"))
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"step":4,"ti"#.utf8))
        try handle.close()
        var torn: [Int] = []
        let search = JournalSearch(path: file) { notice in
            if case .torn(let line) = notice { torn.append(line.line) }
        }
        let report = try search.changes(of: JSONPath(parsing: ".count"))
        #expect(report.description == ".count changed at 3 of steps 1 to 3.")
        #expect(torn == [5])
    }

    @Test func theSearchKeepsNothingUnlessAsked() throws {
        let directory = try TemporaryDirectory()
        let file = try Recordings.write(Recordings.increments(50), to: directory.file("k.jsonl"))
        var found = 0
        let report = try JournalSearch(path: file).changes(of: JSONPath(parsing: ".count"), found: { _ in found += 1 })
        #expect(report.changes.isEmpty)
        #expect(report.changeCount == 50)
        #expect(found == 50)
        #expect(report.summary == ".count changed at 50 of steps 1 to 50.")
    }

    @Test(arguments: [false, true])
    func aLinePassedOverThatChangesBeforeItIsReadBackIsReported(resealed: Bool) throws {
        // A large state keeps keyframes rare, so the patches before step 1030 are passed over and
        // noted by their place in the file; step 1030 adds to `.list`, which needs the whole state,
        // so they are read back. Step 1023's line is changed on disk in between (when the search
        // asks whether it is cancelled, at step 1024): reading it back must not take the new bytes.
        let directory = try TemporaryDirectory()
        let file = directory.file("changing.jsonl")
        let pad = JSONValue.string(String(repeating: "padding ", count: 4000))
        let steps: [(JournalAction, JSONValue)] = (1...1040).map { step in
            let list: JSONValue = step >= 1030 ? [1] : []
            return (JournalAction(type: "t.tick", label: "t.tick", payload: .null),
                    ["count": .integer(Int64(step)), "list": list, "pad": pad])
        }
        try Recordings.writeRaw(steps, to: file, policy: KeyframePolicy(interval: 100_000, smallStateBytes: 0))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.hasPrefix(#"{"step":1023,"#) })
        #expect(lines[line].contains(#""patch":[{"op":"replace","path":"/count","value":1023}]"#), "\(lines[line].prefix(200))")
        let lineStart = lines[..<line].reduce(0) { $0 + $1.utf8.count + 1 }
        let bytes = Array(lines[line].utf8), needle = Array(#""value":1023"#.utf8)
        let at = try #require((0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
        // The value's last digit, 3 to 9: the line keeps its length, not its checksum; resealed, it
        // also has the checksum of its new bytes, and only that it is another line tells it.
        var edited = bytes
        edited[at + needle.count - 1] = UInt8(ascii: "9")
        if resealed { edited = Array(LineChecksum.resealed(String(decoding: edited, as: UTF8.self)).utf8) }
        #expect(edited.count == bytes.count)
        var changed = false
        let search = JournalSearch(path: file)
        do {
            _ = try search.changes(of: JSONPath(parsing: ".list"), isCancelled: {
                if !changed, let handle = FileHandle(forUpdatingAtPath: file) {
                    try? handle.seek(toOffset: UInt64(lineStart))
                    try? handle.write(contentsOf: edited)
                    try? handle.close()
                    changed = true
                }
                return false
            })
            Issue.record("the search took the changed line")
        } catch {
            #expect(changed)
            #expect("\(error)".contains("changing.jsonl:\(line + 1): step 1023's line changed after it was checked, while the journal was being read"), "\(error)")
        }
    }
}

