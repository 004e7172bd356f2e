import Foundation
import StateStore

extension Store where State: Codable {
    /// Writes the current state to `url` as JSON.
    ///
    /// An existing file is left alone and ``StoreFileError/fileExists(path:)`` thrown unless
    /// `overwrite` is `true`; an overwrite replaces the file atomically.
    ///
    /// ```swift
    /// try store.save(to: URL(filePath: "bank.json"))
    /// ```
    public func save(to url: URL, overwrite: Bool = false) throws(StoreFileError) {
        let path = url.path(percentEncoded: false)
        let data = try StateFileCoder<State>(path: path).encode(state)
        if !overwrite && FileManager.default.fileExists(atPath: path) {
            throw .fileExists(path: path)
        }
        do {
            try data.write(to: url, options: overwrite ? .atomic : .withoutOverwriting)
        } catch {
            // Another process may have created the file between the check and the write.
            if !overwrite && FileManager.default.fileExists(atPath: path) {
                throw .fileExists(path: path)
            }
            throw .unwritable(path: path, reason: error.localizedDescription)
        }
    }

    /// Reads a state saved by ``save(to:overwrite:)``.
    public static func loadState(from url: URL) throws(StoreFileError) -> State {
        let path = url.path(percentEncoded: false)
        guard FileManager.default.fileExists(atPath: path) else {
            throw .fileNotFound(path: path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        return try StateFileCoder<State>(path: path).decode(data)
    }

    /// Creates a store whose initial state is read from `url`.
    ///
    /// ```swift
    /// let store = try Store(contentsOf: URL(filePath: "bank.json"), reducer: BankApp.reducer)
    /// ```
    public convenience init(
        contentsOf url: URL,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        validators: [Validator<State, Action>] = [],
        diagnostics: StoreDiagnostics = .standard
    ) throws(StoreFileError) {
        self.init(
            initialState: try Self.loadState(from: url), reducer: reducer, middleware: middleware,
            validators: validators, diagnostics: diagnostics)
    }

    /// Replaces the state with the one saved at `url`, like time travel: subscribers are notified
    /// and observers receive ``StoreEvent/travelled(state:)``.
    public func load(from url: URL) throws(StoreFileError) {
        replaceState(try Self.loadState(from: url))
    }
}
