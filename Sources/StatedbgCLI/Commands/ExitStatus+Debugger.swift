import TerminalKit

extension ExitStatus {
    /// `73` (`EX_CANTCREAT`): an output file exists and `--force` was not given, or cannot be created.
    package static let cannotCreate = ExitStatus(rawValue: 73)
    /// `130`: the command was interrupted with Ctrl-C, as a shell reports a process killed by SIGINT.
    package static let interrupted = ExitStatus(rawValue: 130)
}
