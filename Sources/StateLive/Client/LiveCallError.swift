/// Why a ``LiveClient/call(_:timeout:)`` did not return an answer.
package enum LiveCallError: Error, Sendable, CustomStringConvertible {
    /// The connection failed or ended, or no reply came in time.
    case channel(LiveChannelError)
    /// The app refused the command, with this sentence.
    case refused(String)
    /// The reply lacks what the command's answer holds.
    case unreadable(LiveProtocolError)

    package var description: String {
        switch self {
        case .channel(let error): error.description
        case .refused(let message): "the app refused: \(message)"
        case .unreadable(let error): "the app's reply cannot be read: \(error)"
        }
    }
}
