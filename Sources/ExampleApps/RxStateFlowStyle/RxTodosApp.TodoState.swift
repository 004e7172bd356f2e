extension RxTodosApp {
    /// The list, as one object the store keeps for the app's lifetime and changes in place.
    ///
    /// `Codable` because the app saves the list between launches.
    public final class TodoState: Codable {
        /// Every to-do, oldest first.
        public private(set) var items: [Todo]
        /// The identifier the next to-do gets.
        public private(set) var nextID: Int
        /// Which to-dos the list shows.
        public private(set) var filter: Filter

        /// An empty list, or the given to-dos.
        public init(items: [Todo] = [], nextID: Int = 1, filter: Filter = .all) {
            self.items = items
            self.nextID = nextID
            self.filter = filter
        }

        /// The to-dos the list shows under ``filter``.
        public var visibleItems: [Todo] {
            switch filter {
            case .all: items
            case .active: items.filter { !$0.isDone }
            case .done: items.filter(\.isDone)
            }
        }

        /// Changes the list as `event` says; events about unknown to-dos change nothing.
        public func react(to event: TodoEvent) {
            switch event {
            case .added(let todo):
                items.append(todo)
                nextID = max(nextID, todo.id + 1)
            case .renamed(let id, let title):
                if let index = items.firstIndex(where: { $0.id == id }) { items[index].title = title }
            case .toggled(let id):
                if let index = items.firstIndex(where: { $0.id == id }) { items[index].isDone.toggle() }
            case .removed(let id):
                items.removeAll { $0.id == id }
            case .filterChanged(let filter):
                self.filter = filter
            }
        }
    }
}
