/// The unit of a figure, and which direction is better, which fixes how a ratio against a baseline reads.
enum MeasurementUnit: String, Sendable {
    case nanosecondsPerAction = "ns/action"
    case microsecondsPerOperation = "µs/op"
    case microsecondsPerStep = "µs/step"
    case milliseconds = "ms"
    case stepsPerSecond = "steps/s"
    case bytesPerStep = "bytes/step"
    case megabytes = "MB"
    case gigabytesPerSecond = "GB/s"

    /// Whether a larger figure is better (rates) rather than worse (times, sizes).
    var higherIsBetter: Bool {
        self == .stepsPerSecond || self == .gigabytesPerSecond
    }

    /// How many times better `value` is than `baseline`: above 1 when the subject wins.
    func advantage(of value: Double, over baseline: Double) -> Double? {
        guard value > 0, baseline > 0, value.isFinite, baseline.isFinite else { return nil }
        return higherIsBetter ? value / baseline : baseline / value
    }
}
