import Foundation
import StateSync

/// The addresses of a host name, looked up on a thread of its own: a lookup may wait on the network (a
/// DNS server, multicast DNS for `mac.local`) for seconds, and the live server's thread, which dials
/// out, must never wait.
final class LiveAddressLookup: Sendable {
    private let outcome = Locked<Result<[LiveSocketAddress], LiveChannelError>?>(nil)

    /// Starts looking up `host` for `port`.
    init(host: String, port: UInt16) {
        // The thread holds the lookup until it ends, also when the dialer gave up on it meanwhile.
        let thread = Thread { [self] in
            let result = Result { () throws(LiveChannelError) in try LiveSocketAddress.resolve(host: host, port: port) }
            outcome.withLock { $0 = result }
        }
        thread.name = "statedbg live address lookup"
        thread.start()
    }

    /// The addresses or why there are none, once the lookup ended; `nil` while it runs.
    var result: Result<[LiveSocketAddress], LiveChannelError>? {
        outcome.withLock { $0 }
    }
}
