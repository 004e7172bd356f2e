/// Cuts a byte stream into lines, holding at most `limit` bytes of an unfinished line.
///
/// A line longer than the limit is not kept: its bytes are skipped up to its line feed and it comes
/// out as ``Piece/tooLong(_:)``, so one hostile line costs neither memory nor the connection.
package struct LiveLineSplitter {
    /// What ``append(_:_:)`` found.
    package enum Piece: Equatable {
        /// A whole line, without its line feed.
        case line([UInt8])
        /// A line of this many bytes that was skipped.
        case tooLong(Int)
    }

    package let limit: Int
    private var pending: [UInt8] = []
    /// The length so far of a line being skipped, or `nil` when not skipping.
    private var skipping: Int?

    package init(limit: Int) {
        self.limit = limit
    }

    /// The bytes of an unfinished last line (a writer killed mid-line leaves one).
    package var unfinished: Int { skipping ?? pending.count }

    // Safe because the bytes are read only during the call, within their count, and never kept.
    /// Takes `bytes` and hands each finished line (or skipped one) to `body`, in order.
    package mutating func append(_ bytes: UnsafeRawBufferPointer, _ body: (Piece) -> Void) {
        var start = 0
        while start < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
            guard let offset = rest.firstIndex(of: 0x0A) else {
                take(rest)
                return
            }
            let newline = start + offset
            take(UnsafeRawBufferPointer(rebasing: bytes[start..<newline]))
            if let skipped = skipping {
                body(.tooLong(skipped))
                skipping = nil
            } else {
                body(.line(pending))
            }
            pending.removeAll(keepingCapacity: pending.count <= 1 << 16)
            start = newline + 1
        }
    }

    // Safe because the bytes are read only during the call, within their count, and never kept.
    private mutating func take(_ bytes: UnsafeRawBufferPointer) {
        if let skipped = skipping {
            skipping = skipped + bytes.count
        } else if pending.count + bytes.count > limit {
            skipping = pending.count + bytes.count
            pending = []
        } else {
            pending.append(contentsOf: bytes)
        }
    }
}
