import StateDebugger

/// Why a timeline page was not made.
package enum TimelinePageError: Error, CustomStringConvertible {
    /// Reading the recording failed.
    case recording(DebuggerError)
    /// The page's data passed `limit` bytes at `step`: a page that large would hang a browser.
    case tooLarge(name: String, step: Int, limit: Int)
    /// The caller cancelled (Ctrl-C).
    case cancelled

    package var description: String {
        switch self {
        case .recording(let error):
            return error.description
        case .tooLarge(let name, let step, let limit):
            return "\(name): the page's data passes \(limit / (1 << 20)) MiB at step \(step), more than a browser opens "
                + "comfortably; pick fewer steps with --steps A..B (for example --steps \(max(0, step / 2))..\(step))."
        case .cancelled:
            return "interrupted; no page was written."
        }
    }
}
