/// Scenario 8, continued: `statedbg check` and `statedbg replay --verify --quiet` of a long tracker
/// journal, whose state grows to about 500 KB, spawned as a user runs them, and how their cost per
/// step grows from a journal a tenth as long: checking and verifying should cost what each step
/// changes, not the size of the state.
///
/// The journals are written by the built `statedbg record tracker --fixed-clock`, the recorder a user
/// runs, once per size.
struct TrackerCommandBenchmarks {
    let commands: EndToEndBenchmarks
    let statedbg: String

    /// 100,000 steps in the full run, 5,000 with `--quick`.
    private var steps: Int { commands.context.scale.counterSteps >= 1_000_000 ? 100_000 : 5_000 }

    func run() throws -> [Measurement] {
        let context = commands.context
        let big = steps
        let small = big / 10
        var perStep: [String: (small: Double, big: Double)] = [:]
        var rows: [Measurement] = []
        let processorNote = "processor time of the process (all threads), which unlike the wall clock does not count waiting for a core"
        let recorded = "journal written by `statedbg record tracker --steps N --fixed-clock`"
        for size in [small, big] {
            let journal = context.directory.file("e2e-tracker-\(size).jsonl")
            context.progress("end to end: statedbg record tracker --steps \(size)")
            _ = try commands.spawn(statedbg, ["record", "tracker", "--steps", "\(size)", "--fixed-clock", "-o", journal], expecting: 0)
            // The long journal takes a while: it is measured once, the short one as often as the others.
            let repetitions = size == big ? 1 : max(1, context.scale.recordingRepetitions)
            for (command, arguments) in [("statedbg check", ["check", journal]),
                                         ("statedbg replay --verify --quiet", ["replay", "--verify", "--quiet", journal])] {
                context.progress("end to end: tracker, \(size) steps: \(command)")
                var wall: [Double] = [], processor: [Double] = []
                for _ in 0..<repetitions {
                    let run = try commands.spawn(statedbg, arguments, expecting: 0)
                    wall.append(run.wall * 1000)
                    processor.append(run.processor * 1000)
                }
                let microsecondsPerStep = (processor.min() ?? 0) * 1000 / Double(size)
                if size == small {
                    perStep[command, default: (0, 0)].small = microsecondsPerStep
                } else {
                    perStep[command, default: (0, 0)].big = microsecondsPerStep
                    let label = "tracker, \(NumberText.figure(Double(size))) steps: \(command)"
                    rows.append(Measurement(group: "end to end", name: "\(label), wall", unit: .milliseconds, samples: Samples(wall),
                                            target: size >= 100_000 ? .below(10_000) : nil,
                                            note: "spawned; \(recorded); before: check 22 s, verify 97 s wall at 100,000 steps"))
                    rows.append(Measurement(group: "end to end", name: "\(label), processor", unit: .milliseconds,
                                            samples: Samples(processor), target: size >= 100_000 ? .below(10_000) : nil,
                                            note: processorNote + "; before: check 15.7 s, verify 63.5 s at 100,000 steps"))
                }
            }
        }
        for command in ["statedbg check", "statedbg replay --verify --quiet"] {
            guard let costs = perStep[command] else { continue }
            rows.append(Measurement(
                group: "end to end", name: "tracker: \(command), processor per step at \(NumberText.figure(Double(big))) steps",
                unit: .microsecondsPerStep, samples: Samples([costs.big]),
                baselineName: "\(NumberText.figure(Double(small))) steps", baseline: Samples([costs.small]),
                target: .ratioAtLeast(1 / 1.5),
                note: "the state grows about 10x; grows <= 1.5x: ratio >= 0.67x; \(recorded)"))
        }
        return rows
    }
}
