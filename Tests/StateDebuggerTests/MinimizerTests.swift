import StateQuery
import TestFixtures
import TestSupport
import StateDebugger
import StateJSON
import StateJournal
import Testing

@Suite struct MinimizerTests {
    /// 40 actions where the bug needs the notes of steps 3 and 17 and nothing else.
    private static let actions: [CounterAction] = (1...40).map { step in
        switch step {
        case 3: .note("a")
        case 17: .note("b")
        case let step where step % 5 == 0: .note("x\(step)")
        default: .increment
        }
    }

    @Test func ddminFindsTheTwoActionsTheBugNeeds() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Self.actions, to: directory.file("forty.jsonl"))
        let predicate = try StatePredicate(parsing: #".notes contains "a" and .notes contains "b""#)
        let minimizer = Minimizer(source: try JournalSource(path: path), app: TestApps.counter())
        var sizes: [Int] = []
        let report = try minimizer.minimize(predicate, progress: { sizes.append($0) })
        #expect(report.keptSteps == [3, 17])
        #expect(report.originalCount == 40)
        #expect(sizes.last == 2)
        #expect(report.description == #".notes contains "a" and .notes contains "b" still holds with 2 of 40 actions (steps 3, 17); \#(report.replays) replays."#)

        let output = directory.file("forty-min.jsonl")
        let saved = try minimizer.write(report.keptSteps, to: output)
        #expect(saved.steps == 2)
        let minimized = try JournalSource(path: output)
        #expect(minimized.info.header.firstStep == 1)
        #expect(minimized.info.app == "counter")
        #expect(minimized.reader.validate().isEmpty)
        #expect(try (1...2).map { try minimized.action(at: $0).label } == [#"counter.note("a")"#, #"counter.note("b")"#])
        #expect(try ReplayVerifier(source: minimized, app: TestApps.counter()).verify().passed)
        #expect(predicate.evaluate(state: try minimized.state(at: 2), action: nil, step: 2))
        #expect(throws: DebuggerError.fileExists(path: output)) { try minimizer.write(report.keptSteps, to: output) }
    }

    /// A state replacement as a recorder writes it (payload `null`; the step holds the state) is taken
    /// as the change it recorded, and kept when the predicate needs it.
    @Test func aStateReplacementStepIsTakenAsTheChangeItRecorded() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("replaced.jsonl")
        try Recordings.writeRaw([
            (JournalAction(type: "counter.increment", label: "counter.increment", payload: ["increment": [:]]), ["count": 1, "notes": []]),
            (JournalAction.stateReplacement(), ["count": 1, "notes": ["loaded"]]),
            (JournalAction(type: "counter.increment", label: "counter.increment", payload: ["increment": [:]]), ["count": 2, "notes": ["loaded"]]),
        ], to: path)
        let minimizer = Minimizer(source: try JournalSource(path: path), app: TestApps.counter())
        let report = try minimizer.minimize(StatePredicate(parsing: #".notes contains "loaded""#))
        #expect(report.keptSteps == [2])
        #expect(report.description.hasSuffix("""
            step 2 replaces the state from outside the reducer (statedbg.replaceState): the candidates took the change it recorded.
            """))
        try minimizer.write(report.keptSteps, to: directory.file("min.jsonl"))
        let minimized = try JournalSource(path: directory.file("min.jsonl"))
        #expect(try minimized.state(at: 1) == ["count": 0, "notes": ["loaded"]])
    }

    @Test func candidatesTheValidatorsRejectDoNotReproduce() throws {
        let directory = try TemporaryDirectory()
        // The decrement of step 4 is only valid after the increments before it.
        let path = try Recordings.write([.increment, .note("x"), .increment, .decrement, .decrement, .note("done")],
                                        to: directory.file("valid.jsonl"))
        let predicate = try StatePredicate(parsing: #".count == 0 and .notes contains "done""#)
        let report = try Minimizer(source: try JournalSource(path: path), app: TestApps.nonNegativeCounter()).minimize(predicate)
        #expect(report.keptSteps == [6])
        let strict = try StatePredicate(parsing: #"any(.notes[*] == "done") and step >= 3"#)
        let kept = try Minimizer(source: try JournalSource(path: path), app: TestApps.nonNegativeCounter()).minimize(strict).keptSteps
        #expect(kept.count == 3)
        #expect(kept.last == 6)
    }

    @Test func refusesAPredicateTheRecordingNeverSatisfies() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Recordings.increments(4), to: directory.file("never.jsonl"))
        let minimizer = Minimizer(source: try JournalSource(path: path), app: TestApps.counter())
        #expect(throws: DebuggerError.predicateNeverHolds(".count > 10", source: path)) {
            try minimizer.minimize(StatePredicate(parsing: ".count > 10"))
        }
        #expect(DebuggerError.predicateNeverHolds(".count > 10", source: "never.jsonl").exitStatus == 1)
    }

    @Test func reportsTheReplayFailureThatKeepsThePredicateFromHolding() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("unknown.jsonl")
        try Recordings.writeRaw([
            (JournalAction(type: "counter.increment", label: "counter.increment", payload: ["increment": [:]]), ["count": 1, "notes": []]),
            (JournalAction(type: "counter.reset", label: "counter.reset", payload: ["reset": [:]]), ["count": 0, "notes": []]),
        ], to: path)
        let minimizer = Minimizer(source: try JournalSource(path: path), app: TestApps.counter())
        #expect(throws: DebuggerError.unknownActionType("counter.reset", step: 2, line: 3, source: path,
                                                          known: "counter.add, counter.decrement, counter.increment, counter.note")) {
            try minimizer.minimize(StatePredicate(parsing: ".count == 0 and step == 2"))
        }
        let rejecting = Minimizer(source: try JournalSource(path: try Recordings.write([.increment, .decrement, .decrement], to: directory.file("minus.jsonl"),
                                                                                         app: TestApps.counter())),
                                  app: TestApps.nonNegativeCounter())
        let error = #expect(throws: DebuggerError.self) { try rejecting.minimize(StatePredicate(parsing: ".count < 0")) }
        #expect(error?.description.hasPrefix("\(directory.file("minus.jsonl")):4: step 3 cannot be replayed: ") == true)
        #expect(error?.description.contains("the validator nonNegative rejects it: the count would be -1") == true)
    }
}
