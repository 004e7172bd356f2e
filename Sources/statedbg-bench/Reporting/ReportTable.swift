/// The report as a plain-text table for a terminal, one section per scenario group, then the notes
/// and the count of missed targets. Columns are as wide as their widest cell; for instance:
///
/// ```text
/// scenario                                         median           min–max      baseline                    vs baseline  target           met
/// dispatch
///   counter: store (1 subscriber + 1 middleware)   3,459 ns/action  2,148–4,039  4.08 (plain reducer loop)   848x worse   < 100 ns/action  NO
/// ```
struct ReportTable {
    let report: Report

    var text: String {
        var lines = ["statedbg-bench — \(report.machine.model), \(report.machine.cores) cores, \(report.machine.os)",
                     "\(report.date)\(report.quick ? ", --quick" : ""), the run took \(NumberText.figure(report.durationSeconds)) s, \(report.heap)", ""]
        let header = ["scenario", "median", "min–max", "baseline", "vs baseline", "target", "met"]
        var rows: [[String]] = []
        var group = ""
        for row in report.measurements {
            if row.group != group {
                group = row.group
                rows.append([group, "", "", "", "", "", ""])
            }
            rows.append(cells(row))
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        let render = { (cells: [String]) -> String in
            zip(cells, widths).map { $0.padding(to: $1) }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        lines.append(render(header))
        lines += rows.map(render)
        let notes = report.measurements.compactMap { row in row.note.map { "  \(row.group): \(row.name): \($0)" } }
        if !notes.isEmpty {
            lines += ["", "notes:"] + notes
        }
        let missed = report.missed
        lines += ["", missed.isEmpty ? "every measured target met" : "targets missed: \(missed.count)"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func cells(_ row: Measurement) -> [String] {
        let unit = row.unit.rawValue
        let median = row.value.map { "\(NumberText.figure($0)) \(unit)" } ?? "not measured"
        let spread = row.samples.map { $0.count > 1 ? "\(NumberText.figure($0.minimum))–\(NumberText.figure($0.maximum))" : "" } ?? ""
        let baseline = row.baseline.map { "\(NumberText.figure($0.median)) (\(row.baselineName ?? "baseline"))" } ?? ""
        let ratio = row.ratio.map(NumberText.ratio) ?? ""
        let target = row.target.map { $0.text(unit: row.unit) } ?? ""
        let met = row.met.map { $0 ? "yes" : "NO" } ?? (row.target == nil ? "" : "—")
        return ["  " + row.name, median, spread, baseline, ratio, target, met]
    }
}

private extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
