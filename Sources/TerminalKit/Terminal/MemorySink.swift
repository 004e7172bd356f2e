import StateSync

/// An ``OutputSink`` that keeps everything written, for tests.
///
/// ```swift
/// let out = MemorySink()
/// TextOutput(standardOutput: out, standardError: MemorySink()).print("step 1")
/// #expect(out.text == "step 1\n")
/// ```
package final class MemorySink: OutputSink {
    private let storage = Locked("")

    /// Creates an empty sink.
    package init() {}

    /// Everything written so far.
    package var text: String {
        storage.withLock { $0 }
    }

    /// Appends `text` to ``text``.
    package func write(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Does nothing; memory needs no flushing.
    package func flush() {}
}
