import StateJSON
import StateRecorder
import StateStore

/// A bookshelf app in three versions of its recorded types, for the tests of migrations: recordings
/// made with version 1 replay through versions 2 and 3, whose reducers do what version 1's did to the
/// migrated states.
///
/// - Version 1: a book has a `title`, an `author`, `pages: Int`, a `status` (`unread`, `reading`,
///   `done`) and a `legacyCode`; the actions add, start, finish and retitle a book.
/// - Version 2 (``ShelfApp/fromVersion1``): `title` renamed `name` (in books and in the add and
///   retitle payloads), `author` moved into a nested `credits`, a `rating` added with 0, `legacyCode`
///   dropped, the case `done` renamed `finished`, `pages` an `Int` become a `Double` (in books and in the
///   add payload), and the action `retitle` renamed `rename`.
/// - Version 3 (``ShelfApp/fromVersion2``): `credits.author` became `credits.authors`, a list, by a
///   closure.
public enum ShelfApp {
    /// The app's id.
    public static let id = "shelf"

    /// Version 1 of the types.
    public enum V1 {
        public enum Status: String, Codable, Sendable, Equatable { case unread, reading, done }
        public struct Book: Codable, Sendable, Equatable {
            public var title: String
            public var author: String
            public var pages: Int
            public var status: Status
            public var legacyCode: String
        }
        public struct State: Codable, Sendable, Equatable {
            public var books: [Book] = []
            public var nextCode = 1
            public init() {}
        }
        public enum Action: Codable, Sendable, Equatable {
            case add(title: String, author: String, pages: Int)
            case start(index: Int)
            case finish(index: Int)
            case retitle(index: Int, title: String)
        }

        /// Version 1 of the app, with a generator.
        public static let app = RecordableApp(
            id: ShelfApp.id, initialState: State(),
            reducer: Reducer<State, Action> { state, action in
                switch action {
                case .add(let title, let author, let pages):
                    state.books.append(Book(title: title, author: author, pages: pages, status: .unread, legacyCode: "L\(state.nextCode)"))
                    state.nextCode += 1
                case .start(let index) where state.books.indices.contains(index):
                    state.books[index].status = .reading
                case .finish(let index) where state.books.indices.contains(index):
                    state.books[index].status = .done
                case .retitle(let index, let title) where state.books.indices.contains(index):
                    state.books[index].title = title
                default:
                    break
                }
            },
            actionSamples: [.add(title: "x", author: "y", pages: 1), .start(index: 0), .finish(index: 0), .retitle(index: 0, title: "z")],
            randomAction: { state, generator in
                let titles = ["Dune", "Emma", "Ulysses", "Middlemarch", "Beloved"]
                let authors = ["Herbert", "Austen", "Joyce", "Eliot", "Morrison"]
                guard !state.books.isEmpty, generator.bounded(10) >= 3 else {
                    return .add(title: titles[generator.bounded(titles.count)], author: authors[generator.bounded(authors.count)],
                                pages: generator.bounded(in: 90...900))
                }
                let index = generator.bounded(state.books.count)
                switch generator.bounded(3) {
                case 0: return .start(index: index)
                case 1: return .finish(index: index)
                default: return .retitle(index: index, title: titles[generator.bounded(titles.count)] + " II")
                }
            })
    }

    /// Version 2 of the types.
    public enum V2 {
        public enum Status: String, Codable, Sendable, Equatable { case unread, reading, finished }
        public struct Credits: Codable, Sendable, Equatable { public var author: String }
        public struct Book: Codable, Sendable, Equatable {
            public var name: String
            public var credits: Credits
            public var pages: Double
            public var status: Status
            public var rating: Int
        }
        public struct State: Codable, Sendable, Equatable {
            public var books: [Book] = []
            public var nextCode = 1
            public init() {}
        }
        public enum Action: Codable, Sendable, Equatable {
            case add(name: String, author: String, pages: Double)
            case start(index: Int)
            case finish(index: Int)
            case rename(index: Int, name: String)
        }

