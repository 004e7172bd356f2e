/// How a recorder hands what it records to its journal writer: the writer mode, one implementation per
/// ``CaptureMode`` (``WriterThreadCapture``, ``CallingThreadCapture``, ``PreparedStepCapture``).
///
/// Every `put` runs under the recorder's lock, on the thread that recorded, in step order.
protocol RecorderCapture<State, Action>: AnyObject {
    associatedtype State
    associatedtype Action

    /// The writer, for what does not depend on the mode: markers, barriers, closing, errors.
    var writer: any JournalWriterControl { get }

    /// Starts the writer's thread.
    func start()

    /// Queues the step `entry` (numbered `step`, after `parent` when that is not the step before) with
    /// its action and the state the app's reducer made.
    func putStep(_ entry: RecorderEntry, step: Int, parent: Int?, action: Action, state: State)

    /// Queues the step `entry`, which replaced the state without an action of the app's (a state loaded
    /// from a file): a keyframe.
    func putReplacement(_ entry: RecorderEntry, step: Int, parent: Int?, state: State)

    /// Queues the travel `entry` to a step whose state is `state`.
    func putTravel(_ entry: RecorderEntry, state: State)

    /// Queues the rejection `entry` with the action refused.
    func putRejected(_ entry: RecorderEntry, action: Action)

    /// The state after `step`, when the mode keeps recent states in memory.
    func recentState(after step: Int) -> State?
}
