/// A response the server writes: status, header fields and body. Every response says not to cache it,
/// not to sniff its type and not to be framed.
package struct HTTPResponse: Sendable {
    /// The status code.
    package var status: Int
    /// Header fields besides those every response gets (`Content-Length`, `Connection`, the security ones).
    package var headers: [(String, String)]
    /// The body.
    package var body: [UInt8]
    /// Whether the server closes the connection after writing it.
    package var closesConnection = false

    /// A response of `status` with a body of `contentType`.
    package init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType)] + headers
        self.body = body
    }

    /// A JSON body (200).
    package static func json(_ text: String) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "application/json", body: Array(text.utf8))
    }

    /// The response as bytes on the wire.
    package var bytes: [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        head += Self.securityFields
        head += closesConnection ? "Connection: close\r\n\r\n" : "Connection: keep-alive\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// The fields every response carries: nothing is cached, sniffed, framed or told where it came from.
    static let securityFields = "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
        + "X-Frame-Options: DENY\r\nContent-Security-Policy: frame-ancestors 'none'\r\nReferrer-Policy: no-referrer\r\n"

    /// The head that starts an event stream (`text/event-stream`), which has no length and ends with
    /// the connection.
    static let eventStreamHead = Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n" + securityFields
        + "Connection: close\r\n\r\n").utf8)

    /// The reason phrase of a status.
    package static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
