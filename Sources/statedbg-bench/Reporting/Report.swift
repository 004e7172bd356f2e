import Foundation
import StateJSON

/// The result of a run: the machine, when, at which scale, and every row.
struct Report: Sendable {
    var machine: MachineInfo
    /// ISO 8601, UTC.
    var date: String
    var quick: Bool
    /// How long the whole run took, in seconds, from the first scenario to the last.
    var durationSeconds: Double
    /// How the C heap was set up for the run (see ``HeapSettings``).
    var heap: String
    var measurements: [Measurement]

    /// The targets that were missed.
    var missed: [Measurement] { measurements.filter { $0.met == false } }

    /// The version of the report's layout; ``MarkdownTable`` refuses reports of other versions.
    static let formatVersion: Int64 = 1

    /// The machine-readable report, one JSON document:
    /// `{"format": "statedbg-bench-report", "version": 1, "machine": {"cores", "model", "os"}, "date",
    /// "durationSeconds", "quick", "heap", "scenarios": [{"group", "name", "unit", "value", "min", "max",
    /// "repetitions", "baselineName", "baseline", "ratio", "target", "met", "note"}]}`.
    ///
    /// `ratio` is "times better than the baseline" (above 1: the subject wins), whatever the unit.
    /// `target` is `{"metric": "value" | "ratio", "comparison": "<" | ">=", "threshold": N}` or `null`.
    var jsonValue: JSONValue {
        .object([
            "format": "statedbg-bench-report",
            "version": .integer(Self.formatVersion),
            "durationSeconds": Self.number(durationSeconds),
            "machine": .object([
                "cores": .integer(Int64(machine.cores)),
                "model": .string(machine.model),
                "os": .string(machine.os),
            ]),
            "date": .string(date),
            "quick": .bool(quick),
            "heap": .string(heap),
            "scenarios": .array(measurements.map(Self.json)),
        ])
    }

    private static func json(_ row: Measurement) -> JSONValue {
        let target: JSONValue = row.target.map { target in
            .object([
                "metric": .string(target.metric.rawValue),
                "comparison": .string(target.bound.rawValue),
                "threshold": number(target.threshold),
                "text": .string(target.text(unit: row.unit)),
            ])
        } ?? .null
        let members: [(String, JSONValue)] = [
            ("group", .string(row.group)),
            ("name", .string(row.name)),
            ("unit", .string(row.unit.rawValue)),
            ("value", optional(row.value, number)),
            ("min", optional(row.samples?.minimum, number)),
            ("max", optional(row.samples?.maximum, number)),
            ("repetitions", .integer(Int64(row.samples?.count ?? 0))),
            ("baselineName", optional(row.baselineName, JSONValue.string)),
            ("baseline", optional(row.baseline?.median, number)),
            ("ratio", optional(row.ratio, number)),
            ("target", target),
            ("met", optional(row.met, JSONValue.bool)),
            ("note", optional(row.note, JSONValue.string)),
        ]
        return .object(JSONObject(members))
    }

    private static func optional<T>(_ value: T?, _ transform: (T) -> JSONValue) -> JSONValue {
        value.map(transform) ?? .null
    }

    /// Four significant digits are plenty for noisy timings and keep the file readable.
    static func number(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value.rounded() == value, abs(value) < 1e15 { return .integer(Int64(value)) }
        let digits = max(0, 3 - Int(log10(abs(value)).rounded(.down)))
        let scale = pow(10, Double(digits))
        return .double((value * scale).rounded() / scale)
    }
}
