/// An event with the line it was read from.
public struct LocatedEvent: Sendable, Equatable {
    /// The 1-based line number.
    public var line: Int
    /// The event.
    public var event: JournalEvent
}
