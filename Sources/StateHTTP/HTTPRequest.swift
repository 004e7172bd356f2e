/// A request as ``HTTPRequestParser`` read it: method, target, header fields and body.
///
/// ```swift
/// request.method                 // "POST"
/// request.path                   // "/command"
/// request.query["token"]         // nil
/// request.field("content-type")  // "application/json"
/// ```
package struct HTTPRequest: Sendable, Equatable {
    /// The method, as sent (methods are case-sensitive): `GET`, `POST`.
    package var method: String
    /// The request target as sent: `/events?token=ab12`.
    package var target: String
    /// The target's path, before any `?`, as sent (not decoded).
    package var path: String
    /// The target's query, decoded (`%XX` and `+`); a name given twice keeps its first value.
    package var query: [String: String]
    /// `HTTP/1.1` or `HTTP/1.0`.
    package var version: String
    /// The header fields in order, names lowercased, values without the white space around them.
    package var fields: [(name: String, value: String)]
    /// The body (`Content-Length` bytes).
    package var body: [UInt8]

    /// The value of the field `name` (lowercase), or `nil`; the parser refuses a request that repeats
    /// `Host` or gives `Content-Length` twice differently, so the first is the one.
    package func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Whether the client asked to close the connection after this request (`Connection: close`, or
    /// HTTP/1.0 without `keep-alive`).
    package var closesConnection: Bool {
        let connection = field("connection")?.lowercased() ?? ""
        return version == "HTTP/1.0" ? !connection.contains("keep-alive") : connection.contains("close")
    }

    /// The request as bytes on the wire: what a client sends (the tests' clients, the fuzz target's round trip).
    package var bytes: [UInt8] {
        var head = "\(method) \(target) \(version)\r\n"
        for (name, value) in fields { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    package static func == (left: HTTPRequest, right: HTTPRequest) -> Bool {
        left.method == right.method && left.target == right.target && left.path == right.path && left.query == right.query
            && left.version == right.version && left.body == right.body
            && left.fields.map(\.name) == right.fields.map(\.name) && left.fields.map(\.value) == right.fields.map(\.value)
    }
}
