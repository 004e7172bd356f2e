/// Somewhere text goes: a file descriptor, or a buffer in tests.
///
/// ```swift
/// let sink: any OutputSink = MemorySink()
/// sink.write("hello\n")
/// sink.flush()
/// ```
public protocol OutputSink: Sendable {
    /// Appends `text`; it may be buffered until ``flush()``.
    func write(_ text: String)
    /// Pushes buffered text out.
    func flush()
}
