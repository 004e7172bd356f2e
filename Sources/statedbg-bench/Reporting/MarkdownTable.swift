import Foundation
import StateJSON

/// A saved JSON report (``Report/jsonValue``) as the Markdown table the documentation's performance
/// article shows, with a first line saying which machine and which run produced it. It reads the
/// report's JSON rather than a ``Report`` so that the article can be regenerated from a file:
///
/// ```text
/// Measured by `statedbg-bench --quick` on 2026-11-25T12:40:03Z, in 41.2 s: AMD EPYC 7B13, 2 cores, Debian GNU/Linux 12 (bookworm), Linux 6.1.0-18-amd64.
///
/// | group | scenario | median | min–max | baseline | vs baseline | target | met |
/// |---|---|---|---|---|---|---|---|
/// | dispatch | counter: store (1 subscriber + 1 middleware) | 84.1 ns/action | 82.0–90.3 | 1.70 (plain reducer loop) | 49.5x worse | < 100 ns/action | yes |
/// ```
struct MarkdownTable {
    let report: JSONValue
    /// Where the report was read from, for error messages.
    let path: String

    init(report: JSONValue, path: String) throws {
        guard report["format"]?.stringValue == "statedbg-bench-report" else {
            throw BenchmarkError.badReport(path: path, "its \"format\" member is not \"statedbg-bench-report\".")
        }
        guard report["version"]?.int64Value == Report.formatVersion else {
            throw BenchmarkError.badReport(path: path, "it is version \(report["version"].map { String(decoding: $0.serialized(.canonical), as: UTF8.self) } ?? "(none)"), and this benchmark reads version \(Report.formatVersion).")
        }
        self.report = report
        self.path = path
    }

    var text: String {
        get throws {
            let machine = report["machine"]
            let cores = machine?["cores"]?.int64Value.map { "\($0) cores" }
            let identity = [machine?["model"]?.stringValue, cores, machine?["os"]?.stringValue].compactMap { $0 }
            let command = report["quick"]?.boolValue == true ? "statedbg-bench --quick" : "statedbg-bench"
            let duration = report["durationSeconds"]?.doubleValue.map { ", in \(NumberText.figure($0)) s" } ?? ""
            var lines = [
                "Measured by `\(command)` on \(report["date"]?.stringValue ?? "an unknown date")\(duration): \(identity.joined(separator: ", ")).",
                "",
                "| group | scenario | median | min–max | baseline | vs baseline | target | met |",
                "|---|---|---|---|---|---|---|---|",
            ]
            guard let rows = report["scenarios"]?.arrayValue else {
                throw BenchmarkError.badReport(path: path, "it has no \"scenarios\" array.")
            }
            var notes: [String] = []
            for (index, row) in rows.enumerated() {
                guard let name = row["name"]?.stringValue, let unit = row["unit"]?.stringValue else {
                    throw BenchmarkError.badReport(path: path, "scenario \(index + 1) has no \"name\" or \"unit\".")
                }
                let group = row["group"]?.stringValue ?? ""
                let median = row["value"]?.doubleValue.map { "\(NumberText.figure($0)) \(unit)" } ?? "not measured"
                var spread = ""
                if let low = row["min"]?.doubleValue, let high = row["max"]?.doubleValue,
                   (row["repetitions"]?.int64Value ?? 0) > 1 {
                    spread = "\(NumberText.figure(low))–\(NumberText.figure(high))"
                }
                let baseline = row["baseline"]?.doubleValue.map {
                    "\(NumberText.figure($0)) (\(row["baselineName"]?.stringValue ?? "baseline"))"
                } ?? ""
                let ratio = row["ratio"]?.doubleValue.map(NumberText.ratio) ?? ""
                let target = row["target"]?["text"]?.stringValue ?? ""
                let met = row["met"]?.boolValue.map { $0 ? "yes" : "**no**" } ?? (target.isEmpty ? "" : "—")
                let cells = [group, name, median, spread, baseline, ratio, target, met].map(Self.escaped)
                lines.append("| " + cells.joined(separator: " | ") + " |")
                if let note = row["note"]?.stringValue { notes.append("- \(Self.escaped(name)): \(note)") }
            }
            if !notes.isEmpty { lines += ["", "Notes from the run:", ""] + notes }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// A cell's text with the characters that would end a Markdown table cell escaped.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
