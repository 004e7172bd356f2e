/// Somewhere text goes: a file descriptor, or a buffer in tests.
///
/// ```swift
/// let sink: any OutputSink = MemorySink()
/// sink.write("hello\n")
/// sink.flush()
/// ```
package protocol OutputSink: Sendable {
    /// Appends `text`; it may be buffered until ``flush()``.
    func write(_ text: String)
    /// Pushes buffered text out.
    func flush()
    /// The C error number of the first write that failed (`ENOSPC` on a full disk, `EPIPE` once the
    /// reader of a pipe has gone); `nil` while every write has succeeded. After a failure the sink drops
    /// what it is given, and a caller stops producing output and reports the error once.
    var writeError: Int32? { get }
}

extension OutputSink {
    /// Never fails: for sinks that cannot fail, such as memory.
    package var writeError: Int32? { nil }
}
