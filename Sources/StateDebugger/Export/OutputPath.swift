import StateJournal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rule every command that writes a file follows: it never writes over a file it reads.
///
/// Files are compared by device and inode, so the same file named through a symbolic link, a hard link,
/// `./` or `..` is recognised; an output that does not exist yet cannot be an input. The check comes
/// before anything is read or written, and `--force` does not lift it.
///
/// ```swift
/// try OutputPath.refuseOverwriting(inputs: ["bank.jsonl"], with: "./bank.jsonl")
/// // throws: ./bank.jsonl: this is bank.jsonl, the recording being read; writing it would destroy …
/// ```
public enum OutputPath {
    /// Throws when `output` is the same file as one of `inputs`.
    ///
    /// - Throws: ``DebuggerError/journal(_:)`` with a ``StateJournal/JournalError/Category/refused`` error (exit status 73).
    public static func refuseOverwriting(inputs: [String], with output: String) throws(DebuggerError) {
        guard let target = identity(of: output) else { return }
        for input in inputs where identity(of: input) == target {
            let named = input == output ? "" : " (\(input))"
            throw .journal(JournalError(.refused, path: output, "this is the recording being read\(named); writing it would destroy it, --force or not, so choose another output file."))
        }
    }

    private struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    private static func identity(of path: String) -> Identity? {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
