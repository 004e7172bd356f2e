import TestFixtures
import TestSupport
import StateDebugger
import StateJSON
import StateJournal
import Testing

@Suite struct TimelineTests {
    @Test func movesAndJumpsAcrossKeyframes() throws {
        let directory = try TemporaryDirectory()
        // A long note makes the state big enough that the increments are stored as patches.
        let actions = [CounterAction.note(String(repeating: "n", count: 2000))] + Recordings.increments(9)
        let path = try Recordings.write(actions, to: directory.file("ten.jsonl"))
        let source = try JournalSource(path: path)
        #expect(source.reader.keyframeSteps == [1, 5, 9])
        let timeline = Timeline(source: source)
        #expect(timeline.step == 0)
        #expect(try timeline.currentState()["count"] == 0)
        #expect(try timeline.currentAction() == nil)
        try timeline.jump(to: 8)
        #expect(try timeline.currentState()["count"] == 7)
        try timeline.move(by: -4)
        #expect(try timeline.currentState()["count"] == 3)
        try timeline.move(by: 6)
        #expect(try timeline.currentState()["count"] == 9)
        try timeline.jump(to: -1)
        #expect(timeline.step == 10)
        #expect(try timeline.currentState()["count"] == 9)
        try timeline.jump(to: -3)
        #expect(timeline.step == 8)
        #expect(try timeline.currentAction()?.type == "counter.increment")
        #expect(timeline.first() == 0)
        #expect(timeline.last() == 10)
    }

    @Test func refusesStepsOutsideTheBranch() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Recordings.increments(3), to: directory.file("three.jsonl"))
        let timeline = Timeline(source: try JournalSource(path: path))
        #expect(throws: DebuggerError.noSuchStep(4, source: path, range: 0...3)) { try timeline.jump(to: 4) }
        #expect(throws: DebuggerError.noSuchStep(-1, source: path, range: 0...3)) { try timeline.move(by: -1) }
        try timeline.jump(to: 2)
        #expect(throws: DebuggerError.noSuchStep(Int.max, source: path, range: 0...3)) { try timeline.move(by: Int.max) }
        #expect(timeline.step == 2)
        timeline.first()
        let error = DebuggerError.noSuchStep(4, source: "three.jsonl", range: 0...3)
        #expect(error.description == "three.jsonl: there is no step 4; the steps are 0 to 3.")
        #expect(error.exitStatus == 64)
        #expect(timeline.step == 0)
    }

    @Test func undoAndRedoWalkTheHistoryOfMoves() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Recordings.increments(5), to: directory.file("five.jsonl"))
        let timeline = Timeline(source: try JournalSource(path: path))
        #expect(timeline.undo() == nil)
        try timeline.jump(to: 4)
        try timeline.move(by: -2)
        #expect(timeline.undo()?.step == 4)
        #expect(timeline.undo()?.step == 0)
        #expect(timeline.undo() == nil)
        #expect(timeline.redo()?.step == 4)
        try timeline.jump(to: 1)
        #expect(timeline.redo() == nil)
        #expect(timeline.undo()?.step == 4)
    }

    @Test func diffsTwoStepsAsPatchAndText() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.add(2), .note("hi")], to: directory.file("diff.jsonl"))
        let timeline = Timeline(source: try JournalSource(path: path))
        let diff = try #require(try timeline.diff(from: 0, to: 2))
        #expect(diff.patch.jsonValue.canonicalText == #"[{"op":"replace","path":"/count","value":2},{"op":"add","path":"/notes/0","value":"hi"}]"#)
        #expect(diff.rendered == """
              {
            -   "count": 0,
            +   "count": 2,
                "notes": [
            +     "hi"
                ]
              }
            """)
        #expect(try timeline.diff(from: 1, to: 1) == nil)
    }
}
