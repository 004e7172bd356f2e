import ExampleApps
import Foundation
import StateDebugger
import StateJSON
import StateEncoding
import StateJournal
import StateQuery
import StateRecorder
import StateTesting
import Testing

/// The recordings in `Recordings/`: each still replays through today's reducers, and each is exactly
/// what its seed makes, so they can be refreshed when the format or an example changes:
///
///     STATEDBG_REGENERATE_RECORDINGS=1 swift test --filter ShippedRecordingsTests
///
/// except those recorded with an earlier version of their app's types, which are kept exactly as they
/// were recorded (``Spec/kept``): they show that today's app reads them through its migrations, and
/// regenerating them would make them today's.
@Suite struct ShippedRecordingsTests {
    struct Spec: Sendable, CustomStringConvertible {
        var file: String
        var app: any RegisteredApp
        var steps: Int
        var seed: UInt64
        /// Writes the recording to a path; `nil` for the app's generator, as `statedbg record` drives it.
        var make: (@Sendable (_ spec: Spec, _ path: String) throws -> Void)?
        /// For a recording made with an earlier version of the app's types and kept as it was recorded:
        /// that version, and the FNV-1a hash of the file's bytes, which must not change.
        var kept: (version: Int, bytes: String)?
        var description: String { file }

        init(file: String, app: any RegisteredApp, steps: Int, seed: UInt64, kept: (version: Int, bytes: String)? = nil,
             make: (@Sendable (_ spec: Spec, _ path: String) throws -> Void)? = nil) {
            self.file = file
            self.app = app
            self.steps = steps
            self.seed = seed
            self.kept = kept
            self.make = make
        }
    }

    static let specs: [Spec] = [
        Spec(file: "counter.jsonl", app: ExampleApps.CounterApp.app, steps: 30, seed: 1),
        Spec(file: "bank.jsonl", app: BankApp.app, steps: 50, seed: 7),
        Spec(file: "users-negative-age.jsonl", app: UsersApp.app, steps: 60, seed: 39),
        Spec(file: "tracker-stale-sort.jsonl", app: TrackerApp.app, steps: 120, seed: 6),
        Spec(file: "users-reswift-negative-age.jsonl", app: ReSwiftUsersApp.definition, steps: 60, seed: 7,
             kept: (version: 1, bytes: "48ba0e4cbe866ff6")),
        Spec(file: "bank-swiftystate-last-activity.jsonl", app: SwiftyStateBankApp.definition, steps: 50, seed: 53,
             kept: (version: 1, bytes: "6df66c4c1cf449cf")),
        Spec(file: "bank-swiftystate-refused.jsonl", app: SwiftyStateBankApp.definition, steps: 50, seed: 7,
             kept: (version: 1, bytes: "46f6982a28049eb2"), make: recordThroughTheBanksOwnStore),
        Spec(file: "search-tca.jsonl", app: TCASearchApp.definition, steps: 40, seed: 4),
        Spec(file: "todos-rxstateflow.jsonl", app: RxTodosApp.definition, steps: 40, seed: 4),
    ]

    /// Crash journals, which a crashing app writes: no test process can record them, so
    /// `ShippedCrashJournalTests` (StatedbgCLITests) makes them again with the statedbg executable. Their
    /// steps replay here like any recording's.
    static let crashJournals = ["shopping-crash.jsonl"]

    /// Recordings whose actions were journaled through reflection (their type is not `Codable`): every
    /// command reads them, but a replay stops at the first action (see
    /// ``theTCARecordingIsReadableButSaysWhyItCannotBeReplayed()``).
    static let notReplayable: Set<String> = ["search-tca.jsonl"]

    /// Records the SwiftyState-style bank the way the app itself does, through its own store and the
    /// observer that is its statedbg glue, with the generator's mistakes on: the journal then holds the
    /// actions the validators refused as well, which `statedbg record` cannot make (an `AppDefinition`
    /// has no validators).
    @Sendable static func recordThroughTheBanksOwnStore(_ spec: Spec, to path: String) throws {
        let store = SwiftyStateBankApp.BankStore()
        let recorder = try Recorder(app: SwiftyStateBankApp.definition, journal: path, clock: RecordingClock.fixed())
        SwiftyStateBankApp.record(store, into: recorder)
        var generator = SeededGenerator(seed: spec.seed)
        for _ in 0..<(spec.steps * 20) where recorder.lastStep < spec.steps {
            store.dispatch(SwiftyStateBankApp.randomAction(for: store.state, using: &generator, mistakes: true))
        }
        try recorder.close()
    }

