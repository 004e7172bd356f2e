import TestFixtures
import TestSupport
import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import StateStore
import Testing

@Suite struct ReplayVerifierTests {
    @Test func passesOnAnUntouchedRecording() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("generated.jsonl")
        let app = TestApps.counter()
        let summary = try app.record(to: path, steps: 300, seed: 7, options: RecorderOptions(), clock: RecordingClock.fixed())
        #expect(summary.applied == 300)
        var progressed: [Int] = []
        let report = try ReplayVerifier(source: try JournalSource(path: path), app: app)
            .verify(progressInterval: 100, progress: { progressed.append($0) })
        #expect(report.passed)
        #expect(progressed == [99, 199, 299, 300])
        #expect(report.description == """
            schema: compatible: the recording's state and action types match the current code
            replayed steps 1 to 300 of \(path): every state matches the recording
            """)
    }

    @Test func reportsTheFirstDivergingStepWithADiff() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.increment, .add(2), .increment, .add(3)], to: directory.file("add.jsonl"))
        let changed = TestApps.counter(addMultiplier: 2)
        let report = try ReplayVerifier(source: try JournalSource(path: path), app: changed).verify()
        let divergence = try #require(report.divergence)
        #expect(!report.passed)
        #expect(divergence.step == 2)
        #expect(divergence.line == 3)
        #expect(divergence.kind == .stateMismatch)
        #expect(divergence.recorded["count"] == 3)
        #expect(divergence.actual["count"] == 5)
        #expect(divergence.patch.jsonValue.canonicalText == #"[{"op":"replace","path":"/count","value":5}]"#)
        #expect(divergence.description == """
            \(path):3: step 2 (counter.add(2)) diverges: the current code produces a different state (- recorded, + replayed):
              {
            -   "count": 3,
            +   "count": 5,
                "notes": []
              }
            """)
        #expect(report.checkedThrough == 1)
    }

    @Test func anActionTheValidatorsNowRejectIsADivergence() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.increment, .decrement, .decrement], to: directory.file("negative.jsonl"))
        let report = try ReplayVerifier(source: try JournalSource(path: path), app: TestApps.nonNegativeCounter()).verify()
        let divergence = try #require(report.divergence)
        #expect(divergence.step == 3)
        #expect(divergence.kind == .rejected(Rejection(validator: "nonNegative", reason: "the count would be -1")))
        #expect(divergence.description == "\(path):4: step 3 (counter.decrement) diverges: the recording applied it but the current validator nonNegative rejects it: the count would be -1.")
    }

    @Test func unknownActionTypeNamesTheStep() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("unknown.jsonl")
        try Recordings.writeRaw([
            (JournalAction(type: "counter.increment", label: "counter.increment", payload: ["increment": [:]]), ["count": 1, "notes": []]),
            (JournalAction(type: "counter.reset", label: "counter.reset", payload: ["reset": [:]]), ["count": 0, "notes": []]),
        ], to: path)
        let verifier = ReplayVerifier(source: try JournalSource(path: path), app: TestApps.counter())
        #expect(throws: DebuggerError.unknownActionType("counter.reset", step: 2, line: 3, source: path,
                                                          known: "counter.add, counter.decrement, counter.increment, counter.note")) {
            try verifier.verify()
        }
        let error = DebuggerError.unknownActionType("counter.reset", step: 2, line: 3, source: "unknown.jsonl", known: "counter.add")
        #expect(error.description == #"unknown.jsonl:3: unknown action type "counter.reset" at step 2; the current code knows: counter.add."#)
    }

    @Test func replaceStateStepsAreTakenAsRecorded() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("replace.jsonl")
        try Recordings.writeRaw([
            (JournalAction(type: "counter.increment", label: "counter.increment", payload: ["increment": [:]]), ["count": 1, "notes": []]),
            (JournalAction.stateReplacement(payload: ["count": 42, "notes": ["loaded"]]), ["count": 42, "notes": ["loaded"]]),
            (JournalAction(type: "counter.increment", label: "counter.increment", payload: ["increment": [:]]), ["count": 43, "notes": ["loaded"]]),
        ], to: path)
        let report = try ReplayVerifier(source: try JournalSource(path: path), app: TestApps.counter()).verify()
        #expect(report.passed)
        #expect(report.checkedThrough == 3)
    }

    /// A recording whose steps only replace the state replays no action, so its verification checked
    /// nothing and does not pass.
    @Test func aVerificationThatReplayedNoStepDoesNotPass() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("replaced.jsonl")
        try Recordings.writeRaw([
            (JournalAction.stateReplacement(), ["count": 42, "notes": []]),
            (JournalAction.stateReplacement(), ["count": 7, "notes": []]),
        ], to: path)
        let report = try ReplayVerifier(source: try JournalSource(path: path), app: TestApps.counter()).verify()
        #expect(report.verifiedNothing)
        #expect(!report.passed)
        #expect(report.replayedSteps == 0 && report.stateReplacements == 2)
        #expect(report.coverageSummary == "verified 0 of 2 steps: no step could be replayed, so nothing was checked")
        #expect(report.stateReplacementNote == "2 steps replace the state from outside the reducer (statedbg.replaceState): the replay took their recorded states, as the app had them")
    }

    @Test func stopsWhenCancelled() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Recordings.increments(50), to: directory.file("long.jsonl"))
        let report = try ReplayVerifier(source: try JournalSource(path: path), app: TestApps.counter())
            .verify(progressInterval: 10, isCancelled: { true })
        #expect(report.cancelled)
        #expect(!report.passed)
        #expect(report.checkedThrough == 9)
        #expect(report.description.hasSuffix("cancelled after step 9 of 50 of \(path); the steps so far match the recording"))
    }

    @Test func checksTheSchemaFirst() throws {
        let directory = try TemporaryDirectory()
        let withoutNotes = TestApps.counter(samples: [.increment, .decrement, .add(1)])
        let path = try Recordings.write([.increment], to: directory.file("schema.jsonl"), app: withoutNotes)
        let source = try JournalSource(path: path)
        #expect(ReplayVerifier(source: source, app: withoutNotes).compatibility == .compatible)
        #expect(ReplayVerifier(source: source, app: TestApps.counter()).compatibility == .risky(["the action counter.note is new"]))

        let full = try Recordings.write([.increment], to: directory.file("full.jsonl"))
        let report = try ReplayVerifier(source: try JournalSource(path: full), app: withoutNotes).verify()
        #expect(report.compatibility == .incompatible(["the action counter.note no longer exists"]))
        #expect(report.description.hasPrefix("schema: incompatible: the action counter.note no longer exists\n"))
    }
}
