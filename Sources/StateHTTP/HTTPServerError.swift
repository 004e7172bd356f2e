#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an ``HTTPServer`` could not start: what it was doing and the system's error.
package struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed, e.g. "cannot listen on 127.0.0.1:8080".
    package var what: String
    /// The system's error number.
    package var errno: Int32

    init(_ what: String, _ errno: Int32) {
        self.what = what
        self.errno = errno
    }

    /// A whole sentence.
    package var description: String { "\(what): \(String(cString: strerror(errno)))." }
}
