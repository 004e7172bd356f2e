import Foundation

extension RxTodosApp {
    /// Creates a to-do; a blank title does nothing.
    public struct AddTodo: TodoCommand {
        /// What to do.
        public var title: String

        /// A command adding `title`.
        public init(title: String) {
            self.title = title
        }

        /// `.added` with the next identifier.
        public func events(for state: TodoState) -> [TodoEvent] {
            let title = title.trimmingCharacters(in: .whitespaces)
            return title.isEmpty ? [] : [.added(Todo(id: state.nextID, title: title))]
        }
    }
}
