/// Tells from a step line's raw bytes, without parsing it, that a text does not occur in any of its
/// strings: the prefilter of `log --type`, whose type must appear in the line of a step it lists.
///
/// A line with a backslash is always let through, since a JSON escape can spell the text differently,
/// and so is a damaged line. A text the writer would escape, or shorter than two bytes, filters nothing.
///
/// ```swift
/// TextLineFilter("bank.pay").mayContain(line)     // false for a line of counter.increment
/// ```
package struct TextLineFilter: Sendable {
    private let needle: [UInt8]?

    /// A filter for lines that may contain `text`.
    package init(_ text: String) {
        let bytes = Array(text.utf8)
        let plain = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        needle = plain && bytes.count >= 2 ? bytes : nil
    }

    /// Whether `line` may contain the text: `false` only when it certainly does not.
    package func mayContain(_ line: JournalStream.StepLine) -> Bool {
        guard let needle, !line.isDamaged else { return true }
        return PatchLineFilter.hasBackslashOrEmptyString(line.bytes) || PatchLineFilter.contains(line.bytes, needle)
    }
}
