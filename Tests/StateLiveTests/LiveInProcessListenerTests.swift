import StateLive
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The in-process transport: each connection is a connected pair of sockets whose server end the
/// server takes at its next turn, and a closed listener connects nothing.
@Suite struct LiveInProcessListenerTests {
    @Test func givesTheServerTheOtherEndOfEachConnection() throws {
        let listener = try LiveInProcessListener()
        defer { listener.close() }
        #expect(listener.acceptReady().isEmpty)
        let client = try listener.connect()
        defer { _ = LiveSocket.close(client) }
        var ready = pollfd(fd: listener.interest.descriptor, events: listener.interest.events, revents: 0)
        #expect(poll(&ready, 1, 1000) == 1, "the server is not woken for the connection")
        let incoming = listener.acceptReady()
        try #require(incoming.count == 1)
        #expect(incoming[0].authentication == .sameUser)
        defer { _ = LiveSocket.close(incoming[0].descriptor) }
        try LiveSocket.sendAll(client, Array("hello\n".utf8))
        var buffer = [UInt8](repeating: 0, count: 16)
        var waiting = pollfd(fd: incoming[0].descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 1000) == 1)
        let count = buffer.withUnsafeMutableBytes { read(incoming[0].descriptor, $0.baseAddress, $0.count) }
        #expect(Array(buffer[..<max(0, count)]) == Array("hello\n".utf8))
        #expect(listener.acceptReady().isEmpty)
        #expect(listener.endpoint == .inProcess)
    }

    @Test func connectsNothingOnceClosed() throws {
        let listener = try LiveInProcessListener()
        listener.close()
        #expect(throws: LiveChannelError("The app's live channel is closed: its recorder was closed.")) { try listener.connect() }
        listener.close()
    }
}
