/// A goal from the performance issue: a bound on a row's figure or on its ratio to the baseline.
struct Target: Sendable {
    /// Which number of the row the bound applies to.
    enum Metric: String, Sendable {
        /// The measured figure itself (`< 100 ns/action`).
        case value
        /// The ratio against the baseline, as "times better" (`>= 10x`).
        case ratio
    }

    /// The direction of the bound.
    enum Bound: String, Sendable {
        case below = "<"
        case atLeast = ">="
    }

    let metric: Metric
    let bound: Bound
    let threshold: Double

    static func below(_ threshold: Double) -> Target { Target(metric: .value, bound: .below, threshold: threshold) }
    static func atLeast(_ threshold: Double) -> Target { Target(metric: .value, bound: .atLeast, threshold: threshold) }
    static func ratioAtLeast(_ threshold: Double) -> Target { Target(metric: .ratio, bound: .atLeast, threshold: threshold) }

    /// Whether `figure` (the value or the ratio, as ``metric`` says) meets the bound.
    func isMet(by figure: Double) -> Bool {
        switch bound {
        case .below: figure < threshold
        case .atLeast: figure >= threshold
        }
    }

    /// `< 100 ns/action`, `>= 10x`.
    func text(unit: MeasurementUnit) -> String {
        switch metric {
        case .value: "\(bound.rawValue) \(NumberText.figure(threshold)) \(unit.rawValue)"
        case .ratio: "\(bound.rawValue) \(NumberText.figure(threshold))x"
        }
    }
}
