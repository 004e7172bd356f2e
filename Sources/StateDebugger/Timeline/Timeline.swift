import StateJSON
import StateJournal

/// A cursor over a recording and the branches made from it, with a history of moves for undo and redo.
///
/// Positions count from the recording's base step (the initial state, usually 0) to the current
/// branch's last step. Every move is remembered: ``undo()`` and ``redo()`` walk the cursor back and
/// forth through them, including the moves made by a dispatch, so no step is ever lost.
///
/// ```swift
/// let timeline = Timeline(source: try RecordingLoader.open(path: "bank.jsonl"))
/// try timeline.jump(to: 12)
/// try timeline.move(by: -2)          // step 10
/// try timeline.jump(to: -1)          // the last step
/// timeline.undo()                    // back at step 10
/// let diff = try timeline.diff(from: 9, to: 10)
/// ```
///
/// Not thread-safe.
public final class Timeline {
    /// The name of the branch that holds the recording.
    public static let mainBranch = "main"

    /// The recording underneath.
    public let source: any RecordingSource
    /// The branches, in the order they were made; `main` first.
    public private(set) var branches: [Branch]
    /// Where the cursor is.
    public private(set) var position: TimelinePosition
    private var history: [TimelinePosition]
    private var historyIndex = 0
    private var branchCounter = 0

    /// A timeline over `source`, with the cursor at the base step.
    public init(source: any RecordingSource) {
        self.source = source
        let main = Branch(name: Self.mainBranch, parent: nil, forkStep: source.lastStep, newSteps: [], baseStep: source.baseStep)
        branches = [main]
        position = TimelinePosition(branch: Self.mainBranch, step: source.baseStep)
        history = [position]
    }

    /// Extends the main branch to the source's last step after a growing source (``FollowedJournal``)
    /// read new steps. Returns `false` when it cannot: steps made in this session end the main branch.
    @discardableResult
    package func followSource() -> Bool {
        guard branches[0].newSteps.isEmpty else { return branches[0].forkStep == source.lastStep }
        branches[0].forkStep = max(branches[0].forkStep, source.lastStep)
        return true
    }

    /// The cursor's step.
    public var step: Int { position.step }
    /// The current branch.
    public var currentBranch: Branch { branch(named: position.branch) ?? branches[0] }
    /// The first step (the initial state).
    public var firstStep: Int { source.baseStep }
    /// The current branch's last step.
    public var lastStep: Int { currentBranch.lastStep }

    /// The state at the cursor.
    public func currentState() throws(DebuggerError) -> JSONValue {
        try state(at: position.step)
    }

    /// The action that produced the state at the cursor; `nil` at the base step.
    public func currentAction() throws(DebuggerError) -> JournalAction? {
        position.step == firstStep ? nil : try action(at: position.step)
    }

    /// Moves the cursor by `delta` steps (negative moves back).
    ///
    /// - Returns: The new step.
    /// - Throws: ``DebuggerError/noSuchStep(_:source:range:)`` when the move leaves the branch.
    @discardableResult
    public func move(by delta: Int) throws(DebuggerError) -> Int {
        // A delta typed by a person can be any Int; past the ends the sum would overflow.
        let (target, overflowed) = position.step.addingReportingOverflow(delta)
        guard !overflowed else {
            throw .noSuchStep(delta > 0 ? Int.max : Int.min, source: source.name, range: firstStep...lastStep)
        }
        try checkStep(target)
        record(TimelinePosition(branch: position.branch, step: target))
        return target
    }

    /// Moves the cursor to a step of the current branch; a negative step counts from the end
    /// (`-1` is the last step, `-2` the one before it).
    @discardableResult
    public func jump(to step: Int) throws(DebuggerError) -> Int {
        let target = step < 0 ? lastStep + 1 + step : step
        try checkStep(target, asked: step)
        record(TimelinePosition(branch: position.branch, step: target))
        return target
    }

    /// Moves the cursor to the initial state.
    @discardableResult
    public func first() -> Int {
        record(TimelinePosition(branch: position.branch, step: firstStep))
        return firstStep
    }

    /// Moves the cursor to the current branch's last step.
    @discardableResult
    public func last() -> Int {
        record(TimelinePosition(branch: position.branch, step: lastStep))
        return lastStep
    }

    /// Goes back to where the cursor was before the last move (or dispatch).
    ///
    /// - Returns: The position reached, or `nil` when there is nothing to undo.
    @discardableResult
    public func undo() -> TimelinePosition? {
        guard historyIndex > 0 else { return nil }
        historyIndex -= 1
        position = history[historyIndex]
        return position
    }

    /// Repeats the move that ``undo()`` took back.
    ///
    /// - Returns: The position reached, or `nil` when there is nothing to redo.
    @discardableResult
    public func redo() -> TimelinePosition? {
        guard historyIndex + 1 < history.count else { return nil }
        historyIndex += 1
        position = history[historyIndex]
        return position
    }

    /// Whether ``undo()`` would move the cursor.
    public var canUndo: Bool { historyIndex > 0 }
    /// Whether ``redo()`` would move the cursor.
    public var canRedo: Bool { historyIndex + 1 < history.count }

