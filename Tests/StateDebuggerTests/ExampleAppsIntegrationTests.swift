import StateQuery
import TestSupport
import ExampleApps
import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import Testing

/// The engine against the example apps that ship with statedbg.
@Suite struct ExampleAppsIntegrationTests {
    /// Every example whose actions are `Codable` and whose generator does not crash it; search-tca's
    /// actions are not, so its recordings are read through reflection and cannot be replayed
    /// (ShippedRecordingsTests checks what replay says), and shopping's generator crashes its reducer,
    /// which would end the test process (CrashReproductionTests records it in child processes).
    static let replayableExamples = Examples.all.map(\.id).filter { $0 != "search-tca" && $0 != "shopping" }

    @Test(arguments: replayableExamples)
    func recordingsOfEveryExampleReplayCleanly(id: String) throws {
        let directory = try TemporaryDirectory()
        let registry = AppRegistry(Examples.all)
        let app = try registry.require(id)
        let path = directory.file("\(id).jsonl")
        _ = try app.record(to: path, steps: 300, seed: 11, options: RecorderOptions(), clock: RecordingClock.fixed())
        let session = try Session(path: path, registry: registry)
        let report = try ReplayVerifier(source: session.source, app: try session.requireApp()).verify()
        #expect(report.compatibility == .compatible)
        #expect(report.passed, "\(report)")
        #expect(try JournalCheck.check(path: path).passed)
    }

    @Test func findsAndMinimizesTheUsersAppsNegativeAge() throws {
        let directory = try TemporaryDirectory()
        let app = try AppRegistry(Examples.all).require("users")
        let path = directory.file("users.jsonl")
        _ = try app.record(to: path, steps: 400, seed: 3, options: RecorderOptions(), clock: RecordingClock.fixed())
        let source = try JournalSource(path: path)
        let predicate = try StatePredicate(parsing: "any(.users[*].age < 0)")
        let first = try #require(try RecordingQuery(source: source).bisect(predicate, linear: true).step)
        #expect(try predicate.evaluate(state: source.state(at: first), action: nil, step: first))
        #expect(try !predicate.evaluate(state: source.state(at: first - 1), action: nil, step: first - 1))

        let minimizer = Minimizer(source: source, app: app)
        let report = try minimizer.minimize(predicate)
        #expect(report.keptSteps.count <= 3)
        #expect(report.keptSteps.last.map { $0 <= first } == true)
        let output = directory.file("users-min.jsonl")
        try minimizer.write(report.keptSteps, to: output)
        let minimized = try JournalSource(path: output)
        #expect(try ReplayVerifier(source: minimized, app: app).verify().passed)
        #expect(try predicate.evaluate(state: minimized.state(at: minimized.lastStep), action: nil, step: minimized.lastStep))
    }
}
