/// The results of the repetitions of one measurement, in one unit, with the statistics the report needs.
struct Samples: Sendable {
    /// The values, sorted ascending.
    let sorted: [Double]

    init(_ values: [Double]) {
        precondition(!values.isEmpty, "a measurement needs at least one repetition")
        sorted = values.sorted()
    }

    var count: Int { sorted.count }
    var minimum: Double { sorted[0] }
    var maximum: Double { sorted[sorted.count - 1] }
    var median: Double { quantile(0.5) }

    /// Linear interpolation between the closest ranks, as most statistics packages do.
    func quantile(_ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    /// Each value transformed, for turning times into rates (the order may reverse, hence the re-sort).
    func map(_ transform: (Double) -> Double) -> Samples {
        Samples(sorted.map(transform))
    }
}
