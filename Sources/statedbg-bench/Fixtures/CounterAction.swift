/// The counter's actions. `Hashable`, so the recorder can cache their journal form.
enum CounterAction: Codable, Hashable, Sendable {
    case increment
    case decrement
    case add(Int)
}
