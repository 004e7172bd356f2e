import StateJSON
import StateLive
import StateQuery
import StateSync

// Safe because `armed` and the snapshotter are used only while the lock is held (hence `@unchecked`).
/// The traps debuggers set in the app over the live channel (`break when PRED --trap`, `break action
/// TYPE --trap`), tested at each step the recorder records, on the app's dispatching thread.
///
/// With no trap set, a step costs one atomic load. A `when` trap encodes each step's state as JSON (as the
/// journal does) to test its predicate; an `action` trap tags the action as the journal does.
final class LiveTrapSet<State, Action>: @unchecked Sendable {
    /// A trap a step met, and the client that set it.
    struct Hit {
        var trap: LiveTrap
        var owner: LiveClientID
    }

    private struct Armed {
        var trap: LiveTrap
        var owner: LiveClientID
        var test: Test
        /// Whether the predicate held at the last step tested: a `when` trap is met where it becomes true.
        var held: Bool
    }

    private enum Test {
        case predicate(StatePredicate)
        case type(TypeGlob)
    }

    private let actions: ActionRegistry
    private let isArmed = AtomicCell<Bool>(false)
    private let lock = Locked(())
    private var armed: [Armed] = []
    private lazy var snapshotter = StateSnapshotter<State>.make()

    init(actions: ActionRegistry) {
        self.actions = actions
    }

    /// Whether any trap is set: one atomic load, for the recording thread to skip the traps at once.
    var anyArmed: Bool { isArmed.load(ordering: .acquiring) }

    /// Sets `trap` for `owner`, replacing its trap of the same number; `state` is the app's state now,
    /// at which a `when` trap's predicate is taken to hold or not.
    func set(_ trap: LiveTrap, owner: LiveClientID, state: JSONValue?) throws(LiveCommandFailure) -> String {
        let test: Test
        var held = false
        switch trap.condition {
        case .when(let text):
            let predicate: StatePredicate
            do {
                predicate = try StatePredicate(parsing: text)
            } catch {
                throw LiveCommandFailure("The predicate \(text) is not valid at column \(error.column): \(error.message).")
            }
            test = .predicate(predicate)
            held = state.map { predicate.evaluate(state: $0, action: nil) } ?? false
        case .action(let pattern):
            test = .type(TypeGlob(pattern))
        }
        lock.withLock { _ in
            armed.removeAll { $0.owner == owner && $0.trap.number == trap.number }
            armed.append(Armed(trap: trap, owner: owner, test: test, held: held))
            isArmed.store(true, ordering: .releasing)
        }
        let now = held ? " (it holds now; the app traps where it next becomes true)" : ""
        return "trap \(trap.number) set in the app: \(trap.condition.text)\(now)"
    }

    /// Removes `owner`'s trap `number`; `false` when it had none.
    func remove(number: Int, owner: LiveClientID) -> Bool {
        lock.withLock { _ in
            let before = armed.count
            armed.removeAll { $0.owner == owner && $0.trap.number == number }
            isArmed.store(!armed.isEmpty, ordering: .releasing)
            return armed.count < before
        }
    }

    /// Removes every trap of `owner`.
    func removeAll(owner: LiveClientID) {
        lock.withLock { _ in
            armed.removeAll { $0.owner == owner }
            isArmed.store(!armed.isEmpty, ordering: .releasing)
        }
    }

    /// The traps step `step` meets, made by `action` and leaving `state`.
    func hits(action: Action, state: State, step: Int) -> [Hit] {
        guard isArmed.load(ordering: .acquiring) else { return [] }
        return lock.withLock { _ -> [Hit] in
            var hits: [Hit] = []
            var described: (type: String, label: String)?
            var stateJSON: JSONValue??
            for index in armed.indices {
                let trap = armed[index]
                switch trap.test {
                case .type(let glob):
                    let description = described ?? actions.describer(for: action).describe(action)
                    described = description
                    if glob.matches(description.type) { hits.append(Hit(trap: trap.trap, owner: trap.owner)) }
                case .predicate(let predicate):
                    if stateJSON == nil { stateJSON = .some(try? snapshotter.encode(state)) }
                    guard case .some(.some(let json)) = stateJSON else { continue }
                    let description = described ?? actions.describer(for: action).describe(action)
                    described = description
                    let actionJSON: JSONValue = ["type": .string(description.type), "label": .string(description.label)]
                    let holds = predicate.evaluate(state: json, action: actionJSON, step: step)
                    if holds, !trap.held { hits.append(Hit(trap: trap.trap, owner: trap.owner)) }
                    armed[index].held = holds
                }
            }
            return hits
        }
    }
}
