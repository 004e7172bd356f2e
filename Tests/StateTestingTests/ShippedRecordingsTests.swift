import ExampleApps
import Foundation
import StateDebugger
import StateJSON
import StateRecorder
import StateTesting
import Testing

/// The recordings in `Recordings/`: each still replays through today's reducers, and each is exactly
/// what its seed makes, so they can be refreshed when the format or an example changes:
///
///     STATEDBG_REGENERATE_RECORDINGS=1 swift test --filter ShippedRecordingsTests
@Suite struct ShippedRecordingsTests {
    struct Spec: Sendable, CustomStringConvertible {
        var file: String
        var app: any RegisteredApp
        var steps: Int
        var seed: UInt64
        var description: String { file }
    }

    static let specs: [Spec] = [
        Spec(file: "counter.jsonl", app: ExampleApps.CounterApp.app, steps: 30, seed: 1),
        Spec(file: "bank.jsonl", app: BankApp.app, steps: 50, seed: 7),
        Spec(file: "users-negative-age.jsonl", app: UsersApp.app, steps: 60, seed: 39),
        Spec(file: "tracker-stale-sort.jsonl", app: TrackerApp.app, steps: 120, seed: 6),
    ]

    static var folder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Recordings").path
    }

    @Test func everyShippedRecordingReplaysThroughTheCurrentReducers() {
        let results = assertReplayAll(in: "Recordings", apps: Examples.all)
        #expect(results.count == Self.specs.count)
    }

    @Test(arguments: specs)
    func eachRecordingIsExactlyWhatItsSeedMakes(spec: Spec) throws {
        let shipped = Self.folder + "/" + spec.file
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statedbg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fresh = directory.appendingPathComponent(spec.file).path
        _ = try spec.app.record(to: fresh, steps: spec.steps, seed: spec.seed, options: RecorderOptions(),
                                clock: RecordingClock.fixed())
        if ProcessInfo.processInfo.environment["STATEDBG_REGENERATE_RECORDINGS"] == "1" {
            try? FileManager.default.removeItem(atPath: shipped)
            try FileManager.default.copyItem(atPath: fresh, toPath: shipped)
        }
        let expected = try Data(contentsOf: URL(fileURLWithPath: shipped))
        let actual = try Data(contentsOf: URL(fileURLWithPath: fresh))
        #expect(expected == actual, "Recordings/\(spec.file) is not what seed \(spec.seed) records today; if the change is intended, run STATEDBG_REGENERATE_RECORDINGS=1 swift test --filter ShippedRecordingsTests")
    }

    @Test func theUsersRecordingReproducesTheNegativeAgeBug() throws {
        let source = try JournalSource(path: Self.folder + "/users-negative-age.jsonl")
        let report = try RecordingQuery(source: source).bisect(StatePredicate(parsing: "any(.users[*].age < 0)"))
        #expect(report.step == 40)
        #expect(report.action?.type == "users.updateAge")
    }

    @Test func theTrackerRecordingReproducesTheStaleSortBug() throws {
        let source = try JournalSource(path: Self.folder + "/tracker-stale-sort.jsonl")
        let predicate = try StatePredicate(parsing: #"action.type == "tracker.deleteItem" and .recentProjectIDs[0] != action.payload.deleteItem.projectID"#)
        let report = try RecordingQuery(source: source).bisect(predicate)
        #expect(report.step == 64)
        #expect(report.method == .linearScan)
    }
}
