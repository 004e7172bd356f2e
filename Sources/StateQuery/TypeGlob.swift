/// A glob over action types, `*` for any run of characters and `?` for one: `bank.*` matches `bank.pay`.
/// The one matcher of the debugger's `break action` and `find`, and of the app's live traps.
///
/// ```swift
/// TypeGlob("bank.*").matches("bank.pay")   // true
/// TypeGlob("bank.pay").matches("bank.pa")  // false: without wildcards the type must be equal
/// ```
package struct TypeGlob: Sendable, Hashable {
    private let pattern: [Character]

    /// The glob `text`.
    package init(_ text: String) {
        pattern = Array(text)
    }

    /// Whether `type` matches, by iterative matching with backtracking to the last `*`: linear in
    /// practice, never exponential.
    package func matches(_ type: String) -> Bool {
        let text = Array(type)
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
