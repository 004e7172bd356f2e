import TestFixtures
import TestSupport
import StateJSON
import StateTesting
import Testing

@Suite struct AssertReplayTests {
    @Test func passesWhenTheReducerStillProducesTheRecordedStates() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.increment, .add(2), .note("hi")], app: TestApps.app, to: folder.file("counter.jsonl"))

        let result = assertReplay(path, app: TestApps.app)

        #expect(result.passed)
        #expect(result.report?.checkedThrough == 3)
        #expect(try result.finalState(as: CounterState.self) == CounterState(count: 3, notes: ["hi"]))
        #expect(result.description == "\(path): replayed steps 1 to 3; every state matches the recording")
    }

    @Test func aChangedReducerFailsAtTheFirstDifferingStepWithADiff() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.increment, .note("a"), .add(2), .add(1)], app: TestApps.app, to: folder.file("counter.jsonl"))

        let result = RecordingReplay.run(recording: path, app: TestApps.broken)

        #expect(result.message == """
            step 3 counter.add(2): state differs from the recording (Recorded: -, Actual: +)
              {
            -   "count": 3,
            +   "count": 5,
                … (1 unchanged)
              }
            """)
        #expect(result.report?.checkedThrough == 2)
        #expect(result.finalState == nil)
    }

    @Test func recordsTheFailureAtTheCallersLine() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.add(2)], app: TestApps.app, to: folder.file("counter.jsonl"))
        let expectedLine = #line + 3

        withKnownIssue {
            assertReplay(path, app: TestApps.broken)
        } matching: { issue in
            issue.sourceLocation?.line == expectedLine
                && issue.sourceLocation?.fileID == #fileID
                && issue.comments.map(\.rawValue) == ["""
                    step 1 counter.add(2): state differs from the recording (Recorded: -, Actual: +)
                      {
                    -   "count": 2,
                    +   "count": 4,
                        "notes": []
                      }
                    """]
        }
    }

    @Test func aValidatorThatNowRejectsARecordedActionFails() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.add(3), .increment], app: TestApps.app, to: folder.file("counter.jsonl"))

        let result = RecordingReplay.run(recording: path, app: TestApps.capped)

        #expect(result.message == """
            step 2 counter.increment: the recording applied this action, but the validator "atMostThree" now rejects it: the count would be 4.
            """)
    }

    @Test func aRecordingWithoutStepsPasses() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction](), app: TestApps.app, to: folder.file("empty.jsonl"))

        let result = RecordingReplay.run(recording: path, app: TestApps.app)

        #expect(result.passed)
        #expect(result.description == "\(path): no steps to replay")
    }

    @Test func aRelativePathIsResolvedAgainstThePackageRoot() throws {
        let result = RecordingReplay.run(recording: "Tests/StateTestingTests/no-such-recording.jsonl", app: TestApps.app)

        #expect(result.resolvedPath.hasSuffix("/Tests/StateTestingTests/no-such-recording.jsonl"))
        #expect(result.resolvedPath.hasPrefix("/"))
        #expect(result.recording == "Tests/StateTestingTests/no-such-recording.jsonl")
    }
}

@Suite struct FinalStateTests {
    @Test func aMatchingFinalStateRecordsNothing() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.add(2)], app: TestApps.app, to: folder.file("counter.jsonl"))
        let result = assertReplay(path, app: TestApps.app)

        assertFinalState(of: result, equalsJSON: #"{"count": 2, "notes": []}"#, as: CounterState.self)
    }

    @Test func aDifferentFinalStateFailsWithADiff() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.add(2)], app: TestApps.app, to: folder.file("counter.jsonl"))
        let result = assertReplay(path, app: TestApps.app)

        withKnownIssue {
            assertFinalState(of: result, equalsJSON: #"{"count": 3, "notes": []}"#, as: CounterState.self)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["""
                the final state differs from the expected one (Expected: -, Actual: +)
                  {
                -   "count": 3,
                +   "count": 2,
                    "notes": []
                  }
                """]
        }
    }

    @Test func anExpectedStateThatDoesNotDecodeFails() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.add(2)], app: TestApps.app, to: folder.file("counter.jsonl"))
        let result = assertReplay(path, app: TestApps.app)

        withKnownIssue {
            assertFinalState(of: result, equalsJSON: #"{"count": "two", "notes": []}"#, as: CounterState.self)
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix(
                "the expected final state does not decode as TestFixtures.CounterState: ") == true
        }
    }
}
