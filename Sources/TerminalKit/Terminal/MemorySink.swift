import StateSync

/// An ``OutputSink`` that keeps everything written, for tests.
///
/// ```swift
/// let out = MemorySink()
/// TextOutput(standardOutput: out, standardError: MemorySink()).print("step 1")
/// #expect(out.text == "step 1\n")
/// ```
public final class MemorySink: OutputSink {
    private let storage = Locked("")

    /// Creates an empty sink.
    public init() {}

    /// Everything written so far.
    public var text: String {
        storage.withLock { $0 }
    }

    /// Appends `text` to ``text``.
    public func write(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Does nothing; memory needs no flushing.
    public func flush() {}
}
