import StateQuery
import TestFixtures
import TestSupport
import StateDebugger
import StateJSON
import StateJournal
import Testing

@Suite struct RecordingQueryTests {
    private static let longNote = CounterAction.note(String(repeating: "n", count: 2000))

    @Test func changesSkipsStepsWhosePatchCannotTouchThePath() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([Self.longNote, .increment, .note("b"), .increment, .add(2)],
                                        to: directory.file("changes.jsonl"), policy: Recordings.policy(interval: 100))
        let counting = CountingSource(try JournalSource(path: path))
        let report = try RecordingQuery(source: counting).changes(of: JSONPath(parsing: ".count"))
        #expect(report.changes.map(\.step) == [2, 4, 5])
        #expect(report.stepsSkipped == 1)
        #expect(report.statesRead == 5)
        #expect(counting.statesRead == 5)
        #expect(report.description == """
            step 2 counter.increment: 0 → 1
            step 4 counter.increment: 1 → 2
            step 5 counter.add(2): 2 → 4
            .count changed at 3 of steps 1 to 5.
            """)
    }

    @Test func changesFollowsWildcardPathsAndRanges() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.note("a"), .increment, .note("b"), .increment],
                                        to: directory.file("notes.jsonl"))
        let query = RecordingQuery(source: try JournalSource(path: path))
        let report = try query.changes(of: JSONPath(parsing: ".notes[*]"))
        #expect(report.changes.map(\.step) == [1, 3])
        #expect(report.changes[1].oldValue == "a")
        #expect(report.changes[1].newValue == ["a", "b"])
        #expect(report.changes[0].description == #"step 1 counter.note("a"): .notes[0] (absent) → "a""#)
        let later = try query.changes(of: JSONPath(parsing: ".count"), in: 3...4)
        #expect(later.changes.map(\.step) == [4])
        #expect(throws: DebuggerError.noSuchStep(9, source: path, range: 1...4)) {
            try query.changes(of: JSONPath(parsing: ".count"), in: 1...9)
        }
    }

    @Test func changesOfAWildcardNamesEachSelectedPathThatChanged() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.note("a"), .increment, .note("b")], to: directory.file("notes.jsonl"))
        let report = try RecordingQuery(source: try JournalSource(path: path)).changes(of: JSONPath(parsing: ".notes[*]"))
        #expect(report.description == """
            step 1 counter.note("a"): .notes[0] (absent) → "a"
            step 3 counter.note("b"): .notes[1] (absent) → "b"
            .notes[*] changed at 2 of steps 1 to 3.
            """)
        let change = ValueChange(step: 9, action: JournalAction(type: "counter.reset", label: "counter.reset", payload: .null),
                                 old: [.init(pointer: JSONPointer(tokens: ["notes", "0"]), value: "a"),
                                       .init(pointer: JSONPointer(tokens: ["notes", "1"]), value: "b")],
                                 new: [.init(pointer: JSONPointer(tokens: ["notes", "0"]), value: "a")])
        #expect(change.rendered(namingPaths: true) == """
            step 9 counter.reset: .notes[1] "b" → (absent)
            """)
        let both = ValueChange(step: 9, action: change.action, old: change.old, new: [])
        #expect(both.rendered(namingPaths: true) == """
            step 9 counter.reset:
              .notes[0] "a" → (absent)
              .notes[1] "b" → (absent)
            """)
    }

    @Test func changesSaysAPathNeverChanged() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.increment, .increment], to: directory.file("never.jsonl"))
        let query = RecordingQuery(source: try JournalSource(path: path))
        #expect(try query.changes(of: JSONPath(parsing: ".notes")).description == ".notes never changed in steps 1 to 2.")
        // A path that selects nothing anywhere is a mistake, not a value that never changed.
        #expect(throws: DebuggerError.pathSelectsNothing(path: ".nope", hint: "the keys there are .count, .notes.", source: path)) {
            try query.changes(of: JSONPath(parsing: ".nope"))
        }
        #expect(throws: DebuggerError.pathSelectsNothing(path: ".note", hint: "did you mean .notes?", source: path)) {
            try query.changes(of: JSONPath(parsing: ".note"))
        }
    }

    @Test func changesHandsOverEachChangeAsItIsFound() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.increment, .note("a"), .increment], to: directory.file("found.jsonl"))
        var found: [Int] = []
        let report = try RecordingQuery(source: try JournalSource(path: path))
            .changes(of: JSONPath(parsing: ".count"), found: { found.append($0.step) })
        #expect(found == [1, 3])
        #expect(report.changes.map(\.step) == found)
    }

    @Test func bisectUsesBinarySearchWhenThePredicateHoldsAtTheEnd() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Recordings.increments(64), to: directory.file("bisect.jsonl"))
        let counting = CountingSource(try JournalSource(path: path))
        let report = try RecordingQuery(source: counting).bisect(StatePredicate(parsing: ".count >= 40"))
        #expect(report.step == 40)
        #expect(report.method == .binarySearch)
        #expect(report.statesRead == 7)
        #expect(counting.statesRead == 7)
        #expect(report.description == ".count >= 40 first holds at step 40 (counter.increment) if it stays true once it holds: binary search read 7 of 65 states; --linear reads them all.")
    }

    @Test func bisectScansWhenThePredicateDoesNotHoldAtTheEnd() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Recordings.increments(64), to: directory.file("scan.jsonl"))
        let query = RecordingQuery(source: try JournalSource(path: path))
        let scan = try query.bisect(StatePredicate(parsing: ".count == 10"))
        #expect(scan.step == 10)
        #expect(scan.description == ".count == 10 first holds at step 10 (counter.increment); linear scan, because the predicate does not hold at the last step; 12 states read.")
        let forced = try query.bisect(StatePredicate(parsing: ".count >= 40"), linear: true)
        #expect(forced.step == 40)
        #expect(forced.statesRead == 41)
        #expect(forced.method == .forcedLinearScan)
        let never = try query.bisect(StatePredicate(parsing: ".count < 0"))
        #expect(never.step == nil)
        #expect(never.description == ".count < 0 never holds in steps 0 to 64; linear scan, because the predicate does not hold at the last step; 65 states read.")
        let initial = try query.bisect(StatePredicate(parsing: ".count >= 0"))
        #expect(initial.step == 0)
        #expect(initial.description.hasPrefix(".count >= 0 first holds at step 0 (the initial state) if it stays true once it holds: binary search"))
    }

    @Test func bisectSeesTheActionAndTheStep() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.note("a"), .increment, .note("b"), .note("c")], to: directory.file("action.jsonl"))
        let query = RecordingQuery(source: try JournalSource(path: path))
        let report = try query.bisect(StatePredicate(parsing: #"action.type == "counter.note" and step > 2"#), linear: true)
        #expect(report.step == 3)
        #expect(report.action?.label == #"counter.note("b")"#)
    }

    /// A predicate over the action holds at some steps and not at the next: a binary search from the last
    /// step, where it holds, would stop at a later step than the first. It is scanned instead.
    @Test func bisectScansAPredicateOverTheActionFromTheFirstStep() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.increment, .note("a"), .increment, .increment, .increment, .note("b")],
                                        to: directory.file("notes.jsonl"))
        let query = RecordingQuery(source: try JournalSource(path: path))
        let report = try query.bisect(StatePredicate(parsing: #"action.type == "counter.note""#))
        #expect(report.step == 2)
        #expect(report.method == .linearScanOfAction)
        #expect(report.description == #"action.type == "counter.note" first holds at step 2 (counter.note("a")); linear scan, because a predicate over the action or the step number can hold at one step and not at the next; 3 states read."#)
        let step = try query.bisect(StatePredicate(parsing: "step == 4"))
        #expect(step.step == 4)
        #expect(step.method == .linearScanOfAction)
        let state = try query.bisect(StatePredicate(parsing: ".count >= 2"))
        #expect(state.method == .binarySearch)
        #expect(state.step == 3)
    }

    @Test func findMatchesTypeGlobsAndLabelText() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.note("alpha"), .increment, .add(3), .note("beta"), .decrement],
                                        to: directory.file("find.jsonl"))
        let query = RecordingQuery(source: try JournalSource(path: path))
        #expect(try query.find(ActionPattern("counter.*")).map(\.step) == [1, 2, 3, 4, 5])
        #expect(try query.find(ActionPattern("counter.?ecrement")).map(\.step) == [5])
        #expect(try query.find(ActionPattern("*.note")).map(\.step) == [1, 4])
        #expect(try query.find(ActionPattern("beta")).map(\.step) == [4])
        #expect(try query.find(ActionPattern("counter.add")).map(\.description) == ["     3  counter.add(3)"])
        #expect(try query.find(ActionPattern("nothing")).isEmpty)
    }

    @Test func logListsARangeFilteredByType() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.note("alpha"), .increment, .add(3), .increment], to: directory.file("log.jsonl"))
        let query = RecordingQuery(source: try JournalSource(path: path))
        #expect(try query.log().map(\.description).joined(separator: "\n") == """
                 1  counter.note("alpha")
                 2  counter.increment
                 3  counter.add(3)
                 4  counter.increment
            """)
        #expect(try query.log(2...3).map(\.step) == [2, 3])
        #expect(try query.log(typePattern: ActionPattern("counter.increment")).map(\.step) == [2, 4])
        #expect(try query.log()[1].line == 3)
    }

    @Test func badPredicatesAndPathsAreUsageErrorsWithTheColumn() throws {
        do {
            _ = try StatePredicate(parsing: ".count == ")
            Issue.record("the predicate parsed")
        } catch {
            let wrapped = DebuggerError.badPredicate(error)
            #expect(wrapped.exitStatus == 64)
            #expect(wrapped.description == "The predicate .count ==  is not valid at column \(error.column): \(error.message).")
            #expect(error.column == 11)
        }
        do {
            _ = try JSONPath(parsing: ".count[")
            Issue.record("the path parsed")
        } catch {
            let wrapped = DebuggerError.badPath(error, text: ".count[")
            #expect(wrapped.exitStatus == 64)
            #expect(wrapped.description == "The path .count[ is not valid at column \(error.column): \(error.message).")
            #expect(error.column == 8)
        }
    }
}
