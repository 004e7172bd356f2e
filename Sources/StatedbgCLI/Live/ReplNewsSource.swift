/// News a REPL prints before each command's reply: what arrived from outside since the last command.
///
/// `repl --follow` prints the steps appended to the journal it follows; `statedbg attach` also the
/// app's notices and the end of the connection. The commands themselves are all ``ReplCommandProtocol``
/// types; this only reports.
protocol ReplNewsSource: AnyObject {
    /// Lines to print before the next reply (new steps, notices), after taking what arrived; empty for none.
    func news() -> String
}
