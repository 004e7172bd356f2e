import Foundation

/// What a request to a loopback server must show before it is served: that it was sent to this server
/// by its own name (`Host`), from its own pages (`Origin`, when a browser sends one), and, for every
/// resource but the page itself, with the token.
///
/// - `Host` must be `127.0.0.1:PORT` or `localhost:PORT`: a site whose name an attacker pointed at
///   127.0.0.1 (DNS rebinding) sends its own name, and is refused.
/// - `Origin`, when present, must be `http://127.0.0.1:PORT` or `http://localhost:PORT`: a page of
///   another site cannot make a browser send a command here, even one it cannot read the answer of.
/// - The token, 128 random bits, comes as `Authorization: Bearer TOKEN`, or (for an `EventSource`, which
///   cannot set fields) as the query's `token`; it is compared in constant time.
///
/// ```swift
/// let gate = HTTPGate(port: 8080, token: "c0ffee…")
/// try gate.check(request, needsToken: true, tokenInQuery: false)
/// ```
package struct HTTPGate: Sendable {
    /// The port the server listens on.
    package let port: UInt16
    /// The token requests must carry.
    package let token: String

    /// A gate for a server on `127.0.0.1:port` whose clients hold `token`.
    package init(port: UInt16, token: String) {
        self.port = port
        self.token = token
    }

    /// The origins of this server's own pages.
    package var origins: [String] { ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] }

    /// Checks `request`.
    ///
    /// - Parameters:
    ///   - needsToken: Whether the resource needs the token.
    ///   - tokenInQuery: Whether the token may come as the query's `token` instead of a field.
    /// - Throws: ``HTTPError`` 403 for another `Host` or `Origin`, 401 for a missing or wrong token.
    package func check(_ request: HTTPRequest, needsToken: Bool, tokenInQuery: Bool = false) throws(HTTPError) {
        let host = request.field("host")?.lowercased() ?? ""
        guard host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else {
            throw HTTPError(.forbidden, "This server answers requests for 127.0.0.1:\(port) or localhost:\(port) only, not for \(Self.shown(host)).")
        }
        if let origin = request.field("origin"), !origins.contains(origin.lowercased()) {
            throw HTTPError(.forbidden, "Requests from \(Self.shown(origin)) are refused: only this server's own page may make them.")
        }
        guard needsToken else { return }
        var given: String?
        if let authorization = request.field("authorization") {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" { given = String(parts[1]).trimmingCharacters(in: .whitespaces) }
        } else if tokenInQuery {
            given = request.query["token"]
        }
        guard let given else {
            throw HTTPError(.unauthorized, "The request has no token; open the address statedbg printed, whose #token=… the page sends.")
        }
        guard Self.same(given, token) else {
            throw HTTPError(.unauthorized, "The request's token is wrong; open the address statedbg printed this time.")
        }
    }

    /// Whether two tokens are equal, in a time that does not depend on where they differ.
    static func same(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count { difference |= (index < a.count ? a[index] : 0) ^ b[index] }
        return difference == 0
    }

    /// A value from a request, quoted and cut short for a message.
    private static func shown(_ text: String) -> String {
        let visible = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value >= 0x7F ? "?" : Character($0) })
        return "\"\(visible.count > 80 ? visible.prefix(80) + "…" : visible)\""
    }
}
