/// The messages waiting for the page, in order, with consecutive journal lines joined into one
/// message, and their size, by which the bridge bounds what a slow page costs the app.
struct PageOutbox {
    private(set) var messages: [PageMessage] = []
    /// About how many bytes wait (``PageMessage/size``).
    private(set) var bytes = 0

    var isEmpty: Bool { messages.isEmpty }

    /// Adds a message after the others; journal lines join the lines message before them.
    mutating func append(_ message: PageMessage) {
        if case .lines(let more) = message, case .lines(var lines)? = messages.last {
            // Emptied first, so that the append does not copy the lines already there.
            messages[messages.count - 1] = .lines([])
            lines += more
            messages[messages.count - 1] = .lines(lines)
            bytes += more.reduce(0) { $0 + $1.count + 8 }
        } else {
            messages.append(message)
            bytes += message.size
        }
    }

    /// Takes every waiting message.
    mutating func takeAll() -> [PageMessage] {
        defer {
            messages = []
            bytes = 0
        }
        return messages
    }
}
