import StateJSON

/// What the live channel's server asks of the app: the recorder answers, with the app's hooks.
///
/// Every method runs on the server's thread. A thrown ``LiveCommandFailure`` becomes the error reply.
protocol LiveAppControl: AnyObject, Sendable {
    var appID: String { get }
    var lastStep: Int { get }
    var currentStep: Int { get }
    /// Which of jump/undo/redo, dispatch and pause/resume the app supports.
    var abilities: (travel: Bool, dispatch: Bool, pause: Bool) { get }
    var isPaused: Bool { get }
    func jump(to step: Int) throws(LiveCommandFailure) -> Int
    func undo(_ count: Int) throws(LiveCommandFailure) -> Int
    func redo(_ count: Int) throws(LiveCommandFailure) -> Int
    /// Decodes the action through the app's registry and dispatches it; returns the action's label.
    func dispatch(type: String, payload: JSONValue) throws(LiveCommandFailure) -> (label: String, queued: Bool)
    func mark(_ name: String)
    func pause() throws(LiveCommandFailure)
    /// Returns how many queued actions ran.
    func resume() throws(LiveCommandFailure) -> Int
    /// The app's current step and its state as the journal holds it.
    func snapshot() throws(LiveCommandFailure) -> (step: Int, state: JSONValue)
}

/// Why the app could not do what a live command asked; the message is the error reply.
struct LiveCommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