        /// Version 2 of the app, with `migrations` (by default the one from version 1).
        public static func app(migrations: [Migration] = [ShelfApp.fromVersion1], schemaVersion: Int = 2) -> RecordableApp<State, Action> {
            RecordableApp(
                id: ShelfApp.id, initialState: State(),
                reducer: Reducer<State, Action> { state, action in
                    switch action {
                    case .add(let name, let author, let pages):
                        state.books.append(Book(name: name, credits: Credits(author: author), pages: pages, status: .unread, rating: 0))
                        state.nextCode += 1
                    case .start(let index) where state.books.indices.contains(index):
                        state.books[index].status = .reading
                    case .finish(let index) where state.books.indices.contains(index):
                        state.books[index].status = .finished
                    case .rename(let index, let name) where state.books.indices.contains(index):
                        state.books[index].name = name
                    default:
                        break
                    }
                },
                actionSamples: [.add(name: "x", author: "y", pages: 1), .start(index: 0), .finish(index: 0), .rename(index: 0, name: "z")],
                schemaVersion: schemaVersion, migrations: migrations)
        }
    }

    /// Version 3 of the types.
    public enum V3 {
        public struct Credits: Codable, Sendable, Equatable { public var authors: [String] }
        public struct Book: Codable, Sendable, Equatable {
            public var name: String
            public var credits: Credits
            public var pages: Double
            public var status: V2.Status
            public var rating: Int
        }
        public struct State: Codable, Sendable, Equatable {
            public var books: [Book] = []
            public var nextCode = 1
            public init() {}
        }

        /// Version 3 of the app, with `migrations` (by default both).
        public static func app(migrations: [Migration] = [ShelfApp.fromVersion1, ShelfApp.fromVersion2]) -> RecordableApp<State, V2.Action> {
            RecordableApp(
                id: ShelfApp.id, initialState: State(),
                reducer: Reducer<State, V2.Action> { state, action in
                    switch action {
                    case .add(let name, let author, let pages):
                        state.books.append(Book(name: name, credits: Credits(authors: [author]), pages: pages, status: .unread, rating: 0))
                        state.nextCode += 1
                    case .start(let index) where state.books.indices.contains(index):
                        state.books[index].status = .reading
                    case .finish(let index) where state.books.indices.contains(index):
                        state.books[index].status = .finished
                    case .rename(let index, let name) where state.books.indices.contains(index):
                        state.books[index].name = name
                    default:
                        break
                    }
                },
                actionSamples: [.add(name: "x", author: "y", pages: 1), .start(index: 0), .finish(index: 0), .rename(index: 0, name: "z")],
                schemaVersion: 3, migrations: migrations)
        }
    }

    /// Version 1 to 2: one step of each ready-made kind.
    public static let fromVersion1 = Migration.from(
        1,
        .renameField("title", to: "name", in: .state(".books[*]")),
        .moveField("author", to: ".credits.author", in: .state(".books[*]")),
        .addField("rating", value: 0, in: .state(".books[*]")),
        .dropField("legacyCode", in: .state(".books[*]")),
        .renameCase("done", to: "finished", in: .state(".books[*].status")),
        .convertField("pages", .toDouble, in: .state(".books[*]")),
        .renameField("title", to: "name", in: .action("shelf.add", ".add")),
        .convertField("pages", .toDouble, in: .action("shelf.add", ".add")),
        .renameField("title", to: "name", in: .action("shelf.retitle", ".retitle")),
        .renameAction("shelf.retitle", to: "shelf.rename"))

    /// Version 2 to 3: a closure over each book's credits.
    public static let fromVersion2 = Migration.from(
        2,
        .transform("list the author", in: .state(".books[*].credits")) { credits in
            guard case .object(var object) = credits, let author = object.removeValue(forKey: "author") else {
                throw ShelfMigrationError(reason: "the credits \(credits.canonicalText) name no author")
            }
            object["authors"] = [author]
            return .object(object)
        })

    /// What the closure of ``fromVersion2`` throws.
    public struct ShelfMigrationError: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
        public init(reason: String) { self.reason = reason }
    }
}
