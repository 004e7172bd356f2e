#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif
import StateJournal

/// What a recorder does when its journal's path already names a file (the app ran before).
///
/// | policy | the earlier file | the new recording |
/// |---|---|---|
/// | `startNewFile` (default) | kept as it is | in `NAME-2.jsonl`, `NAME-3.jsonl`, …, the first free name |
/// | `replace` | replaced, atomically, once the new header is written | at the path |
/// | `fail` | kept as it is | none: the recorder's initializer throws `JournalError` (StateJournal) |
///
/// ``Recorder/path`` and ``RecordingStore/path`` say where the recording went. To continue an earlier
/// recording of a ``RecordableApp`` instead, use ``RecordingStore/resume(app:journal:options:middleware:clock:diagnostics:onError:)``.
public enum ExistingJournalPolicy: Sendable, Equatable {
    /// Keep the earlier file and record into the first free numbered name beside it.
    case startNewFile
    /// Replace the earlier file.
    case replace
    /// Refuse: the recorder throws.
    case fail

    /// Creates the journal for this policy, with its header, and returns it.
    ///
    /// - Throws: `JournalError` (StateJournal) for an empty path, or one that names a directory, a
    ///   device or anything else that is not a regular file, whatever the policy: a journal goes there
    ///   under no policy.
    func create(at path: String, header: [UInt8], disk: DiskSync) throws(JournalError) -> JournalFile {
        guard !path.isEmpty else {
            throw JournalError(.refused, path: path, "the journal's path is empty; give the recorder a file name such as \"session.jsonl\".")
        }
        var status = stat()
        if path.hasSuffix("/") || (stat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG) {
            throw JournalError(.refused, path: path, "this is a directory, a device or another special file, not a journal; give the recorder a file name such as \"\(path.hasSuffix("/") ? path : path + "/")session.jsonl\".")
        }
        switch self {
        case .replace:
            return try JournalFile.create(at: path, header: header, overwrite: true, disk: disk)
        case .fail:
            do {
                return try JournalFile.create(at: path, header: header, disk: disk)
            } catch where error.category == .refused {
                throw JournalError(.refused, path: path, "the file already exists, and the recorder's policy for an existing file is .fail; choose .startNewFile or .replace in RecorderOptions.existingJournal, or another path.")
            }
        case .startNewFile:
            var number = 1
            while true {
                let candidate = number == 1 ? path : Self.numbered(path, number)
                do {
                    return try JournalFile.create(at: candidate, header: header, disk: disk)
                } catch where error.category == .refused && number < 100_000 {
                    number += 1
                }
            }
        }
    }

    /// `logs/session.jsonl` → `logs/session-2.jsonl`.
    static func numbered(_ path: String, _ number: Int) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        if let dot = path[slash...].lastIndex(of: "."), dot != slash {
            return path[..<dot] + "-\(number)" + path[dot...]
        }
        return path + "-\(number)"
    }
}
