/// Commands a REPL gains from outside its own set, and news it prints before each command's reply.
///
/// `statedbg attach` gives the REPL the `app …` commands, which act on the running app, and news of
/// the steps that arrived from it since the last command.
protocol ReplExtension: AnyObject {
    /// Lines to print before the next reply (new steps, notices), after taking what arrived; empty for none.
    func news() -> String
    /// The reply to `line` when it is one of the extension's commands; `nil` to let the REPL run it.
    func execute(_ line: String) -> ReplReply?
}
