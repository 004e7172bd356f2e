/// What one REPL line produced: text for standard output and, when the command failed, an error.
///
/// ```swift
/// let reply = interpreter.execute("nxt")
/// reply.error     // "unknown command 'nxt'; did you mean 'next'?"
/// ```
package struct ReplReply: Sendable, Equatable {
    /// The results, without a final newline; empty when the command printed nothing.
    package var text: String
    /// Why the command failed, as a sentence; `nil` when it succeeded.
    package var error: String?

    /// Creates a reply.
    package init(text: String = "", error: String? = nil) {
        self.text = text
        self.error = error
    }

    /// Whether the command succeeded.
    package var succeeded: Bool { error == nil }
}
