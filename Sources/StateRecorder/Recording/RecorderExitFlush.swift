import Foundation
import StateSync

/// Closes the recorders still open when the process exits normally, so steps still queued reach the
/// file, as stdio flushes its buffers at `exit`.
///
/// The one process-wide registry in the recorder, and it must be: `atexit` takes a C function, which
/// can reach nothing else. A recorder registers when it opens and unregisters when it closes.
enum RecorderExitFlush {
    /// A registration, to take back with ``unregister(_:)``.
    struct Token: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    private struct Registry: ~Copyable {
        var next: UInt64 = 0
        var closers: [UInt64: @Sendable () -> Void] = [:]
        var installed = false
    }

    private static let registry = Locked(Registry())

    /// Calls `close` at normal process exit unless unregistered first.
    static func register(_ close: @escaping @Sendable () -> Void) -> Token {
        let (token, install) = registry.withLock { registry -> (Token, Bool) in
            registry.next += 1
            registry.closers[registry.next] = close
            defer { registry.installed = true }
            return (Token(id: registry.next), !registry.installed)
        }
        if install { atexit { RecorderExitFlush.closeAll() } }
        return token
    }

    static func unregister(_ token: Token) {
        _ = registry.withLock { $0.closers.removeValue(forKey: token.id) }
    }

    /// Closes every registered recorder, oldest first.
    static func closeAll() {
        let closers = registry.withLock { registry -> [@Sendable () -> Void] in
            defer { registry.closers.removeAll() }
            return registry.closers.sorted { $0.key < $1.key }.map(\.value)
        }
        for close in closers { close() }
    }
}
