/// Why a request is refused, as its status and a sentence: what ``HTTPRequestParser`` and
/// ``HTTPGate`` throw, and what the server answers with.
///
/// ```swift
/// HTTPError(.headTooLarge, "The request's head is longer than 16384 bytes.").response.status   // 431
/// ```
package struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, which decides the status.
    package enum Code: Sendable, Equatable {
        /// The request does not follow HTTP/1.1's syntax (400).
        case malformed
        /// The token is missing or wrong (401).
        case unauthorized
        /// The `Host` or `Origin` is not this server's own (403).
        case forbidden
        /// No such resource (404).
        case notFound
        /// The resource exists but not for this method (405).
        case methodNotAllowed
        /// The request took longer than ``HTTPLimits/requestTimeout`` (408).
        case timeout
        /// The body is longer than ``HTTPLimits/bodyBytes`` (413).
        case bodyTooLarge
        /// The request line is longer than ``HTTPLimits/requestLineBytes`` (414).
        case requestLineTooLong
        /// The body is not of the type the resource takes (415).
        case unsupportedMediaType
        /// The head is longer than ``HTTPLimits/headBytes`` or has too many fields (431).
        case headTooLarge
        /// A feature this server does not implement, such as `Transfer-Encoding` (501).
        case notImplemented
        /// Too many connections are open (503).
        case unavailable
        /// An HTTP version other than 1.0 and 1.1 (505).
        case versionNotSupported

        /// The status code.
        package var status: Int {
            switch self {
            case .malformed: 400
            case .unauthorized: 401
            case .forbidden: 403
            case .notFound: 404
            case .methodNotAllowed: 405
            case .timeout: 408
            case .bodyTooLarge: 413
            case .requestLineTooLong: 414
            case .unsupportedMediaType: 415
            case .headTooLarge: 431
            case .notImplemented: 501
            case .unavailable: 503
            case .versionNotSupported: 505
            }
        }
    }

    /// What is wrong.
    package var code: Code
    /// A whole sentence saying what is wrong: the refusal's body.
    package var message: String

    /// A refusal.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { "\(code.status) \(HTTPResponse.reason(code.status)): \(message)" }

    /// The refusal as a response: the status, the sentence as plain text, and the connection closed
    /// after it unless the refusal is one a well-formed request gets.
    package var response: HTTPResponse {
        var response = HTTPResponse(status: code.status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
        switch code {
        case .unauthorized, .forbidden, .notFound, .methodNotAllowed, .unsupportedMediaType: break
        default: response.closesConnection = true
        }
        if code == .methodNotAllowed { response.headers.append(("Allow", "GET, POST")) }
        return response
    }
}
