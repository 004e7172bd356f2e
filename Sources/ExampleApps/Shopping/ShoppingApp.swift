import StateRecorder
import StateStore

/// A shopping list with a selected row, whose reducer crashes on a sequence any user finds: delete the
/// last row, then tick the selection.
///
/// It keeps a real bug on purpose, so that statedbg has a crash to catch: deleting the selected row
/// keeps the selection where it was, which is the next row, except when the deleted row was the last
/// one; the selection then points past the end, and the next action on it (``Action/toggleSelected``,
/// ``Action/increaseSelected``, ``Action/deleteSelected``) reads `items[selected]` and traps with "Index out of range".
///
/// ```swift
/// var state = ShoppingApp.State(items: [.init(name: "milk"), .init(name: "eggs")], selected: 1)
/// ShoppingApp.reducer.reduce(into: &state, action: .deleteSelected)   // selected stays 1, one item left
/// ShoppingApp.reducer.reduce(into: &state, action: .toggleSelected)   // Fatal error: Index out of range
/// ```
public enum ShoppingApp {
    /// An empty list, nothing selected.
    public static let initialState = State(items: [], selected: nil)

    /// Applies list actions; an action on the selection does nothing when nothing is selected.
    public static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .add(let name):
            state.items.append(Item(name: name))
        case .select(let index):
            state.selected = state.items.indices.contains(index) ? index : nil
        case .toggleSelected:
            guard let selected = state.selected else { return }
            state.items[selected].isBought.toggle()
        case .increaseSelected:
            guard let selected = state.selected else { return }
            state.items[selected].quantity += 1
        case .deleteSelected:
            guard let selected = state.selected else { return }
            state.items.remove(at: selected)
            // The bug: the row after the deleted one moves up into the selection, but after the last
            // row there is none, and the selection is not moved back.
            if state.items.isEmpty { state.selected = nil }
        }
    }

    /// The list accepts every action, so it has no validators.
    public static var validators: [Validator<State, Action>] { [] }

    /// One value of every action case.
    public static let actionSamples: [Action] = [
        .add(name: "milk"), .select(index: 0), .toggleSelected, .increaseSelected, .deleteSelected,
    ]

    static let groceries = ["milk", "eggs", "bread", "apples", "coffee", "rice", "butter", "tomatoes", "cheese", "lemons"]

    /// A plausible next action, as the list's screen offers them: adds while the list is short, selects
    /// a row, and acts on the selected row (tick it, one more, delete it).
    package static func randomAction(for state: State, using rng: inout some RandomNumberGenerator) -> Action {
        guard !state.items.isEmpty, state.items.count >= 3 || rng.chance(percent: 40) else {
            return .add(name: rng.element(of: groceries) ?? "milk")
        }
        guard state.selected != nil else { return .select(index: rng.bounded(state.items.count)) }
        switch rng.bounded(20) {
        case 0..<4: return .add(name: rng.element(of: groceries) ?? "milk")
        case 4..<8: return .select(index: rng.bounded(state.items.count))
        case 8..<13: return .toggleSelected
        case 13..<18: return .increaseSelected
        default: return .deleteSelected
        }
    }
}
