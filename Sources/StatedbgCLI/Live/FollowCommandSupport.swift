import StateDebugger

/// What `replay --follow` and `repl --follow` share: opening a journal that is still being written.
enum FollowCommandSupport {
    /// Opens `path` as a growing journal; a Redux DevTools export or a missing file is refused.
    static func open(_ path: String) throws(CommandFailure) -> FollowedJournal {
        do {
            return try FollowedJournal(path: path)
        } catch {
            throw CommandFailure(error)
        }
    }
}
