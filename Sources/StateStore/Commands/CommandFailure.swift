/// An error thrown by a ``Command``, with the command's name.
///
/// ```swift
/// print(CommandFailure(command: "loadUsers", error: NetworkError.offline))
/// ```
///
/// ```text
/// command "loadUsers" failed: offline.
/// ```
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// The ``Command/name`` of the command that threw.
    public var command: String
    /// What the command threw.
    public var error: any Error

    /// Creates a failure record.
    public init(command: String, error: any Error) {
        self.command = command
        self.error = error
    }

    /// The sentence a diagnostic shows, e.g. `command "load" failed: the file is missing.`
    public var description: String {
        let reason = String(describing: error)
        let ending = reason.hasSuffix(".") ? "" : "."
        return "command \"\(command)\" failed: \(reason)\(ending)"
    }
}
