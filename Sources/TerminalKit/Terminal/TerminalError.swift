/// A terminal operation that the system refused.
///
/// ```swift
/// do { _ = try RawMode(fileDescriptor: 0) } catch { print(error) }
/// ```
/// ```text
/// Could not read the terminal settings of file descriptor 0: Inappropriate ioctl for device.
/// ```
package enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `tcgetattr` failed; usually the descriptor is not a terminal.
    case cannotReadSettings(fileDescriptor: Int32, reason: String)
    /// `tcsetattr` failed.
    case cannotChangeSettings(fileDescriptor: Int32, reason: String)

    /// A whole sentence naming the descriptor and the system's reason.
    package var description: String {
        switch self {
        case .cannotReadSettings(let descriptor, let reason):
            return "Could not read the terminal settings of file descriptor \(descriptor): \(reason)."
        case .cannotChangeSettings(let descriptor, let reason):
            return "Could not change the terminal settings of file descriptor \(descriptor): \(reason)."
        }
    }
}
