import ExampleApps
import Foundation
import StateRecorder
import StateStore
import StateSync
import Testing

@Suite struct PersistenceTests {
    /// A fresh directory per test, removed afterwards.
    final class Scratch {
        let directory: URL

        init() throws {
            directory = FileManager.default.temporaryDirectory
                .appending(path: "PersistenceTests-\(UUID().uuidString)", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(at: directory)
        }

        func file(_ name: String, contents: String? = nil) throws -> URL {
            let url = directory.appending(path: name)
            if let contents {
                try Data(contents.utf8).write(to: url)
            }
            return url
        }
    }

    @Test func savedStateLoadsBackEqual() throws {
        let scratch = try Scratch()
        let url = try scratch.file("state.json")
        let store = makeCounterStore()
        store.dispatch(.increase)
        store.dispatch(.increase)
        try store.save(to: url)
        let loaded = try Store(contentsOf: url, reducer: CounterApp.reducer)
        #expect(loaded.state == CounterApp.State(counter: 2))
        #expect(try String(contentsOf: url, encoding: .utf8) == """
            {
              "counter": 2
            }

            """)
    }

    @Test func loadingAMissingFileNamesThePath() throws {
        let scratch = try Scratch()
        let url = try scratch.file("missing.json")
        let error = #expect(throws: StoreFileError.self) {
            _ = try Store<CounterApp.State, CounterApp.Action>.loadState(from: url)
        }
        #expect(error?.description == "\(url.path(percentEncoded: false)): no such file.")
    }

    @Test func loadingMalformedJSONNamesThePathAndThePositionWhenKnown() throws {
        let scratch = try Scratch()
        let url = try scratch.file("bad.json", contents: "{\n  \"counter\": 1,\n  \"label\" x\n}")
        let error = #expect(throws: StoreFileError.self) {
            _ = try Store<CounterApp.State, CounterApp.Action>.loadState(from: url)
        }
        guard case .invalidJSON(let path, let line, _, _) = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(path == url.path(percentEncoded: false))
        #expect(line == 3)
        #expect(error?.description == "\(path):3:11: not valid JSON: expected ':' after an object key.")
    }

    @Test func loadingAMismatchedValueNamesTheCodingPath() throws {
        let scratch = try Scratch()
        let url = try scratch.file("wrong.json", contents: #"{"counter": "twelve"}"#)
        let error = #expect(throws: StoreFileError.self) {
            _ = try Store<CounterApp.State, CounterApp.Action>.loadState(from: url)
        }
        guard case .mismatch(_, let codingPath, _) = error else {
            Issue.record("expected mismatch, got \(String(describing: error))")
            return
        }
        #expect(codingPath == "counter")
        #expect(error?.description.hasPrefix("\(url.path(percentEncoded: false)): at counter: ") == true)
    }

    @Test func loadingAFileWithAMissingKeyNamesTheKey() throws {
        let scratch = try Scratch()
        let url = try scratch.file("partial.json", contents: #"{"total": 1}"#)
        let error = #expect(throws: StoreFileError.self) {
            _ = try Store<CounterApp.State, CounterApp.Action>.loadState(from: url)
        }
        #expect(error?.description == "\(url.path(percentEncoded: false)): at counter: required key \"counter\" is missing.")
    }

    @Test func savingNeverOverwritesUnlessAsked() throws {
        let scratch = try Scratch()
        let url = try scratch.file("state.json", contents: "precious")
        let store = makeCounterStore()
        let error = #expect(throws: StoreFileError.self) { try store.save(to: url) }
        #expect(error?.description
            == "\(url.path(percentEncoded: false)): the file already exists; pass overwrite: true to replace it.")
        #expect(try String(contentsOf: url, encoding: .utf8) == "precious")
        try store.save(to: url, overwrite: true)
        #expect(try Store<CounterApp.State, CounterApp.Action>.loadState(from: url) == CounterApp.initialState)
    }

    @Test func loadingIntoAStoreTravelsAndNotifies() throws {
        let scratch = try Scratch()
        let url = try scratch.file("state.json")
        let saved = makeCounterStore()
        saved.dispatch(.decrease)
        try saved.save(to: url)
        let store = makeCounterStore()
        let counts = Locked<[Int]>([])
        let token = store.subscribe(\.counter) { new, _ in counts.withLock { $0.append(new) } }
        try store.load(from: url)
        #expect(counts.withLock { $0 } == [-1])
        token.cancel()
    }

    private func makeCounterStore() -> Store<CounterApp.State, CounterApp.Action> {
        Store(initialState: CounterApp.initialState, reducer: CounterApp.reducer)
    }
}
