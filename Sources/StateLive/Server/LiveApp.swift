import StateJSON

/// The app's side of the live channel: what a ``LiveServer`` asks of the app it serves. StateRecorder's
/// recorder conforms, with the hooks the app gave it.
///
/// Every method runs on the server's thread, one command at a time. A thrown ``LiveCommandFailure``
/// becomes the command's error reply; nothing else reaches the client.
package protocol LiveApp: AnyObject, Sendable {
    /// The app's identifier, as its journal's header names it.
    var appID: String { get }
    /// The app's last step.
    var lastStep: Int { get }
    /// The step whose state the app has.
    var currentStep: Int { get }
    /// Which of jump/undo/redo, dispatch and pause/resume the app supports.
    var abilities: LiveAbilities { get }
    /// Whether a debugger paused the app's dispatching.
    var isPaused: Bool { get }
    /// Sets the app's state to the one it had after `step`; returns the step it is at.
    func jump(to step: Int) throws(LiveCommandFailure) -> Int
    /// Sets the app's state back `count` steps along the path that led to it; returns the step.
    func undo(_ count: Int) throws(LiveCommandFailure) -> Int
    /// Goes forward again after an undo, `count` times; returns the step.
    func redo(_ count: Int) throws(LiveCommandFailure) -> Int
    /// Decodes the action through the app's registry and dispatches it (or queues it while paused);
    /// returns the action's label and whether it was queued.
    func dispatch(type: String, payload: JSONValue) throws(LiveCommandFailure) -> (label: String, queued: Bool)
    /// Writes a marker into the journal after the last step.
    func mark(_ name: String)
    /// Holds the app's dispatching.
    func pause() throws(LiveCommandFailure)
    /// Lets the app dispatch again; returns how many queued actions ran.
    func resume() throws(LiveCommandFailure) -> Int
    /// The app's current step and its state as the journal holds it.
    func snapshot() throws(LiveCommandFailure) -> LiveSnapshot
    /// The files of the app's journal, oldest first (the first, then those it rolled over to), as paths
    /// this process opens, once what was recorded so far is written to them. A debugger copies them
    /// with `read`; no other file is ever read for it.
    func journalFiles() throws(LiveCommandFailure) -> [String]
    /// Sets `trap` for the client `owner` (replacing its trap of the same number), so that a step that
    /// meets it raises SIGTRAP in the app when a debugger is attached, and is told to `owner` with
    /// ``LiveServer/tell(_:to:)`` either way; returns what was set, for the reply.
    func setTrap(_ trap: LiveTrap, owner: LiveClientID) throws(LiveCommandFailure) -> String
    /// Removes `owner`'s trap `number`; `false` when it had none.
    func removeTrap(number: Int, owner: LiveClientID) -> Bool
    /// Removes every trap of `owner`, a client that left.
    func removeTraps(owner: LiveClientID)
}

/// Which connected client a trap belongs to and its notices go to: unique for the server's lifetime.
package struct LiveClientID: Sendable, Hashable {
    /// The number the server gave the connection.
    package var rawValue: Int

    /// The client numbered `rawValue`.
    package init(rawValue: Int) { self.rawValue = rawValue }
}

/// Why the app could not do what a live command asked; the message is the error reply.
package struct LiveCommandFailure: Error, CustomStringConvertible {
    /// The error reply's message: a sentence a person can act on.
    package var description: String

    /// A failure saying `description`.
    package init(_ description: String) { self.description = description }
}
