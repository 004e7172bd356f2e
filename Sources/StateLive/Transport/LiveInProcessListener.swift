import StateSync

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A live channel reached from inside the app itself: each ``connect()`` makes a connected pair of
/// Unix domain sockets (no file, no port: nothing outside the process can reach it) and hands one end
/// to the server, which serves it as any other client. The page the app shows on the device
/// (StatePageBridge) talks to the app through it, so that it gets what `statedbg attach` gets: the
/// history from the header on, the same commands, the same limits on a client that falls behind.
package final class LiveInProcessListener: LiveTransport, Sendable {
    /// The pipe whose read end the server polls: a byte in it says connections wait.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// The server's ends of the pairs made, until the server takes them; `nil` once closed.
    private let pending = Locked<[Int32]?>([])

    package var endpoint: LiveEndpoint { .inProcess }
    package var interest: LiveTransportInterest { LiveTransportInterest(descriptor: wakeRead, events: LiveSocket.readable) }

    package func announcement(host: LiveAppHost, environment: [String: String]) -> String {
        "statedbg: live channel inside the app, for the page it shows"
    }

    /// A listener nobody has connected to yet.
    ///
    /// - Throws: ``LiveChannelError`` when its wake-up pipe cannot be made.
    package init() throws(LiveChannelError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .system("cannot create the in-process live channel's pipe", errno) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    /// A new connection to the server: the returned descriptor is the client's end (blocking,
    /// close-on-exec), whose owner closes it. Callable from any thread.
    ///
    /// - Throws: ``LiveChannelError`` when the channel is closed or the pair cannot be made.
    package func connect() throws(LiveChannelError) -> Int32 {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, LiveSocket.stream, 0, &ends) == 0 else {
            throw .system("cannot create an in-process live connection", errno)
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            LiveSocket.noSignalPipe(end)
        }
        do throws(LiveChannelError) {
            try LiveSocket.setNonBlocking(ends[1])
        } catch {
            LiveSocket.close(ends[0])
            LiveSocket.close(ends[1])
            throw error
        }
        // The wake-up is written under the lock, so that close() cannot close the pipe in between.
        let taken = pending.withLock { [wakeWrite] pending -> Bool in
            guard pending != nil else { return false }
            pending?.append(ends[1])
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
            return true
        }
        guard taken else {
            LiveSocket.close(ends[0])
            LiveSocket.close(ends[1])
            throw LiveChannelError("The app's live channel is closed: its recorder was closed.")
        }
        return ends[0]
    }

    package func acceptReady() -> [LiveIncoming] {
        var byte: UInt8 = 0
        while read(wakeRead, &byte, 1) > 0 {}
        let taken = pending.withLock { pending -> [Int32] in
            defer { if pending != nil { pending = [] } }
            return pending ?? []
        }
        // The app's own code made the pair: it is the app's user by construction.
        return taken.map { LiveIncoming(descriptor: $0, authentication: .sameUser) }
    }

    package func close() {
        let left = pending.withLock { [wakeRead, wakeWrite] pending -> [Int32] in
            defer { pending = nil }
            guard let left = pending else { return [] }
            LiveSocket.close(wakeRead)
            LiveSocket.close(wakeWrite)
            return left
        }
        for descriptor in left { LiveSocket.close(descriptor) }
    }
}
