import Foundation
import TestFixtures
import TestSupport
@testable import StateDebugger
import StateJSON
import StateJournal
import StateRecorder

/// An app that reports another state type name and Swift name, to export tests for modules this test
/// target is not; written as a third-party conformer is, without `swiftName` unless one is given.
struct RenamedApp: RegisteredApp, StateTypeExposing {
    let base: any RegisteredApp
    let stateTypeName: String
    /// The type the exporter inspects: a `Codable` and `Equatable` one or not.
    var stateType: Any.Type = CounterState.self
    var swiftName: String?

    var id: String { base.id }
    var summary: String { base.summary }
    var actionTypeName: String { base.actionTypeName }
    var schema: AppSchema { base.schema }
    var canGenerate: Bool { false }

    func initialStateJSON() throws(ReplayError) -> JSONValue { try base.initialStateJSON() }
    func makeReplayer(from state: JSONValue) throws(ReplayError) -> any Replayer { try base.makeReplayer(from: state) }

    // Both forms of `record`, so that the fake conforms before and after the requirement gained
    // `acknowledged:`; the exporter never records.
    func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                clock: @escaping @Sendable () -> Int64) throws -> RecordingSummary {
        throw RecordingGenerationError.noGenerator(app: id)
    }

    func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                clock: @escaping @Sendable () -> Int64, acknowledged: ((Int) -> Void)?) throws -> RecordingSummary {
        throw RecordingGenerationError.noGenerator(app: id)
    }
}

/// Where the build put the library modules a user's test target imports.
enum BuiltModules {
    /// The folder holding `StateTesting.swiftmodule`, when it and `swiftc` can be found.
    static let folder: String? = {
        guard Compiler.swiftc != nil else { return nil }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidates = [executable.appendingPathComponent("Modules").path, executable.path]
        if let root = PackageRoot.find(above: #filePath) { candidates.append(root + "/.build/debug/Modules") }
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/StateTesting.swiftmodule") }
    }()

    /// The app module the generated tests import, with internal types only, as an app's are: a
    /// `RecordableApp` and an `AppDefinition` whose state is neither `Codable` nor `Equatable`.
    static let fixtureApps = """
        import StateRecorder
        import StateStore

        enum CounterAction: Codable, Sendable, Equatable {
            case increment
        }

        struct CounterState: Codable, Sendable, Equatable {
            var count = 0
        }

        enum CounterApp {
            static let app = RecordableApp<CounterState, CounterAction>(
                id: "counter", swiftName: "CounterApp.app", initialState: CounterState(),
                reducer: Reducer { state, _ in state.count += 1 })
        }

        protocol NoteAction {}
        struct AddNote: NoteAction, Codable { var text: String }

        struct Shelf {
            var notes: [String] = []
            var onChange: @Sendable () -> Void = {}
        }

        enum Shelves {
            static let definition = AppDefinition<Shelf, any NoteAction>(
                id: "notes", swiftName: "Shelves.definition", initialState: Shelf(),
                actions: ActionRegistry(AddNote.self),
                reduce: { shelf, action in if let add = action as? AddNote { shelf.notes.append(add.text) } })
        }

        """
}

/// Runs `swiftc`, reading its output before waiting for it.
enum Compiler {
    static let swiftc: String? = ChildProcess.onPath("swiftc")

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try ChildProcess.run(swiftc ?? "swiftc", arguments)
        return (run.status, run.output)
    }
}

/// Apps with a store of their own, as `AppDefinition`s: struct actions behind the app's own protocol,
/// a `Codable` state and one that holds a closure (recorded through reflection).
protocol NoteAction {}
struct AddNote: NoteAction, Codable { var text: String }
struct ClearNotes: NoteAction, Codable {}

struct NoteBook: Codable, Equatable {
    var notes: [String] = []
}

/// Neither `Codable` nor `Equatable`. Only scalars besides the closure: until StateJSON's reflecting
/// encoder replaces the recorder's stand-in, arrays come out as objects (`{"_0": "tea"}`), and
/// these tests should not pin that down.
struct ObservedNoteBook {
    var count = 0
    var last = ""
    var onChange: @Sendable () -> Void = {}
}

enum NoteApps {
    static let actions = ActionRegistry(AddNote.self, ClearNotes.self)

    static let book = AppDefinition<NoteBook, any NoteAction>(
        id: "notes", swiftName: "NoteApps.book", initialState: NoteBook(), actions: actions,
        reduce: { book, action in
            switch action {
            case let add as AddNote: book.notes.append(add.text)
            case is ClearNotes: book.notes.removeAll()
            default: break
            }
        })

    static let observed = AppDefinition<ObservedNoteBook, any NoteAction>(
        id: "observed-notes", swiftName: "NoteApps.observed", initialState: ObservedNoteBook(), actions: actions,
        reduce: { book, action in
            switch action {
            case let add as AddNote:
                book.count += 1
                book.last = add.text
            case is ClearNotes: book = ObservedNoteBook()
            default: break
            }
        })

    static var session: [any NoteAction] { [AddNote(text: "milk"), AddNote(text: "eggs"), ClearNotes(), AddNote(text: "tea")] }

    /// Records ``session`` through the app's reducer, as the app's middleware would, returning the path.
    static func record<State>(_ app: AppDefinition<State, any NoteAction>, to path: String) throws -> String {
        let recorder = try Recorder(app: app, journal: path, clock: RecordingClock.fixed())
        var state = app.makeInitialState()
        for action in session {
            app.reduce(&state, action)
            recorder.record(action, state: state, site: nil)
        }
        try recorder.close()
        return path
    }
}
