import Foundation
import StateJSON
import StateJournal

/// Opens a recording file, telling a statedbg journal from a Redux DevTools export by its contents.
///
/// A file whose first line is a JSON object with `"format":"statedbg-journal"` is a journal; a file
/// that is one JSON object with `actionsById` and `computedStates`, or with `payload`, is a DevTools
/// export. Anything else is ``DebuggerError/unrecognizedFormat(path:reason:)``.
///
/// ```swift
/// let source = try RecordingLoader.open(path: "session.jsonl")   // a JournalSource
/// let other = try RecordingLoader.open(path: "redux-export.json") // a ReduxDevToolsImport
/// ```
public enum RecordingLoader {
    /// Opens `path` as whichever kind of recording it holds.
    public static func open(path: String, app: String = "redux") throws(DebuggerError) -> any RecordingSource {
        let prefix = try readPrefix(path: path, count: 4096)
        if prefix.count < 4096, prefix.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw .journal(JournalError(.malformed, path: path, prefix.isEmpty ? "the file is empty." : "the file holds only blank lines."))
        }
        let firstLine = prefix.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        if let header = try? JSONValue(parsing: Array(firstLine)), case .object(let object) = header,
           object["format"] == .string(JournalFormat.name) {
            return try JournalSource(path: path)
        }
        if String(decoding: firstLine, as: UTF8.self).contains(#""format":"statedbg-journal""#) {
            // A journal whose header line is damaged or longer than the prefix: the reader says what is wrong.
            return try JournalSource(path: path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .journal(JournalError(.ioError, path: path, "cannot read the file: \(error.localizedDescription.withoutFinalPeriod)."))
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: [UInt8](data))
        } catch {
            throw .unrecognizedFormat(path: path, reason: "the first line is not a statedbg journal header and the file is not one JSON document (\(error.description.withoutFinalPeriod))")
        }
        guard ReduxDevToolsImport.recognizes(document) else {
            throw .unrecognizedFormat(path: path, reason: "the file is a JSON \(document.kind) without the actionsById and computedStates (or payload) members of a Redux DevTools export")
        }
        return try ReduxDevToolsImport(document: document, name: path, app: app)
    }

    private static func readPrefix(path: String, count: Int) throws(DebuggerError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let reason = !exists ? "no such file" : isDirectory.boolValue ? "this is a directory, not a recording" : "the file cannot be opened for reading"
            throw .journal(JournalError(.noInput, path: path, "\(reason)."))
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.read(upToCount: count) ?? Data())
        } catch {
            throw .journal(JournalError(.ioError, path: path, "cannot read the file: \(error.localizedDescription.withoutFinalPeriod)."))
        }
    }
}
