import StateDebugger
import StateJSON
import StateRecorder
import StateStore

/// Scenario: reading the 1,000-user journal of the recording scenario through a migration, as a later
/// version of the app's types reads it, against reading it as recorded. Issue 35 asks that the
/// migrated read cost at most 1.5 times the plain one.
struct MigrationBenchmarks {
    let context: BenchmarkContext
    let journals: RecordedJournals

    /// Version 2 of the benchmark's users: `age` a `Double`, `email` called `mail`.
    struct User: Codable, Sendable, Equatable {
        var id: Int
        var name: String
        var age: Double
        var mail: String
    }

    struct UsersState: Codable, Sendable, Equatable {
        var users: [User]
    }

    /// The users app at version 2, declaring the migration from the recorded version 1. Only its
    /// types and migration matter here: the scenario reads states and runs no reducer.
    static let app = RecordableApp(
        id: "users", initialState: UsersState(users: []), reducer: Reducer<UsersState, UsersAction> { _, _ in },
        actionSamples: [.setAge(id: 0, age: 1), .rename(id: 0, name: "x"), .birthday],
        schemaVersion: 2,
        migrations: [.from(1, .renameField("email", to: "mail", in: .state(".users[*]")),
                              .convertField("age", .toDouble, in: .state(".users[*]")))])

    func run() throws -> [Measurement] {
        let users = context.scale.users
        let path = journals.users
        let label = "\(users) users, \(journals.usersSteps) steps"
        context.progress("reading: \(label), through a migration")
        let processorTime = Stopwatch(countsProcessorTime: true)
        var plainRates: [Double] = []
        var migratedRates: [Double] = []
        for _ in 0..<context.scale.recordingRepetitions {
            let plain = try open(path)
            let steps = Double(plain.lastStep - plain.baseStep)
            let plainSeconds = try processorTime.seconds {
                for step in (plain.baseStep + 1)...plain.lastStep { blackHole(try plain.state(at: step)) }
            }
            plainRates.append(steps / plainSeconds)
            let migrated = try migratedSource(path)
            let migratedSeconds = try processorTime.seconds {
                for step in (migrated.baseStep + 1)...migrated.lastStep { blackHole(try migrated.state(at: step)) }
            }
            migratedRates.append(steps / migratedSeconds)
            try check(migrated, against: plain, path)
        }
        return [
            Measurement(group: "reading", name: "\(label): sequential read through a migration", unit: .stepsPerSecond,
                        samples: Samples(migratedRates), baselineName: "the same journal read as recorded",
                        baseline: Samples(plainRates), target: .ratioAtLeast(1 / 1.5),
                        note: "state(at:) for every step, processor time; a rename and an Int-to-Double conversion in every user, each step's patch migrated"),
        ]
    }

    private func open(_ path: String) throws -> JournalSource {
        do {
            return try JournalSource(path: path)
        } catch {
            throw BenchmarkError.wrongResult(scenario: "reading", "\(path) does not open as a recording: \(error)")
        }
    }

    private func migratedSource(_ path: String) throws -> MigratedSource {
        let source: any RecordingSource
        do {
            source = try RecordingLoader.readingThrough(Self.app, try open(path))
        } catch {
            throw BenchmarkError.wrongResult(scenario: "reading", "\(path) does not read through the migration: \(error)")
        }
        guard let migrated = source as? MigratedSource, case .compatible = migrated.migration.compatibility else {
            throw BenchmarkError.wrongResult(scenario: "reading", "\(path) is not read through a migration that covers its types.")
        }
        return migrated
    }

    /// The migrated read lands where migrating the recorded last state whole does.
    private func check(_ migrated: MigratedSource, against plain: JournalSource, _ path: String) throws {
        let last = plain.lastStep
        let expected = try migrated.plan.migrate(state: try plain.state(at: last))
        guard try migrated.state(at: last) == expected else {
            throw BenchmarkError.wrongResult(scenario: "reading", "step \(last) of \(path) reads otherwise through the migration than migrated whole.")
        }
    }
}
