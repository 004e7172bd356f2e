/// Reading or writing the history file failed.
///
/// ```swift
/// do { try history.save() } catch { output.printError("warning: \(error)") }
/// ```
/// ```text
/// warning: Could not write the history file /home/ada/.statedbg_history: Permission denied.
/// ```
package enum HistoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but could not be read.
    case cannotRead(path: String, reason: String)
    /// The file could not be written.
    case cannotWrite(path: String, reason: String)

    /// A whole sentence naming the file and the system's reason.
    package var description: String {
        switch self {
        case .cannotRead(let path, let reason):
            return "Could not read the history file \(path): \(reason)."
        case .cannotWrite(let path, let reason):
            return "Could not write the history file \(path): \(reason)."
        }
    }
}
