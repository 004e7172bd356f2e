/// What the Swift runtime printed on standard error about a crash, picked out of everything the
/// crashing process printed: the line of a `fatalError`, `precondition`, failed force unwrap or index
/// out of range.
///
/// ```swift
/// CrashMessage.find(in: "Swift/ContiguousArrayBuffer.swift:705: Fatal error: Index out of range\nCurrent stack trace:\n…")
/// // "Fatal error: Index out of range"
/// CrashMessage.find(in: "ExampleApps/Shop.swift:30: Fatal error: no row 3\n")
/// // "ExampleApps/Shop.swift:30: Fatal error: no row 3"
/// ```
package enum CrashMessage {
    /// The kinds of line the runtime prints before it traps (`_assertionFailure`'s prefixes).
    private static let prefixes = ["Fatal error", "Precondition failed", "Assertion failed", "Unimplemented", "Not enough bits"]

    /// The runtime's crash line in `text`, or `nil` when there is none. A location inside the standard
    /// library (`Swift/…`) says nothing about the app and is left out; one in the app's code is kept.
    package static func find(in text: String) -> String? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            for prefix in prefixes {
                guard let range = line.range(of: prefix) else { continue }
                let location = line[..<range.lowerBound]
                let message = line[range.lowerBound...].trimmingTrailingSpaces
                // `Swift/ContiguousArrayBuffer.swift:705: `: the standard library's own file.
                if location.isEmpty || location.hasPrefix("Swift/") { return String(message) }
                return String(location) + String(message)
            }
        }
        return nil
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: Substring {
        var text = self
        while let last = text.last, last == " " || last == "\r" { text = text.dropLast() }
        return text
    }
}
