#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a live channel could not be opened, reached or kept: a whole sentence for a person.
package struct LiveChannelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, and where.
    package var description: String
    /// The `errno` of the failed system call, if one failed.
    package var errno: Int32?

    /// An error with a message.
    package init(_ description: String, errno: Int32? = nil) {
        self.description = description
        self.errno = errno
    }

    /// A failed system call: `"cannot connect to /run/user/1000/statedbg/42.sock: No such file or directory."`.
    package static func system(_ what: String, _ code: Int32) -> LiveChannelError {
        LiveChannelError("\(what): \(String(cString: strerror(code))).", errno: code)
    }
}
