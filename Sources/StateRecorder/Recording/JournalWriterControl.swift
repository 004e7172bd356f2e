/// What a recorder asks of its journal writer whatever the writer's state and action slots hold.
protocol JournalWriterControl: AnyObject, Sendable {
    /// The last step whose line the writer has handed to the OS.
    var acknowledgedStep: Int { get }
    /// Why the journal stopped, if it did.
    var error: String? { get }
    /// The journal's files so far, oldest first: the first, then each one the writer rolled over to.
    var files: [String] { get }
    /// Queues an entry that carries neither an action nor a state; `false` once closed.
    @discardableResult
    func put(_ entry: RecorderEntry) -> Bool
    /// Stops accepting entries; the writer drains what is queued and closes the file.
    func closeQueue()
    /// Waits until the writer has written everything and closed the file.
    func waitUntilFinished()
}
