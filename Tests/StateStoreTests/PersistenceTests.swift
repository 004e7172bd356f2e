import Foundation
import StateStore
import Testing

@Suite struct PersistenceTests {
    /// A fresh directory per test, removed afterwards.
    final class Scratch {
        let directory: URL

        init() throws {
            directory = FileManager.default.temporaryDirectory
                .appending(path: "StateStoreTests-\(UUID().uuidString)", directoryHint: .isDirectory)
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
        store.dispatch(.add(12))
        try store.save(to: url)
        let loaded = try Store(contentsOf: url, reducer: counterReducer)
        #expect(loaded.state == CounterState(count: 12, label: "counter"))
        #expect(try String(contentsOf: url, encoding: .utf8) == """
            {
              "count": 12,
              "label": "counter"
            }

            """)
    }

    @Test func loadingAMissingFileNamesThePath() throws {
        let scratch = try Scratch()
        let url = try scratch.file("missing.json")
        let error = #expect(throws: StoreFileError.self) {
            _ = try Store<CounterState, CounterAction>.loadState(from: url)
        }
        #expect(error?.description == "\(url.path(percentEncoded: false)): no such file.")
    }

    @Test func loadingMalformedJSONNamesThePathAndThePositionWhenKnown() throws {
        let scratch = try Scratch()
        let url = try scratch.file("bad.json", contents: "{\n  \"count\": 1,\n  \"label\" x\n}")
        let error = #expect(throws: StoreFileError.self) {
            _ = try Store<CounterState, CounterAction>.loadState(from: url)
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
        let url = try scratch.file("wrong.json", contents: #"{"count": "twelve", "label": "x"}"#)
        let error = #expect(throws: StoreFileError.self) {
            _ = try Store<CounterState, CounterAction>.loadState(from: url)
        }
        guard case .mismatch(_, let codingPath, _) = error else {
            Issue.record("expected mismatch, got \(String(describing: error))")
            return
        }
        #expect(codingPath == "count")
        #expect(error?.description.hasPrefix("\(url.path(percentEncoded: false)): at count: ") == true)
    }

    @Test func loadingAFileWithAMissingKeyNamesTheKey() throws {
        let scratch = try Scratch()
        let url = try scratch.file("partial.json", contents: #"{"count": 1}"#)
        let error = #expect(throws: StoreFileError.self) {
            _ = try Store<CounterState, CounterAction>.loadState(from: url)
        }
        #expect(error?.description == "\(url.path(percentEncoded: false)): at label: required key \"label\" is missing.")
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
        #expect(try Store<CounterState, CounterAction>.loadState(from: url) == CounterState())
    }

    @Test func loadingIntoAStoreTravelsAndNotifies() throws {
        let scratch = try Scratch()
        let url = try scratch.file("state.json")
        let saved = makeCounterStore()
        saved.dispatch(.add(3))
        try saved.save(to: url)
        let store = makeCounterStore()
        let counts = Collector<Int>()
        let token = store.subscribe(\.count) { new, _ in counts.append(new) }
        try store.load(from: url)
        #expect(counts.elements == [3])
        token.cancel()
    }
}
