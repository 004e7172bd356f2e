/// Reads HTTP/1.1 requests from the bytes a client sends, as they arrive, within ``HTTPLimits``.
///
/// It takes the origin form only (`GET /path?query HTTP/1.1`), header fields without folding, and a body
/// of `Content-Length` bytes; `Transfer-Encoding` is refused (501), as is anything it cannot read
/// exactly, since a server and a proxy that read one request differently is how requests are smuggled.
///
/// ```swift
/// var parser = HTTPRequestParser(limits: HTTPLimits())
/// parser.append(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n".utf8))
/// let request = try parser.next()   // the request; nil while it is incomplete
/// ```
package struct HTTPRequestParser: Sendable {
    /// The limits each request must keep.
    package let limits: HTTPLimits
    private var buffer: [UInt8] = []

    /// A parser with no bytes yet.
    package init(limits: HTTPLimits) {
        self.limits = limits
    }

    /// The bytes received and not yet read as a request.
    package var pending: Int { buffer.count }

    /// Adds bytes the client sent.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole request, removed from the bytes received; `nil` while it is incomplete.
    ///
    /// - Throws: ``HTTPError`` when the bytes cannot start a request within the limits; the connection
    ///   is then beyond repair (the next request's start is unknown).
    package mutating func next() throws(HTTPError) -> HTTPRequest? {
        // RFC 9112 2.2: a server should ignore empty lines before a request line.
        var start = 0
        while start + 1 < buffer.count, buffer[start] == 0x0D, buffer[start + 1] == 0x0A { start += 2 }
        if start > 0 {
            buffer.removeFirst(start)
        }
        // The request line first, whether or not the head has ended, so the refusal is the same however
        // the bytes were cut when they arrived.
        if (buffer.firstIndex(of: 0x0A) ?? buffer.count) > limits.requestLineBytes + 1 {
            throw HTTPError(.requestLineTooLong, "The request line is longer than \(limits.requestLineBytes) bytes.")
        }
        guard let headEnd = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: buffer, within: limits.headBytes + 4) else {
            if buffer.count > limits.headBytes + 3 {
                throw HTTPError(.headTooLarge, "The request's head is longer than \(limits.headBytes) bytes.")
            }
            return nil
        }
        if headEnd > limits.headBytes {
            throw HTTPError(.headTooLarge, "The request's head is longer than \(limits.headBytes) bytes.")
        }
        var request = try Self.head(buffer[..<headEnd], limits: limits)
        let length = try Self.contentLength(request, limits: limits)
        let bodyStart = headEnd + 4
        guard buffer.count - bodyStart >= length else { return nil }
        request.body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return request
    }

    /// The offset of `pattern` in the first `limit` bytes of `bytes`.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], within limit: Int) -> Int? {
        let end = min(bytes.count, limit) - pattern.count
        guard end >= 0 else { return nil }
        var index = 0
        while index <= end {
            if bytes[index] == pattern[0], bytes[index + 1] == pattern[1], bytes[index + 2] == pattern[2], bytes[index + 3] == pattern[3] {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The request line and fields of a head (without its blank line).
    private static func head(_ bytes: ArraySlice<UInt8>, limits: HTTPLimits) throws(HTTPError) -> HTTPRequest {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x0D, index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A {
                lines.append(bytes[lineStart..<index])
                index += 2
                lineStart = index
            } else if bytes[index] == 0x0D || bytes[index] == 0x0A {
                throw HTTPError(.malformed, "A line of the request's head ends with a bare carriage return or line feed.")
            } else {
                index += 1
            }
        }
        lines.append(bytes[lineStart..<bytes.endIndex])
        let requestLine = lines[0]
        if requestLine.count > limits.requestLineBytes {
            throw HTTPError(.requestLineTooLong, "The request line is longer than \(limits.requestLineBytes) bytes.")
        }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw HTTPError(.malformed, "The request line is not METHOD TARGET VERSION, separated by single spaces.")
        }
        guard !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else {
            throw HTTPError(.malformed, "The request's method is not a token.")
        }
        let target = parts[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPError(.malformed, "The request target is not a path starting with / in visible ASCII.")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version.hasPrefix("HTTP/") else { throw HTTPError(.malformed, "The request line does not end with an HTTP version.") }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw HTTPError(.versionNotSupported, "This server speaks HTTP/1.1 and HTTP/1.0 only.")
        }
        let fieldLines = lines.dropFirst()
        if fieldLines.count > limits.headerFields {
            throw HTTPError(.headTooLarge, "The request has more than \(limits.headerFields) header fields.")
        }
        var fields: [(name: String, value: String)] = []
        for line in fieldLines {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                if line.first == 0x20 || line.first == 0x09 {
                    throw HTTPError(.malformed, "A header field is folded over two lines (obsolete line folding).")
                }
                throw HTTPError(.malformed, "A header line has no colon.")
            }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                throw HTTPError(.malformed, "A header field's name is empty or not a token (no spaces before the colon).")
            }
            var value = line[(colon + 1)...]
            while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                throw HTTPError(.malformed, "A header field's value holds a control character.")
            }
            fields.append((String(decoding: name, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self)))
        }
        if version == "HTTP/1.1", !fields.contains(where: { $0.name == "host" }) {
            throw HTTPError(.malformed, "An HTTP/1.1 request must have a Host field.")
        }
        if fields.filter({ $0.name == "host" }).count > 1 {
            throw HTTPError(.malformed, "The request has more than one Host field.")
        }
        if fields.contains(where: { $0.name == "transfer-encoding" }) {
            throw HTTPError(.notImplemented, "This server does not take Transfer-Encoding; send a Content-Length.")
        }
        let targetText = String(decoding: target, as: UTF8.self)
        let (path, query) = try Self.split(targetText)
        return HTTPRequest(method: String(decoding: parts[0], as: UTF8.self), target: targetText, path: path, query: query,
                           version: version, fields: fields, body: [])
    }

    /// The body's length: `Content-Length`, 0 when absent.
    private static func contentLength(_ request: HTTPRequest, limits: HTTPLimits) throws(HTTPError) -> Int {
        let values = Set(request.fields.filter { $0.name == "content-length" }.map(\.value))
        guard let text = values.first else { return 0 }
        guard values.count == 1, !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw HTTPError(.malformed, "The request's Content-Length is not one decimal number.")
        }
        guard text.count <= 12, let length = Int(text), length <= limits.bodyBytes else {
            throw HTTPError(.bodyTooLarge, "The request's body is longer than \(limits.bodyBytes) bytes.")
        }
        return length
    }

    /// The path and decoded query of a target.
    private static func split(_ target: String) throws(HTTPError) -> (String, [String: String]) {
        guard let mark = target.firstIndex(of: "?") else { return (target, [:]) }
        var query: [String: String] = [:]
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0])
            let value = parts.count > 1 ? try decode(parts[1]) : ""
            if query[name] == nil { query[name] = value }
        }
        return (String(target[..<mark]), query)
    }

    /// `%XX` and `+` decoded, as a form's query writes them.
    private static func decode(_ text: Substring) throws(HTTPError) -> String {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%") {
                guard let high = utf8.popFirst().flatMap(hexValue), let low = utf8.popFirst().flatMap(hexValue) else {
                    throw HTTPError(.malformed, "The request's query has a % not followed by two hexadecimal digits.")
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// RFC 9110's token characters.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
