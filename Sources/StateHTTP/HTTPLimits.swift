/// How much an ``HTTPServer`` takes from its clients before it refuses them: the sizes of a request's
/// parts, how many connections it holds, and how long it waits.
///
/// The defaults suit a page on the loopback interface that sends small JSON commands; each limit a
/// client breaks has its own refusal (414, 431, 413, 408, 503).
package struct HTTPLimits: Sendable, Equatable {
    /// The longest request line (method, target and version), in bytes: 414 past it.
    package var requestLineBytes = 2048
    /// The longest head (request line and header fields, up to the blank line), in bytes: 431 past it.
    package var headBytes = 16 * 1024
    /// The most header fields: 431 past it.
    package var headerFields = 64
    /// The longest body, in bytes: 413 past it.
    package var bodyBytes = 256 * 1024
    /// The most connections open at once; one more is answered 503 and closed.
    package var connections = 16
    /// How long a request may take from its first byte to its last: 408 past it (a slow sender,
    /// "slowloris", holds a connection no longer).
    package var requestTimeout: Duration = .seconds(10)
    /// How long a kept-alive connection may wait for its next request before it is closed.
    package var idleTimeout: Duration = .seconds(30)
    /// How long one write to a client may block: a client that stops reading is dropped after it.
    package var writeTimeout: Duration = .seconds(5)
    /// The most bytes an event stream holds for a client that reads slower than events come; past it the
    /// client is dropped, so the sender never waits for it.
    package var streamBufferBytes = 8 << 20
    /// How often an event stream with nothing to send writes a comment, so a closed tab is noticed.
    package var heartbeat: Duration = .seconds(15)

    /// The default limits.
    package init() {}
}
