/// How big each scenario runs: the full sizes of the performance issue, or `--quick` sizes that keep
/// the whole run under a minute so that CI can run it on every change.
struct BenchmarkScale: Sendable {
    /// Repetitions of each short measurement (the median of these is reported).
    var repetitions: Int
    /// Seconds each repetition of a short measurement should last.
    var budget: Double
    /// Actions per repetition in the dispatch scenario.
    var dispatchActions: Int
    /// Users in the large state.
    var users: Int
    /// Repetitions of each recording run (each is long).
    var recordingRepetitions: Int
    /// Steps recorded into the counter journal with the recording store; the reading scenario reads it.
    var counterSteps: Int
    /// Steps of the naive counter recorder, which is much slower.
    var naiveCounterSteps: Int
    /// Steps recorded with the 1,000-user state.
    var usersSteps: Int
    /// Steps of the naive recorder with the 1,000-user state.
    var naiveUsersSteps: Int
    /// Random jumps in the counter journal.
    var jumps: Int
    /// Random jumps in the 1,000-user journal, each of which may replay hundreds of patches.
    var usersJumps: Int
    /// Paired rounds of the overhead scenario, the warm-up round aside (at least 7: its rows are medians).
    var overheadRounds: Int
    /// Dispatches per burst of the overhead scenario at 1,000 todos: a fifth of them at 10,000, and a
    /// fifth (a tenth at 10,000) in its paced runs.
    var overheadDispatches: Int

    static let full = BenchmarkScale(
        repetitions: 11, budget: 0.05, dispatchActions: 1_000_000, users: 1000, recordingRepetitions: 3,
        counterSteps: 1_000_000, naiveCounterSteps: 100_000, usersSteps: 10_000, naiveUsersSteps: 1000, jumps: 1000,
        usersJumps: 100, overheadRounds: 9, overheadDispatches: 5000)

    static let quick = BenchmarkScale(
        repetitions: 5, budget: 0.01, dispatchActions: 50_000, users: 1000, recordingRepetitions: 1,
        counterSteps: 20_000, naiveCounterSteps: 5000, usersSteps: 300, naiveUsersSteps: 50, jumps: 200, usersJumps: 20,
        overheadRounds: 7, overheadDispatches: 1000)
}
