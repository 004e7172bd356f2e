/// The incomplete last line of a journal whose writer stopped in the middle of a line.
public struct TornLine: Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// Where the line starts; cutting the file here removes it.
    public var offset: Int64
    /// How many bytes of it were written.
    public var length: Int

    /// `line 41 is incomplete (17 bytes with no line feed), …; everything before it is intact`.
    public var description: String {
        "line \(line) is incomplete (\(length) bytes with no line feed), as left by a writer that stopped mid-line; everything before it is intact"
    }
}
