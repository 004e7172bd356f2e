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
        let bytes = try readBytes(path: path, limit: nil)
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes)
        } catch {
            throw .unrecognizedFormat(path: path, reason: "the first line is not a statedbg journal header and the file is not one JSON document (\(error.description.withoutFinalPeriod))")
        }
        guard ReduxDevToolsImport.recognizes(document) else {
            throw .unrecognizedFormat(path: path, reason: "the file is a JSON \(document.kind) without the actionsById and computedStates (or payload) members of a Redux DevTools export")
        }
        return try ReduxDevToolsImport(document: document, name: path, app: app)
    }

    /// Whether the file's first line says it is a statedbg journal, damaged or not.
    ///
    /// - Throws: ``DebuggerError/journal(_:)`` when the file is missing or cannot be read.
    public static func isJournal(path: String) throws(DebuggerError) -> Bool {
        let prefix = try readPrefix(path: path, count: 4096)
        let firstLine = prefix.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        return String(decoding: firstLine, as: UTF8.self).contains(#""format":"statedbg-journal""#)
    }

    private static func readPrefix(path: String, count: Int) throws(DebuggerError) -> [UInt8] {
        try readBytes(path: path, limit: count)
    }

    /// The file's bytes (at most `limit` of them), refusing anything but a regular file up front: a
    /// directory or device has no recording in it, and opening a FIFO would wait for a writer forever.
    private static func readBytes(path: String, limit: Int?) throws(DebuggerError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            let reason = code == ENOENT ? "no such file" : systemReason(code)
            throw .journal(JournalError(.opening(errno: code), path: path, "\(reason)."))
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = ""
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        guard kind.isEmpty else {
            throw .journal(JournalError(.noInput, path: path, "this is \(kind), not a recording file; statedbg reads recordings from regular files."))
        }
        let descriptor = openForReading(path)
        guard descriptor >= 0 else {
            let code = errno
            throw .journal(JournalError(.opening(errno: code), path: path, "cannot open the file: \(systemReason(code))."))
        }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while limit.map({ bytes.count < $0 }) ?? true {
            let wanted = min(chunk.count, limit.map { $0 - bytes.count } ?? chunk.count)
            // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .journal(JournalError(.ioError, path: path, "cannot read the file: \(systemReason(errno))."))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    private static func systemReason(_ code: Int32) -> String {
        let text = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// open(2) without blocking on a FIFO; inside ``RecordingLoader`` the name `open` means its own method.
private func openForReading(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
}