    /// Moves the cursor to the last step of another branch.
    @discardableResult
    public func checkout(_ name: String) throws(DebuggerError) -> TimelinePosition {
        guard let branch = branch(named: name) else {
            throw .noSuchBranch(name, known: branches.map(\.name))
        }
        record(TimelinePosition(branch: name, step: branch.lastStep))
        return position
    }

    /// The branch with this name.
    public func branch(named name: String) -> Branch? {
        branches.first { $0.name == name }
    }

    /// The state after `step` on the current branch (or on `branch`).
    public func state(at step: Int, branch: String? = nil) throws(DebuggerError) -> JSONValue {
        try resolve(step, branch: branch ?? position.branch) { (source, step) throws(DebuggerError) in
            try source.state(at: step)
        } memory: { $0.state }
    }

    /// The action of `step` on the current branch (or on `branch`).
    public func action(at step: Int, branch: String? = nil) throws(DebuggerError) -> JournalAction {
        try resolve(step, branch: branch ?? position.branch) { (source, step) throws(DebuggerError) in
            try source.action(at: step)
        } memory: { $0.action }
    }

    /// A branch (default: the current one) as a ``RecordingSource``, for queries, replay and saving.
    package func source(forBranch name: String? = nil) -> BranchSource {
        BranchSource(timeline: self, branch: name ?? position.branch)
    }

    /// The step made in this session at `step` of a branch, or `nil` when the step is recorded.
    func memoryStep(_ step: Int, branch name: String) throws(DebuggerError) -> MemoryStep? {
        try resolve(step, branch: name) { (_, _) throws(DebuggerError) -> MemoryStep? in nil } memory: { $0 }
    }

    /// The last step of a branch that comes from the recording.
    func recordedEnd(ofBranch name: String) throws(DebuggerError) -> Int {
        var current = name
        var end = Int.max
        while true {
            guard let branch = branch(named: current) else { throw .noSuchBranch(current, known: branches.map(\.name)) }
            end = min(end, branch.forkStep)
            guard let parent = branch.parent else { return min(end, source.lastStep) }
            current = parent
        }
    }

    /// The difference between the states of two steps of the current branch, or `nil` when they are equal.
    public func diff(from: Int, to: Int, renderer: JSONDiffRenderer = JSONDiffRenderer()) throws(DebuggerError) -> StateDiff? {
        try checkStep(from)
        try checkStep(to)
        return StateDiff.between(try state(at: from), try state(at: to), from: from, to: to, renderer: renderer)
    }

    /// Adds a step after the cursor and moves the cursor to it.
    ///
    /// At the end of a branch the step extends it. Anywhere else the rest of the branch is kept as it
    /// is and the step starts a new branch (named `name`, or `branch-1`, `branch-2`, …) that forks at
    /// the cursor; the cursor moves onto the new branch.
    ///
    /// - Returns: The new position and the name of the branch it created, if any.
    @discardableResult
    package func append(_ step: MemoryStep, newBranchName name: String? = nil) throws(DebuggerError) -> (position: TimelinePosition, createdBranch: String?) {
        guard let index = branches.firstIndex(where: { $0.name == position.branch }) else {
            throw .noSuchBranch(position.branch, known: branches.map(\.name))
        }
        if position.step == branches[index].lastStep {
            branches[index].newSteps.append(step)
            record(TimelinePosition(branch: position.branch, step: position.step + 1))
            return (position, nil)
        }
        let newName = try name.map { (name) throws(DebuggerError) -> String in
            guard branch(named: name) == nil else { throw .branchExists(name) }
            return name
        } ?? nextBranchName()
        branches.append(Branch(name: newName, parent: position.branch, forkStep: position.step, newSteps: [step], baseStep: firstStep))
        record(TimelinePosition(branch: newName, step: position.step + 1))
        return (position, newName)
    }

    private func nextBranchName() -> String {
        while true {
            branchCounter += 1
            let name = "branch-\(branchCounter)"
            if branch(named: name) == nil { return name }
        }
    }

    private func record(_ next: TimelinePosition) {
        guard next != position else { return }
        history.removeSubrange((historyIndex + 1)...)
        history.append(next)
        historyIndex = history.count - 1
        position = next
    }

    private func checkStep(_ step: Int, asked: Int? = nil) throws(DebuggerError) {
        guard step >= firstStep, step <= lastStep else {
            throw .noSuchStep(asked ?? step, source: source.name, range: firstStep...lastStep)
        }
    }

    private func resolve<T>(
        _ step: Int, branch name: String,
        source read: (any RecordingSource, Int) throws(DebuggerError) -> T,
        memory: (MemoryStep) -> T
    ) throws(DebuggerError) -> T {
        var name = name
        while true {
            guard let branch = branch(named: name) else {
                throw .noSuchBranch(name, known: branches.map(\.name))
            }
            if step > branch.forkStep {
                guard step <= branch.lastStep else {
                    throw .noSuchStep(step, source: source.name, range: firstStep...branch.lastStep)
                }
                return memory(branch.newSteps[step - branch.forkStep - 1])
            }
            guard let parent = branch.parent else { return try read(source, step) }
            name = parent
        }
    }
}
