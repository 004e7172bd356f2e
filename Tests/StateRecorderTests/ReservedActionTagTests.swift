import ExampleApps
import Foundation
import StateJSON
import StateJournal
import StateRecorder
import TestSupport
import Testing

/// The `statedbg.` tag namespace: the one factory of a state-replacement step, its replay mode, the
/// journal format's example of it, and the registry's refusal of a reserved name.
@Suite struct ReservedActionTagTests {
    private struct Tick: Codable {}

    @Test func eachStepHasTheReplayModeItsActionSays() throws {
        #expect(JournalAction(type: "bank.pay", label: "bank.pay(…)", payload: [:]).replayMode == .decode)
        #expect(JournalAction(type: "Tick", label: "Tick()", payload: [:], coding: .reflection).replayMode == .notReplayable)
        #expect(JournalAction.stateReplacement().replayMode == .recordedState)
        #expect(JournalAction.stateReplacement(payload: ["count": 1]).type == ReservedActionTag.replaceState)
        // The mode is the journal's: it survives a line's round trip.
        let reflected = JournalAction(type: "Tick", label: "Tick()", payload: [:], coding: .reflection)
        #expect(try JournalAction(jsonValue: reflected.jsonValue).replayMode == .notReplayable)
        #expect(try JournalAction(jsonValue: JournalAction.stateReplacement().jsonValue).replayMode == .recordedState)
        #expect(ReservedActionTag.isReserved("statedbg.anything") && ReservedActionTag.isReserved("statedbg"))
        #expect(ReservedActionTag.isReserved(ReservedActionTag.replaceState))
        #expect(!ReservedActionTag.isReserved("statedbgx.pay") && !ReservedActionTag.isReserved("bank.statedbg"))
    }

    @Test func aRegistryRefusesANameInTheReservedNamespace() throws {
        var actions = ActionRegistry()
        #expect(throws: ActionRegistryError.reservedName("statedbg.tick", type: String(reflecting: Tick.self))) {
            try actions.register(Tick.self, as: "statedbg.tick")
        }
        #expect(throws: ActionRegistryError.self) { try actions.name(Tick.self, as: "statedbg") }
        #expect(throws: ActionRegistryError.self) { _ = try ActionRegistry().registering(Tick.self, as: "statedbg.replaceState") }
        #expect(actions.names.isEmpty)
        try actions.register(Tick.self, as: "tick")
        #expect(actions.names == ["tick"])
        #expect(ActionRegistryError.reservedName("statedbg.cart", type: "Cart.Action").description == """
            The name "statedbg.cart" cannot tag the actions of Cart.Action: names that start with "statedbg." are statedbg's own \
            (statedbg.replaceState marks a state set from outside the reducer); register the type under another name, such as "cart".
            """)
    }

    /// The journal format specification shows the step a recording store writes when its store loads a
    /// state from a file; this is that step, written.
    @Test func theFormatDocumentShowsTheStepARecordingStoreWritesForALoadedState() throws {
        let directory = try TemporaryDirectory()
        let recording = try RecordingStore(app: CounterApp.app, journal: directory.file("c.jsonl"), clock: RecordingClock.fixed())
        recording.dispatch(.increase)
        recording.dispatch(.increase)
        let saved = URL(fileURLWithPath: directory.file("state.json"))
        try Data(#"{"counter": 7}"#.utf8).write(to: saved)
        try recording.store.load(from: saved)
        try recording.close()
        let journal = try String(contentsOfFile: directory.file("c.jsonl"), encoding: .utf8)
        let line = try #require(journal.split(separator: "\n").first { $0.contains(ReservedActionTag.replaceState) })
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("Sources/StateJournal/StateJournal.docc/JournalFileFormat.md"),
                                  encoding: .utf8)
        #expect(document.contains("```text\n\(line)\n```"), "\(line)")
        let reader = try JournalReader(path: directory.file("c.jsonl"))
        #expect(try reader.action(at: 3).replayMode == .recordedState)
        #expect(try reader.state(at: 3) == ["counter": 7])
    }
}
