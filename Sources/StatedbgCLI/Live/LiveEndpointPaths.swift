import Foundation
import StateLive

/// The live socket paths `statedbg` itself uses.
enum LiveEndpointPaths {
    /// This process's default live socket.
    static var defaultSocket: String { LiveEndpoint.socketPath(pid: getpid()) }
}
