import StateJSON
import StateJournal

/// A journal's text as a version before 6 writes the same steps: tests that turn a fresh recording into
/// an older version (by its header's `version`) call it, since before version 6 a step line gives its
/// absolute `time` and a header has no `origin`.
public enum AbsoluteStepTimes {
    /// `text` with the header's `origin` left out and every step line's `"ms":M` written as
    /// `"time":origin+M`, each changed line's checksum recomputed. Text without an origin is returned as it is.
    public static func text(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, let header = try? JournalHeader(jsonValue: JSONValue(parsing: Array(first.utf8))),
              let origin = header.origin else { return text }
        lines[0] = first.replacingOccurrences(of: #","origin":\#(origin)"#, with: "")
        for index in lines.indices.dropFirst() {
            let line = lines[index]
            guard let ms = line.firstMatch(of: /^(\{"step":\d+(?:,"kind":"keyframe")?),"ms":(-?\d+),/), let milliseconds = Int64(ms.2) else { continue }
            lines[index] = #"\#(ms.1),"time":\#(origin + milliseconds),"# + line[ms.range.upperBound...]
        }
        return LineChecksum.resealed(lines.joined(separator: "\n"))
    }
}
