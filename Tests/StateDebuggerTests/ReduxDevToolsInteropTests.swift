import TestFixtures
import TestSupport
import Foundation
import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import StateStore
import Testing

/// Redux DevTools both ways: every form of its exports opens (the samples in `../shared/conformance/
/// redux-devtools-exports` among them), and a recording exported as a lifted state reads back with the
/// same state at every step.
@Suite struct ReduxDevToolsInteropTests {
    /// `<package root>/../shared/conformance/redux-devtools-exports`.
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/conformance/redux-devtools-exports")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: samples.path),
                   "the samples are not at ../shared/conformance/redux-devtools-exports, so this did not run"))
    func everySampleOpensAndListsItsActions() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count == 12)
        for name in names {
            let source = try RecordingLoader.open(path: Self.samples.appendingPathComponent(name).path)
            let log = try RecordingQuery(source: source).log()
            #expect(log.count == source.lastStep, "\(name)")
            #expect(log.allSatisfy { !$0.action.type.isEmpty }, "\(name)")
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: samples.path), "the samples are not there, so this did not run"))
    func monitorErrorsAndSkippedActionsAreShownAtTheirStep() throws {
        let errors = try RecordingLoader.open(path: Self.samples.appendingPathComponent("r12-error-entries-lifted.json").path)
        #expect(try RecordingQuery(source: errors).log().map(\.action.label) == [
            "INCREMENT",
            "DECREMENT [error: TypeError: Cannot read properties of undefined (reading 'x')]",
            "INCREMENT [error: Interrupted by an error up the chain]",
        ])
        let skipped = try RecordingLoader.open(path: Self.samples.appendingPathComponent("r10-skipped-action-lifted.json").path)
        #expect(try RecordingQuery(source: skipped).log().map(\.action.label) == ["INCREMENT", "DECREMENT [skipped]", "INCREMENT"])
        #expect(try skipped.state(at: 2) == skipped.state(at: 1))
    }

    static let exportFile: JSONValue = [
        "payload": #"[{"type":"INCREMENT"},{"type":"INCREMENT","by":2},{"type":"DECREMENT"}]"#,
        "preloadedState": #"{"count":5,"notes":[]}"#,
    ]

    @Test func theExtensionsExportFileHasTheInitialStateAndSaysTheOthersWereNotExported() throws {
        let source = try ReduxDevToolsImport(document: Self.exportFile, name: "export.json")
        #expect(source.lastStep == 3)
        #expect(!source.hasStates)
        #expect(try source.state(at: 0) == ["count": 5, "notes": []])
        #expect(try RecordingQuery(source: source).log().map(\.action.label) == ["INCREMENT", "INCREMENT(by)", "DECREMENT"])
        #expect(throws: DebuggerError.stateNotExported(step: 2, source: "export.json")) { try source.state(at: 2) }
        #expect(DebuggerError.stateNotExported(step: 2, source: "export.json").description
            == "export.json: the state after step 2 was not exported: this Redux DevTools Export file holds the actions and the state before them only; replaying it through your app's reducer (`statedbg replay FILE --verify` with the app registered) computes the states, or export the lifted state from DevTools to keep them.")
    }

    /// A Redux-style counter: its actions are `{"type": …}` objects, as the exports hold them.
    struct ReduxAction: Codable, Sendable, Equatable {
        var type: String
        var by: Int?
    }

    static func reduxCounter(step: Int = 1) -> RecordableApp<CounterState, ReduxAction> {
        RecordableApp(id: "redux", initialState: CounterState(), reducer: Reducer { state, action in
            switch action.type {
            case "INCREMENT": state.count += (action.by ?? 1) * step
            case "DECREMENT": state.count -= step
            default: break
            }
        }, actionSamples: [ReduxAction(type: "INCREMENT")])
    }

    @Test func aRegisteredAppReplaysAnExportFileAndComputesItsStates() throws {
        let source = try ReduxDevToolsImport(document: Self.exportFile, name: "export.json")
        let report = try ReplayVerifier(source: source, app: Self.reduxCounter()).verify()
        #expect(report.passed, "\(report)")
        #expect(report.checkedThrough == 3)
    }

    @Test func aRegisteredAppComputesTheStatesAnExportFileLacks() throws {
        let source = try ReduxDevToolsImport(document: Self.exportFile, name: "export.json")
        let computed = try source.computingStates(with: Self.reduxCounter())
        #expect(computed.hasStates)
        #expect(try computed.steps.map { try computed.state(at: $0)["count"] } == [5, 6, 8, 7])
        #expect(try computed.action(at: 2) == source.action(at: 2))
        // Without a preloaded state, the app's initial state is step 0.
        let bare = try ReduxDevToolsImport(document: ["payload": #"[{"type":"INCREMENT","by":3}]"#], name: "bare.json")
        #expect(try bare.computingStates(with: Self.reduxCounter()).state(at: 1)["count"] == 3)
    }

    @Test func anActionTheAppCannotApplyIsNamedByItsStep() throws {
        let source = try ReduxDevToolsImport(document: ["payload": #"[{"type":"INCREMENT"},{"type":"INCREMENT","by":"two"}]"#,
                                                        "preloadedState": #"{"count":0,"notes":[]}"#], name: "export.json")
        #expect {
            try source.computingStates(with: Self.reduxCounter())
        } throws: { error in
            guard case .replayFailed(_, let step, _, let name)? = error as? DebuggerError else { return false }
            return step == 2 && name == "export.json"
        }
    }

    @Test func aJournalExportedForReduxDevToolsReadsBackWithTheSameStates() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("counter.jsonl")
        try Recordings.write([.increment, .add(4), .note("a \u{1B}[31m note"), .decrement], to: path)
        let journal = try JournalSource(path: path)
        let lifted = try ReduxDevToolsExport.liftedState(of: journal)
        let back = try ReduxDevToolsImport(text: lifted.canonicalText, name: "counter.redux.json")
        #expect(back.lastStep == journal.lastStep)
        for step in journal.steps {
            #expect(try back.state(at: step) == journal.state(at: step), "step \(step)")
        }
        #expect(try back.action(at: 2).payload == ["type": .string(journal.action(at: 2).type), "label": .string(journal.action(at: 2).label), "payload": ["add": ["_0": 4]]])
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: samples.path), "the samples are not there, so this did not run"))
    func anImportExportedAgainKeepsItsStatesSkipsAndErrors() throws {
        for name in ["r1-redux-form-signup-lifted.json", "r10-skipped-action-lifted.json", "r12-error-entries-lifted.json"] {
            let source = try ReduxDevToolsImport(text: String(contentsOf: Self.samples.appendingPathComponent(name), encoding: .utf8), name: name)
            let back = try ReduxDevToolsImport(text: ReduxDevToolsExport.liftedState(of: source).canonicalText, name: name)
            #expect(back.lastStep == source.lastStep, "\(name)")
            for step in source.steps {
                #expect(try back.state(at: step) == source.state(at: step), "\(name) step \(step)")
                if step > 0 { #expect(try back.action(at: step) == source.action(at: step), "\(name) step \(step)") }
            }
            #expect(back.skippedSteps == source.skippedSteps)
            #expect(back.monitorErrors == source.monitorErrors)
        }
    }
}
