import StateLive

extension RecorderOptions.LiveChannel {
    /// A debugger the app connects out to: `statedbg listen`, waiting on the developer's machine, which
    /// a device or a simulator reaches where nothing can reach the app.
    ///
    /// ```swift
    /// // What `statedbg listen` printed: connect with: STATEDBG_CONNECT=192.168.1.20:7070 STATEDBG_TOKEN=3f9c…
    /// options.live = .dialingOut(to: "192.168.1.20:7070", token: "3f9c…")
    /// ```
    ///
    /// The app connects without waiting, on the channel's own thread, and sends only lines it has
    /// written: its dispatching never waits for the network. When the debugger cannot be reached, or goes
    /// away, the app records on and dials again, at most every 10 seconds. The debugger must prove it
    /// holds the token, and the app proves it too, without either sending it: a debugger without it
    /// is refused (told to the recorder's `onError`). The stream is not encrypted: on a network you
    /// do not trust, anyone who can watch it sees the app's states.
    public struct DialOut: Sendable, Equatable {
        /// Where the debugger listens, `HOST:PORT` as `statedbg listen` prints it (`[::1]:7070` for an
        /// IPv6 address); a host name is looked up on a thread of its own.
        public var address: String
        /// The token `statedbg listen` printed.
        public var token: String

        /// The debugger at `address` (`HOST:PORT`), holding `token`.
        public init(address: String, token: String) {
            self.address = address
            self.token = token
        }

        /// The environment variable that names the address: `STATEDBG_CONNECT`.
        public static let addressVariable = "STATEDBG_CONNECT"
        /// The environment variable that holds the token: `STATEDBG_TOKEN`.
        public static let tokenVariable = "STATEDBG_TOKEN"

        /// Opens the dialer, which reports to `report`.
        ///
        /// - Throws: `LiveChannelError` (StateLive) when the address is not `HOST:PORT` or the token is empty.
        func makeDialer(report: @escaping @Sendable (LiveDialer.Event) -> Void) throws(LiveChannelError) -> LiveDialer {
            guard let (host, port) = LiveEndpoint.hostAndPort(address), port != 0 else {
                throw LiveChannelError("the debugger's address \"\(address)\" (\(Self.addressVariable)) is not HOST:PORT with a port from 1 to 65535; use the one `statedbg listen` printed.")
            }
            guard !token.isEmpty else {
                throw LiveChannelError("the live channel dials out to \(address) but has no token; set \(Self.tokenVariable) to the one `statedbg listen` printed.")
            }
            return LiveDialer(host: host, port: port, token: token, report: report)
        }
    }

    /// A channel that only dials out, to `statedbg listen` at `address` with `token`: no socket.
    public static func dialingOut(to address: String, token: String) -> Self {
        var channel = Self()
        channel.socket = false
        channel.dialOut = DialOut(address: address, token: token)
        return channel
    }
}
