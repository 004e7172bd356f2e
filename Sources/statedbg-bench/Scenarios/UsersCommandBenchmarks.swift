/// Scenario 8, continued: reading a long users journal back as a user does, spawned: `statedbg replay
/// FILE` (every step's diff, read through a pipe), `statedbg view FILE`, and beside them `replay
/// --verify --quiet`, `check` and `log`, each with its wall time and processor time.
///
/// The journal is written by the built `statedbg record users --steps N --fixed-clock`: 100,000 steps
/// in the full run (42 MB, 15,000 users at the end), 5,000 with `--quick`. Replaying and viewing it
/// should cost what each step changes: the journal holds every step's patch.
struct UsersCommandBenchmarks {
    let commands: EndToEndBenchmarks
    let statedbg: String

    /// 100,000 steps in the full run, 5,000 with `--quick`.
    private var steps: Int { commands.context.scale.counterSteps >= 1_000_000 ? 100_000 : 5_000 }

    /// The figures measured when issue 33 was opened (wall seconds on 2 cores, as the issue gives them),
    /// and the command built before the diffs were made from the patches, on the 100,000-step journal
    /// (processor time, which a loaded machine does not inflate, and peak memory by `/usr/bin/time`).
    private static let before: [String: String] = [
        "statedbg replay": "issue 33: 30.6 s; built before the change: 35.1 s processor, 40 MB",
        "statedbg view": "issue 33: 25.5 s; built before the change: 31.2 s processor, 320 MB",
        "statedbg replay --verify --quiet": "issue 33: 2.8 s",
        "statedbg check": "issue 33: 3.4 s",
        "statedbg log": "issue 33: 0.5 s",
    ]

    func run() throws -> [Measurement] {
        let context = commands.context
        let full = steps >= 100_000
        let journal = context.directory.file("e2e-users-\(steps).jsonl")
        let page = context.directory.file("e2e-users-\(steps).html")
        context.progress("end to end: statedbg record users --steps \(steps)")
        _ = try commands.spawn(statedbg, ["record", "users", "--steps", "\(steps)", "--fixed-clock", "-o", journal], expecting: 0)
        let label = "users, \(NumberText.figure(Double(steps))) steps"
        let recorded = "journal written by `statedbg record users --steps \(steps) --fixed-clock`"
        let processorNote = "processor time of the process (all threads), which unlike the wall clock does not count waiting for a core"
        let runs: [(name: String, arguments: [String], pipe: Bool, target: Double?)] = [
            ("statedbg replay", ["replay", journal], true, full ? 3000 : nil),
            ("statedbg view", ["view", journal, "-o", page], false, full ? 3000 : nil),
            ("statedbg replay --verify --quiet", ["replay", "--verify", "--quiet", journal], false, nil),
            ("statedbg check", ["check", journal], false, nil),
            ("statedbg log", ["log", journal], true, nil),
        ]
        var rows: [Measurement] = []
        for command in runs {
            context.progress("end to end: \(label): \(command.name)")
            var wall: [Double] = [], processor: [Double] = []
            for _ in 0..<max(1, context.scale.recordingRepetitions) {
                let run = try commands.spawn(statedbg, command.arguments, expecting: 0, toPipe: command.pipe)
                wall.append(run.wall * 1000)
                processor.append(run.processor * 1000)
            }
            let how = command.pipe ? "spawned, its output read through a pipe" : "spawned"
            let before = full ? Self.before[command.name].map { "; before: \($0)" } ?? "" : ""
            let target: Target? = command.target.map { .below($0) }
            rows += [
                Measurement(group: "end to end", name: "\(label): \(command.name), wall", unit: .milliseconds, samples: Samples(wall),
                            target: target, note: "\(how); \(recorded)\(before)"),
                Measurement(group: "end to end", name: "\(label): \(command.name), processor", unit: .milliseconds,
                            samples: Samples(processor), target: target, note: processorNote),
            ]
        }
        return rows
    }
}
