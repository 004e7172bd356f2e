/// Finds the known word a mistyped one was probably meant to be.
///
/// Uses the Damerau–Levenshtein distance (optimal string alignment: insertions, deletions, substitutions
/// and swaps of two neighbours each cost one), so `nxt`, `enxt` and `nexy` all suggest `next`.
///
/// ```swift
/// let guess = Suggestion.closest(to: "nxt", among: ["next", "back", "show"])
/// print("unknown command 'nxt'; did you mean '\(guess ?? "")'?")
/// ```
/// ```text
/// unknown command 'nxt'; did you mean 'next'?
/// ```
package enum Suggestion {
    /// The candidate nearest to `word`, or `nil` when none is near enough to be a plausible typo.
    ///
    /// A candidate qualifies when its distance is at most a third of the longer word's length (at least one).
    /// Ties go to the earlier candidate, so list the most common words first.
    package static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let limit = max(1, max(word.count, candidate.count) / 3)
            let distance = self.distance(word, candidate)
            guard distance <= limit else { continue }
            if best.map({ distance < $0.distance }) ?? true {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The optimal-string-alignment distance between two strings, counted in `Character`s.
    package static func distance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rolling rows suffice: the swap case looks back two rows.
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
