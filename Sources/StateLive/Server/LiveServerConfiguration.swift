/// How a ``LiveServer`` treats its clients: how far one may fall behind, how much history it keeps, how
/// many it serves, and how long a connection may take to say hello or to read its replies.
package struct LiveServerConfiguration: Sendable, Equatable {
    /// How far (in bytes) a client may fall behind before it is dropped.
    package var clientBufferBytes = 8 << 20
    /// How many bytes of journal lines the server keeps for clients that subscribe from an early step.
    package var historyBytes = 64 << 20
    /// The most clients served at once; connections that have not said hello do not count.
    package var maxClients = 16
    /// How long a connection may take to say `hello` (with the token, over TCP) before it is closed.
    package var helloTimeout: Duration = .seconds(5)
    /// How long a client's commands may wait for it to read the replies before it is dropped.
    package var replyTimeout: Duration = .seconds(10)
    /// The most connections that may wait to say hello at once; a new one closes the oldest.
    package var maxWaitingConnections = 32
    /// The most command lines a client may have sent ahead of their replies: past them, the server
    /// stops reading its socket until it catches up.
    package var maxQueuedCommands = 32
    /// How long a command that calls into the app may wait for the app's executor (its main actor) to
    /// start it; past it, the client is told the app did not run it, and it never runs.
    package var appCommandTimeout: Duration = .seconds(5)

    /// The defaults.
    package init() {}
}
