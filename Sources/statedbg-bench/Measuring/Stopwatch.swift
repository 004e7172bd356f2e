/// Times closures with `ContinuousClock` (or the thread's processor time) and repeats them into ``Samples``.
///
/// Baselines and subjects are interleaved (baseline, subject, baseline, …) so that a burst of load from
/// another process on the shared machine hits both sides of a ratio alike.
struct Stopwatch {
    private let clock = ContinuousClock()
    /// Count the calling thread's processor time instead of the wall clock, which on a busy machine
    /// also counts the time spent waiting for a core.
    var countsProcessorTime = false

    /// The seconds `body` takes once.
    func seconds(_ body: () throws -> Void) rethrows -> Double {
        if countsProcessorTime {
            let start = ProcessorTime.thread()
            try body()
            return ProcessorTime.thread() - start
        }
        let start = clock.now
        try body()
        return (clock.now - start).seconds
    }

    /// Seconds per operation for `body`, which performs `operations` operations, over `repetitions` runs.
    func perOperation(repetitions: Int, operations: Int, _ body: () throws -> Void) rethrows -> Samples {
        var values: [Double] = []
        for _ in 0..<repetitions {
            values.append(try seconds(body) / Double(operations))
        }
        return Samples(values)
    }

    /// Seconds per call of `body`, repeating it enough times per repetition to fill `budget` seconds,
    /// for operations far shorter than the clock's resolution and the noise around it.
    func perCall(repetitions: Int, budget: Double, _ body: () throws -> Void) rethrows -> Samples {
        let iterations = try calibrate(budget: budget, body)
        return try perOperation(repetitions: repetitions, operations: iterations) {
            for _ in 0..<iterations { try body() }
        }
    }

    /// Seconds per call for a baseline and a subject, interleaved, each calibrated on its own.
    func perCallPair(repetitions: Int, budget: Double, baseline: () throws -> Void,
                     subject: () throws -> Void) rethrows -> (baseline: Samples, subject: Samples) {
        let baselineIterations = try calibrate(budget: budget, baseline)
        let subjectIterations = try calibrate(budget: budget, subject)
        var baselineValues: [Double] = []
        var subjectValues: [Double] = []
        for _ in 0..<repetitions {
            baselineValues.append(try seconds { for _ in 0..<baselineIterations { try baseline() } } / Double(baselineIterations))
            subjectValues.append(try seconds { for _ in 0..<subjectIterations { try subject() } } / Double(subjectIterations))
        }
        return (Samples(baselineValues), Samples(subjectValues))
    }

    /// How many calls of `body` take about `budget` seconds (at least one); the first call warms caches.
    private func calibrate(budget: Double, _ body: () throws -> Void) rethrows -> Int {
        try body()
        var iterations = 1
        while true {
            let elapsed = try seconds { for _ in 0..<iterations { try body() } }
            if elapsed >= budget / 4 || iterations >= 1 << 24 {
                return max(1, Int((Double(iterations) * budget / max(elapsed, 1e-9)).rounded()))
            }
            iterations *= 4
        }
    }
}
