import Foundation
#if canImport(Glibc)
import Glibc
private func systemClose(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL)) }
#elseif canImport(Darwin)
import Darwin
private func systemClose(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { Darwin.send(descriptor, bytes, count, 0) }
#endif

/// A raw TCP connection to a server on 127.0.0.1, for tests that must send exactly the bytes they mean
/// (a malformed request, half a head, too many connections) and read what comes back.
public final class LoopbackHTTPConnection {
    /// A response as read: status, head and body.
    public struct Response {
        /// The status code.
        public var status: Int
        /// The status line and fields.
        public var head: String
        /// The body.
        public var body: String
    }

    private let descriptor: Int32
    private var received: [UInt8] = []

    /// Connects to `127.0.0.1:port`.
    public init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            _ = systemClose(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    deinit { close() }

    private var closed = false

    /// Closes the connection.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = systemClose(descriptor)
    }

    /// Sends `text`'s bytes; whether they all went.
    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Sends `bytes`; whether they all went.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    /// Reads until the server closes the connection or `timeout` seconds pass; everything read so far.
    public func readAll(timeout: Double) -> String {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end, readSome(until: end) {}
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether the server closed the connection within `timeout` seconds (reading what it sent meanwhile).
    public func isClosedByServer(within timeout: Double) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if !readSome(until: end) { return Date() < end }
        }
        return false
    }

    /// Reads one response (its head, then `Content-Length` bytes of body) within `timeout` seconds.
    public func response(timeout: Double = 5) -> Response? {
        let end = Date().addingTimeInterval(timeout)
        while true {
            if let range = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<range.lowerBound], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count - range.upperBound >= length {
                    let body = String(decoding: received[range.upperBound..<(range.upperBound + length)], as: UTF8.self)
                    received.removeFirst(range.upperBound + length)
                    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
                    return Response(status: status, head: head, body: body)
                }
            }
            guard Date() < end, readSome(until: end) else { return nil }
        }
    }

    /// Reads what arrives before `end`; `false` when the connection closed (or failed).
    private func readSome(until end: Date) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(1000, end.timeIntervalSinceNow * 1000)))
        guard poll(&entry, 1, milliseconds) > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        received += buffer[..<count]
        return true
    }

    /// Sends one request and reads its response on a new connection.
    public static func exchange(port: UInt16, _ request: String, timeout: Double = 5) throws -> Response? {
        let connection = try LoopbackHTTPConnection(port: port)
        defer { connection.close() }
        connection.send(request)
        return connection.response(timeout: timeout)
    }
}