    static var folder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Recordings").path
    }

    @Test func everyShippedRecordingReplaysThroughTheCurrentReducers() {
        let results = RecordingReplay.runAll(in: "Recordings", apps: Examples.all)
        #expect(results.map { URL(fileURLWithPath: $0.recording).lastPathComponent }.sorted() == (Self.specs.map(\.file) + Self.crashJournals).sorted())
        for result in results where !Self.notReplayable.contains(URL(fileURLWithPath: result.recording).lastPathComponent) {
            #expect(result.passed, "\(result)")
        }
    }

    /// Records what `spec`'s seed makes today into `directory`; the path of the new file.
    private static func recordToday(_ spec: Spec, in directory: URL) throws -> String {
        let fresh = directory.appendingPathComponent(spec.file).path
        if let make = spec.make {
            try make(spec, fresh)
        } else {
            _ = try spec.app.record(to: fresh, steps: spec.steps, seed: spec.seed, options: RecorderOptions(),
                                    clock: RecordingClock.fixed())
        }
        return fresh
    }

    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statedbg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// `fresh`, a recording made today, with its header saying the format version `shipped` says:
    /// a shipped recording keeps the version it was recorded in (readers read every version), and a
    /// journal without call sites has the same lines in versions 4 and 5, and in version 6 but for the
    /// actions written as a call, which version 6 writes alone (`"action":"…"`) and these as
    /// `"action":{"call":"…"}`.
    static func inVersion(of shipped: Data, _ fresh: Data) throws -> Data {
        let shippedHeader = try JournalHeader(jsonValue: JSONValue(parsing: Array(shipped.prefix { $0 != 0x0A })))
        let freshHeader = String(decoding: fresh.prefix { $0 != 0x0A }, as: UTF8.self)
        let version = #""version":\#(JournalFormat.currentVersion)"#
        guard shippedHeader.version != JournalFormat.currentVersion, freshHeader.contains(version) else { return fresh }
        let header = LineChecksum.resealed(freshHeader.replacingOccurrences(of: version, with: #""version":\#(shippedHeader.version)"#))
        var lines = [header]
        for line in String(decoding: fresh, as: UTF8.self).split(separator: "\n").dropFirst() {
            lines.append(shippedHeader.version >= 4 ? Self.callAsObject(String(line)) : String(line))
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// A version 6 step line whose action is a call alone, with the action as `{"call": …}` and the
    /// line sealed again; any other line as it is.
    static func callAsObject(_ line: String) -> String {
        guard line.hasPrefix(#"{"step":"#), let member = line.range(of: #","action":""#) else { return line }
        var end = member.upperBound
        var escaped = false
        while end < line.endIndex, escaped || line[end] != "\"" {
            escaped = !escaped && line[end] == "\\"
            end = line.index(after: end)
        }
        guard end < line.endIndex else { return line }
        let call = line[line.index(before: member.upperBound)...end]
        return LineChecksum.resealed(line[..<member.lowerBound] + #","action":{"call":"# + call + "}" + line[line.index(after: end)...])
    }

    /// The FNV-1a hash of `bytes`, 16 hex digits.
    static func fnv1a(_ bytes: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @Test(arguments: specs)
    func eachRecordingIsExactlyWhatItsSeedMakes(spec: Spec) throws {
        let shipped = Self.folder + "/" + spec.file
        if let kept = spec.kept {
            // Recorded with version `kept.version` of the app's types: never regenerated.
            let bytes = try Data(contentsOf: URL(fileURLWithPath: shipped))
            #expect(Self.fnv1a(bytes) == kept.bytes, "Recordings/\(spec.file) was recorded with version \(kept.version) of the types of \(spec.app.id) and must stay as it was recorded")
            return
        }
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fresh = try Self.recordToday(spec, in: directory)
        if ProcessInfo.processInfo.environment["STATEDBG_REGENERATE_RECORDINGS"] == "1" {
            try? FileManager.default.removeItem(atPath: shipped)
            try FileManager.default.copyItem(atPath: fresh, toPath: shipped)
        }
        let expected = try Data(contentsOf: URL(fileURLWithPath: shipped))
        let actual = try Self.inVersion(of: expected, Data(contentsOf: URL(fileURLWithPath: fresh)))
        #expect(expected == actual, "Recordings/\(spec.file) is not what seed \(spec.seed) records today; if the change is intended, run STATEDBG_REGENERATE_RECORDINGS=1 swift test --filter ShippedRecordingsTests")
    }

    /// The recordings kept from an earlier version of their app's types: the app is at a later one, each
    /// replays through its migrations and says so, and migrated once for good each is exactly what its
    /// seed records with today's types.
    @Test(arguments: specs.filter { $0.kept != nil })
    func eachKeptRecordingReadsThroughItsAppsMigrations(spec: Spec) throws {
        let kept = try #require(spec.kept)
        let path = Self.folder + "/" + spec.file
        let reader = try JournalReader(path: path)
        #expect(reader.header.schemaVersion == kept.version)
        #expect(spec.app.schemaVersion > kept.version)

        let result = RecordingReplay.runAll(in: "Recordings", apps: Examples.all).first { $0.recording == "Recordings/\(spec.file)" }
        #expect(result?.passed == true, "\(String(describing: result))")
        #expect(result?.notes.contains { $0.hasPrefix("the recording was made with version \(kept.version) of the app's types; it was read through the migration from version \(kept.version) to \(spec.app.schemaVersion)") } == true)

        let migrated = try #require(try RecordingLoader.readingThrough(spec.app, JournalSource(path: path)) as? MigratedSource)
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = directory.appendingPathComponent("migrated-" + spec.file).path
        let report = try JournalMigrator.write(migrated, to: written, force: false)
        #expect(report.steps == spec.steps)
        let today = try Self.recordToday(spec, in: directory)
        #expect(try Data(contentsOf: URL(fileURLWithPath: written)) == Data(contentsOf: URL(fileURLWithPath: today)),
                "Recordings/\(spec.file), migrated, is not what seed \(spec.seed) records with today's types")
        #expect(try RecordingLoader.readingThrough(spec.app, JournalSource(path: written)) is JournalSource, "a migrated journal is migrated again")
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
        #expect(report.method == .linearScanOfAction)
    }

    @Test func theReSwiftUsersRecordingReproducesTheNegativeAgeBug() throws {
        let source = try JournalSource(path: Self.folder + "/users-reswift-negative-age.jsonl")
        let report = try RecordingQuery(source: source).bisect(StatePredicate(parsing: "any(.users[*].age < 0)"))
        #expect(report.step == 33)
        #expect(report.action?.label == "ReSwiftUsersApp.UpdateAge(id: 7, age: -1)")
        #expect(report.method == .binarySearch)
    }

    @Test func theSwiftyStateBankRecordingReproducesTheMisdatedTransfer() throws {
        let path = Self.folder + "/bank-swiftystate-last-activity.jsonl"
        let source = try JournalSource(path: path)
        let predicate = try StatePredicate(parsing: "any(.accounts[*].lastActivity > .lastActivity)")
        let report = try RecordingQuery(source: source).bisect(predicate, linear: true)
        #expect(report.step == 9)
        #expect(report.action?.type == "SwiftyStateBankApp.TransferAction.send")
        // Decoded rather than compared as text, so that a new date encoding does not break the story; the
        // recording is of version 1 of the bank's types, read through the bank's migration.
        let migrated = try RecordingLoader.readingThrough(SwiftyStateBankApp.definition, source)
        let before = try JSONValueDecoder().decode(SwiftyStateBankApp.BankState.self, from: migrated.state(at: 8))
        let after = try JSONValueDecoder().decode(SwiftyStateBankApp.BankState.self, from: migrated.state(at: 9))
        let recipient = try #require(after.accounts.first { $0.id == "jenny" })
        #expect(after.lastActivity < before.lastActivity, "the bank's last activity went back in time")
        #expect(after.lastActivity == recipient.lastActivity)
    }

    @Test func theRefusedBankRecordingJournalsWhatTheValidatorsRefused() throws {
        let reader = try JournalReader(path: Self.folder + "/bank-swiftystate-refused.jsonl")
        let refusals = reader.events.compactMap { located -> String? in
            guard case .rejected(_, _, _, let validator, _) = located.event else { return nil }
            return validator
        }
        #expect(refusals.count == 12)
        #expect(Set(refusals) == ["noOverdraft", "uniqueAccountIDs"])
    }

    @Test func theTCARecordingIsReadableButSaysWhyItCannotBeReplayed() throws {
        let path = Self.folder + "/search-tca.jsonl"
        let source = try JournalSource(path: path)
        #expect(source.info.app == "search-tca")
        let failed = try StatePredicate(parsing: #"action.type contains "searchResponse.failure""#)
        let report = try RecordingQuery(source: source).bisect(failed, linear: true)
        #expect(report.step == 16)
        #expect(try values(".isSearching", in: source.state(at: 15)) == [true])
        #expect(try values(".isSearching", in: source.state(at: 16)) == [false])
        #expect(try values("..errorMessage", in: source.state(at: 16)).description.contains("The search failed: offline."))

        let result = try #require(RecordingReplay.runAll(in: "Recordings", apps: Examples.all)
            .first { $0.recording == "Recordings/search-tca.jsonl" })
        #expect(result.message == """
            step 1: action TCASearchApp.Search.Action.queryChanged was recorded without Codable, so it cannot be \
            replayed, and ExampleApps.TCASearchApp.Search.State is not Decodable, so the replay cannot continue past \
            it; make the action type Codable and register it, or record a state type that is Codable.
            """)
    }

    @Test func theRxStateFlowRecordingChangesItsStateAtEveryStep() throws {
        let reader = try JournalReader(path: Self.folder + "/todos-rxstateflow.jsonl")
        #expect(reader.lastStep == 40)
        for step in 1...reader.lastStep {
            #expect(try reader.state(at: step) != reader.state(at: step - 1), "step \(step) reads as no change")
        }
    }

    private func values(_ path: String, in state: JSONValue) throws -> [JSONValue] {
        try JSONPath(parsing: path).evaluate(on: state).map(\.value)
    }
}
