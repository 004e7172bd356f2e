/// The journal lines a live server can replay to a client that subscribes: the header it started
/// from and every line after it, up to a byte limit.
///
/// Step lines hold patches against the step before, so history is only ever cut by starting again
/// from a new header whose initial state is the state after the last step (a *rebase*).
struct LiveHistory {
    /// The header line, then step and event lines, each ending with a line feed.
    private(set) var bytes: [UInt8] = []
    /// The length of the header line.
    private(set) var headerLength = 0
    /// The first step the history holds after its header.
    private(set) var firstStep = 1

    /// Starts again from `header` (a whole header line) whose first step is `firstStep`.
    mutating func rebase(header: [UInt8], firstStep: Int) {
        bytes = header
        bytes.reserveCapacity(1 << 16)
        headerLength = header.count
        self.firstStep = firstStep
    }

    // Safe because the bytes are copied into the history during the call and never kept.
    mutating func append(_ lines: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: lines)
    }

    /// The offset of the first line a subscriber from `step` gets after the header: the first step
    /// line numbered `step` or later, or an event line just before it.
    func offset(ofStep step: Int) -> Int {
        guard step > firstStep else { return headerLength }
        var lineStart = headerLength
        var pendingEvents: Int?
        while lineStart < bytes.count {
            let end = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            if let number = Self.stepNumber(bytes[lineStart..<end]) {
                if number >= step { return pendingEvents ?? lineStart }
                pendingEvents = nil
            } else if pendingEvents == nil {
                pendingEvents = lineStart
            }
            lineStart = end + 1
        }
        return pendingEvents ?? bytes.count
    }

    /// `N` for a line starting `{"step":N`; `nil` for other lines.
    private static func stepNumber(_ line: ArraySlice<UInt8>) -> Int? {
        let prefix = Array(#"{"step":"#.utf8)
        guard line.starts(with: prefix) else { return nil }
        var number = 0
        for byte in line.dropFirst(prefix.count) {
            guard byte >= 0x30, byte <= 0x39 else { break }
            number = number &* 10 &+ Int(byte - 0x30)
        }
        return number
    }
}
