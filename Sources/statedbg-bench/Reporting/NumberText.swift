import Foundation

/// Formats figures for the table: about three significant digits, thousands grouped.
enum NumberText {
    /// `1,234,567`, `123`, `12.3`, `1.23`, `0.0123`.
    static func figure(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let magnitude = abs(value)
        if magnitude >= 1000 { return grouped(Int64(value.rounded())) }
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 || magnitude == 0 { return String(format: "%.2f", value) }
        return String(format: "%.3g", value)
    }

    /// `12.3x faster`, `4.10x slower`, from a "times better" ratio.
    static func ratio(_ ratio: Double) -> String {
        ratio >= 1 ? "\(figure(ratio))x better" : "\(figure(1 / ratio))x worse"
    }

    private static func grouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}
