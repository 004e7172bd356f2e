/// One line of the naive recorder's file: the step, the action and the whole state.
struct NaiveLine<State: Encodable, Action: Encodable>: Encodable {
    var step: Int
    var action: Action
    var state: State
}
