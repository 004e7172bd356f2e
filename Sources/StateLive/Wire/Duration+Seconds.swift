extension Duration {
    /// The duration in seconds as a sentence says it: `5 seconds`, `1 second`, `0.25 seconds`.
    package var secondsText: String {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        var text = String(Double(milliseconds) / 1000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return "\(text) seconds"
    }
}
