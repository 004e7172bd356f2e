#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the REPL keeps its history between sessions.
///
/// `$XDG_STATE_HOME/statedbg/history` when `XDG_STATE_HOME` is set (the directory is made, mode 0700),
/// else `~/.statedbg_history`; the file itself is written with mode 0600 by ``History``.
///
/// ```swift
/// ReplHistoryLocation.path(environment: ["HOME": "/home/ada"])   // "/home/ada/.statedbg_history"
/// ```
enum ReplHistoryLocation {
    /// The history file for `environment`, or `nil` when neither variable is set.
    static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
            let directory = state + "/statedbg"
            _ = mkdir(directory, 0o700)
            return directory + "/history"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return home + "/.statedbg_history"
        }
        return nil
    }
}
