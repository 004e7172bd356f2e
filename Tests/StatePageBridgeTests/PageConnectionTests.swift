import Foundation
import StateJSON
import StateLive
@testable import StatePageBridge
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The page's connection against a fake app on the other end of a socket pair: what it buffers for a
/// page that does not take its messages, and how many requests it lets wait.
@Suite struct PageConnectionTests {
    /// A connected pair: the bridge's end, and the fake app's (non-blocking).
    private func pair() throws -> (bridge: Int32, app: Int32) {
        var ends: [Int32] = [0, 0]
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        try #require(socketpair(AF_UNIX, stream, 0, &ends) == 0)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    private func connection(_ descriptor: Int32, _ page: FakePage, limits: PageBridge.Limits) -> PageConnection {
        PageConnection(connect: { descriptor }, limits: limits) { messages, delivered in
            page.deliver(messages.map { String(decoding: $0.json, as: UTF8.self) }, delivered)
        }
    }

    /// Writes what the socket takes now; the count written.
    private func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Reads the lines the bridge wrote, waiting up to 5 seconds for `count` of them.
    private func readLines(_ descriptor: Int32, count: Int) -> [String] {
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<500 where text.split(separator: "\n").count < count {
            let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got > 0 { text += String(decoding: buffer[..<got], as: UTF8.self) } else { Thread.sleep(forTimeInterval: 0.01) }
        }
        return text.split(separator: "\n").map(String.init)
    }

    @Test func stopsReadingTheAppAtItsBoundWhileThePageHoldsItsMessages() throws {
        let (bridgeEnd, app) = try pair()
        let page = FakePage(holding: true)
        var limits = PageBridge.Limits()
        limits.bufferedBytes = 64 << 10
        let connection = connection(bridgeEnd, page, limits: limits)
        defer { connection.close() }
        let line = Array(#"{"step":1,"pad":""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1000) + Array("\"}\n".utf8)
        var written = 0
        var lines = 0
        // The app's side of the socket fills once the bridge stops reading: a page that takes nothing
        // holds its bound, the socket's buffers and one read, not what the app writes.
        var full = 0
        for _ in 0..<65_536 where full < 2 {
            let count = send(app, line)
            if count < 0, errno == EAGAIN {
                // Full twice in a row, a little apart: the bridge has stopped reading.
                full += 1
                Thread.sleep(forTimeInterval: 0.05)
                continue
            }
            try #require(count == line.count, "a partial write: \(count)")
            full = 0
            written += count
            lines += 1
        }
        #expect(full == 2)
        #expect(written < 16 << 20, "the bridge read \(written) bytes for a page that took none")
        #expect(page.batches.count == 1)
        page.release()
        // What the bridge said (hello, subscribe) is read, so that closing is an end, not a reset.
        #expect(readLines(app, count: 2).count == 2)
        _ = LiveSocketClose(app)
        #expect(page.wait { $0.last?["type"] == "error" })
        #expect(page.journalLines.count == lines)
        #expect(page.batches.allSatisfy { $0 < (limits.bufferedBytes + (128 << 10)) * 2 }, "\(page.batches)")
        #expect(page.messages.last?["message"] == "The page lost the app: the app closed the connection. Open the page again to see the app.")
        #expect(page.messages.last?["ended"] == true, "the page is told the app is gone, not only shown a sentence")
    }

    @Test func refusesARequestPastThoseTheAppHasNotAnswered() throws {
        let (bridgeEnd, app) = try pair()
        defer { _ = LiveSocketClose(app) }
        let page = FakePage()
        var limits = PageBridge.Limits()
        limits.pendingRequests = 2
        let connection = connection(bridgeEnd, page, limits: limits)
        defer { connection.close() }
        connection.receive(Array(#"{"command":"status","id":"a"}"#.utf8))
        connection.receive(Array(#"{"command":"undo","id":"b"}"#.utf8))
        connection.receive(Array(#"{"command":"redo","id":"c"}"#.utf8))
        #expect(page.reply("c")?["error"] == "The page has 2 requests the app has not answered yet, the most it may have; wait for their replies.")
        #expect(readLines(app, count: 4) == [
            #"{"command":"hello","client":"statedbg page","id":"page-bridge-hello","version":1}"#,
            #"{"command":"subscribe","from":0,"id":"page-bridge-subscribe"}"#,
            #"{"command":"status","id":1}"#,
            #"{"command":"undo","count":1,"id":2}"#,
        ])
        _ = send(app, Array(#"{"reply":2,"ok":true,"step":4,"message":"the app's state is now step 4"}"#.utf8 + [0x0A]))
        #expect(page.reply("b") == ["reply": "b", "ok": true, "step": 4, "message": "the app's state is now step 4"])
        connection.receive(Array(#"{"command":"redo","id":"d"}"#.utf8))
        #expect(readLines(app, count: 1) == [#"{"command":"redo","count":1,"id":3}"#])
        _ = LiveSocketClose(app)
        #expect(page.reply("a")?["error"] == "The app did not answer: the page lost it (the app closed the connection).")
        #expect(page.reply("d")?["error"] == "The app did not answer: the page lost it (the app closed the connection).")
    }
}

/// Closes a descriptor (the module's own names shadow `close`).
private func LiveSocketClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
