import StateJSON
import StateJournal

/// A recording the debugger can read in snapshot mode: its states and actions by step number.
///
/// Step ``baseStep`` is the initial state (it has no action); steps `baseStep + 1` through ``lastStep``
/// each have an action and the state it produced. ``JournalSource`` reads a statedbg journal without
/// loading it; ``ReduxDevToolsImport`` holds a Redux DevTools export in memory.
///
/// ```swift
/// let source = try RecordingLoader.open(path: "bank.jsonl")
/// try source.state(at: source.lastStep)      // JSONValue
/// try source.action(at: 3).label             // "bank.pay(from: jenny, to: donald, amount: 10)"
/// ```
///
/// Sources are not thread-safe: one reader keeps one cursor and cache.
public protocol RecordingSource: AnyObject {
    /// The path or name used in messages: `bank.jsonl`.
    var name: String { get }
    /// What the recording says about itself: app, schema, initial state.
    var info: RecordingInfo { get }
    /// The step of the initial state: 0, or the last step of the file this one continues.
    var baseStep: Int { get }
    /// The last step (``baseStep`` when there are no actions).
    var lastStep: Int { get }
    /// The events between steps (rejected actions, travels, markers); empty for imports.
    var events: [LocatedEvent] { get }
    /// The state after `step`; ``baseStep`` gives the initial state.
    func state(at step: Int) throws(DebuggerError) -> JSONValue
    /// A step's action, recorded hash and, when cheap, which locations it changed.
    func record(at step: Int) throws(DebuggerError) -> StepRecord
    /// A step's action and recorded hash, as cheaply as the source can read them: what replay needs.
    func actionAndHash(at step: Int) throws(DebuggerError) -> (action: JournalAction, hash: UInt64?)
    /// Calls `body` with the action and recorded hash of each step in `steps`, in order, until it
    /// returns `false`: the fast path for a replay that visits every step.
    func forEachActionAndHash(_ steps: ClosedRange<Int>,
                              _ body: (Int, JournalAction, UInt64?) throws(DebuggerError) -> Bool) throws(DebuggerError)
    /// The 1-based line of a step in the file, for messages; `nil` when the source has no lines.
    func line(ofStep step: Int) -> Int?
    /// The step whose state a step's action was applied to (`step - 1` unless the recording travelled).
    func parent(ofStep step: Int) -> Int
    /// Whether the recording holds the state after `step`: `false` for the steps of a Redux DevTools
    /// Export file, which holds the actions and only the state before them.
    func hasState(at step: Int) -> Bool
}

extension RecordingSource {
    /// Every state is recorded, unless the source says otherwise.
    public func hasState(at step: Int) -> Bool { true }

    /// Reads the whole ``record(at:)``; sources with a faster way provide their own.
    public func actionAndHash(at step: Int) throws(DebuggerError) -> (action: JournalAction, hash: UInt64?) {
        let record = try record(at: step)
        return (record.action, record.hash)
    }

    /// The action of a step after the base step.
    public func action(at step: Int) throws(DebuggerError) -> JournalAction {
        try record(at: step).action
    }

    /// Visits the steps one ``actionAndHash(at:)`` at a time.
    public func forEachActionAndHash(_ steps: ClosedRange<Int>,
                                     _ body: (Int, JournalAction, UInt64?) throws(DebuggerError) -> Bool) throws(DebuggerError) {
        for step in steps {
            let (action, hash) = try actionAndHash(at: step)
            if try !body(step, action, hash) { return }
        }
    }

    /// The steps, base step included.
    public var steps: ClosedRange<Int> { baseStep...lastStep }

    /// The number of steps that have an action.
    public var stepCount: Int { lastStep - baseStep }

    /// `name:line` for a step, or the name alone when the step has no line.
    public func location(ofStep step: Int) -> String {
        line(ofStep: step).map { "\(name):\($0)" } ?? name
    }

    /// Throws ``DebuggerError/noSuchStep(_:source:range:)`` unless `step` is in the recording.
    public func checkStep(_ step: Int, allowBase: Bool = true) throws(DebuggerError) {
        let low = allowBase ? baseStep : baseStep + 1
        guard step >= low, step <= lastStep else {
            throw .noSuchStep(step, source: name, range: low...max(low, lastStep))
        }
    }

    /// The action of a step as predicates see it: `{"label": …, "payload": …, "type": …}`, or `nil`
    /// for the base step.
    public func actionJSON(at step: Int) throws(DebuggerError) -> JSONValue? {
        step == baseStep ? nil : try record(at: step).action.jsonValue
    }
}
