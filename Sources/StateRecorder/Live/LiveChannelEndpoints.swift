/// Where a recorder's live channel listens (``Recorder/liveEndpoints``): what `statedbg attach` takes; and
/// the debugger it dials, when it dials out to `statedbg listen`.
///
/// ```swift
/// if let endpoints = recorder.liveEndpoints, let tcp = endpoints.tcp {
///     print("statedbg attach 127.0.0.1:\(tcp.port) --token \(tcp.token)")
/// }
/// ```
public struct LiveChannelEndpoints: Sendable, Equatable {
    /// A loopback TCP port and the token its clients must present.
    public struct TCP: Sendable, Equatable {
        /// The port on 127.0.0.1.
        public var port: UInt16
        /// The random 128-bit token, as 32 hexadecimal digits.
        public var token: String

        /// A port and its token.
        public init(port: UInt16, token: String) {
            self.port = port
            self.token = token
        }
    }

    /// The Unix domain socket's path, when the channel listens on one.
    public var socketPath: String?
    /// The loopback TCP port and its token, when the channel listens on one.
    public var tcp: TCP?
    /// The debugger the channel dials (`HOST:PORT`), when it dials out (``RecorderOptions/LiveChannel/dialOut``).
    public var dialOut: String?

    /// Endpoints: a socket path, a TCP port with its token, a debugger to dial, or several.
    public init(socketPath: String?, tcp: TCP?, dialOut: String? = nil) {
        self.socketPath = socketPath
        self.tcp = tcp
        self.dialOut = dialOut
    }
}
