/// One row of the report: a figure (the median of its repetitions) with its spread, its baseline and
/// the ratio between them, and the target it is held to.
struct Measurement: Sendable {
    /// The scenario group: `dispatch`, `json`, `diff`, `recording`, `reading`, `queries`.
    var group: String
    /// What was measured, with the conditions that matter (`counter, store (1 subscriber + 1 middleware)`).
    var name: String
    var unit: MeasurementUnit
    /// The median of the repetitions; `nil` when the measurement could not be taken (see ``note``).
    var samples: Samples?
    /// What the figure is compared with, in the same unit, and the baseline's own repetitions.
    var baselineName: String?
    var baseline: Samples?
    var target: Target?
    /// Anything a reader needs to interpret the row.
    var note: String?

    init(group: String, name: String, unit: MeasurementUnit, samples: Samples?, baselineName: String? = nil,
         baseline: Samples? = nil, target: Target? = nil, note: String? = nil) {
        self.group = group
        self.name = name
        self.unit = unit
        self.samples = samples
        self.baselineName = baselineName
        self.baseline = baseline
        self.target = target
        self.note = note
    }

    var value: Double? { samples?.median }

    /// How many times better the figure is than the baseline (above 1: the subject wins).
    var ratio: Double? {
        guard let value, let baseline = baseline?.median else { return nil }
        return unit.advantage(of: value, over: baseline)
    }

    /// Whether the target is met; `nil` without a target or without a figure.
    var met: Bool? {
        guard let target else { return nil }
        let figure: Double? = switch target.metric {
        case .value: value
        case .ratio: ratio
        }
        return figure.map(target.isMet(by:))
    }
}
