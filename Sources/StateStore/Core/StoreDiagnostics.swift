import Foundation

/// Where a store reports programmer errors and failed commands.
///
/// The ``standard`` diagnostics stop the process on a dispatch from inside a reducer and print failed
/// commands to standard error. Tests and hosts hand in their own handlers:
///
/// ```swift
/// let diagnostics = StoreDiagnostics(
///     dispatchInsideReducer: { message in log.critical(message) },
///     commandFailed: { failure in log.error("\(failure)") }
/// )
/// ```
public struct StoreDiagnostics: Sendable {
    /// Called with a whole-sentence message when a reducer or validator calls `dispatch`.
    ///
    /// The store ignores the offending dispatch after this returns; the standard handler never returns.
    public var dispatchInsideReducer: @Sendable (_ message: String) -> Void
    /// Called on the draining thread, in order with the actions, when a ``Command`` throws.
    public var commandFailed: @Sendable (_ failure: CommandFailure) -> Void

    /// Creates diagnostics from two handlers.
    public init(
        dispatchInsideReducer: @escaping @Sendable (_ message: String) -> Void,
        commandFailed: @escaping @Sendable (_ failure: CommandFailure) -> Void
    ) {
        self.dispatchInsideReducer = dispatchInsideReducer
        self.commandFailed = commandFailed
    }

    /// Traps on a dispatch inside a reducer and writes failed commands to standard error:
    ///
    /// ```text
    /// statedbg: command "loadUsers" failed: the network is down.
    /// ```
    public static var standard: StoreDiagnostics {
        StoreDiagnostics(
            dispatchInsideReducer: { message in preconditionFailure(message) },
            commandFailed: { failure in
                FileHandle.standardError.write(Data("statedbg: \(failure)\n".utf8))
            }
        )
    }
}
