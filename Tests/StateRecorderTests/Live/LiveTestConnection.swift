#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateJSON
import StateLive

/// A raw live-channel client for tests: sends lines and reads the app's lines one by one.
final class LiveTestConnection {
    struct Closed: Error {}

    let descriptor: Int32
    private var splitter = LiveLineSplitter(limit: Int.max / 2)
    private var pending: [String] = []
    /// Journal lines (not replies or notices) read while waiting for replies.
    var journalLines: [String] = []
    /// Notices read while waiting for replies.
    var notices: [String] = []
    private var nextID = 1

    init(_ endpoint: LiveEndpoint) throws {
        descriptor = try LiveSocket.connect(endpoint)
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        try LiveSocket.sendAll(descriptor, Array((text + "\n").utf8))
    }

    func sendBytes(_ bytes: [UInt8]) throws {
        try LiveSocket.sendAll(descriptor, bytes)
    }

    /// The next line, or `nil` at the end of the stream (or after 10 s of silence).
    func nextLine() -> String? {
        while pending.isEmpty {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 10_000) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            buffer.withUnsafeBytes { bytes in
                splitter.append(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { piece in
                    if case .line(let line) = piece { pending.append(String(decoding: line, as: UTF8.self)) }
                }
            }
        }
        return pending.removeFirst()
    }

    /// Sends `line` and returns the first reply after it, keeping journal lines and notices aside.
    func reply(to line: String) throws -> JSONObject {
        try send(line)
        while let next = nextLine() {
            if next.hasPrefix(#"{"reply""#) {
                guard case .object(let object) = try JSONValue(parsing: next) else { throw Closed() }
                return object
            }
            if next.hasPrefix(#"{"live""#) { notices.append(next) } else { journalLines.append(next) }
        }
        throw Closed()
    }

    /// Sends a command and returns its reply.
    func request(_ command: LiveCommand) throws -> JSONObject {
        defer { nextID += 1 }
        return try reply(to: String(decoding: LiveRequest(id: .integer(Int64(nextID)), command: command).line.dropLast(), as: UTF8.self))
    }

    /// Reads to the end of the stream, sorting lines into journal lines and notices.
    func readToEnd() {
        while let next = nextLine() {
            if next.hasPrefix(#"{"live""#) { notices.append(next) } else if !next.hasPrefix(#"{"reply""#) { journalLines.append(next) }
        }
    }
}
