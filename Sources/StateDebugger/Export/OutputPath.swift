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
package enum OutputPath {
    /// Throws when `output` is the same file as one of `inputs`.
    ///
    /// - Throws: ``DebuggerError/journal(_:)`` with a ``StateJournal/JournalError/Category/refused`` error (exit status 73).
    package static func refuseOverwriting(inputs: [String], with output: String) throws(DebuggerError) {
        guard let target = identity(of: output) else { return }
        for input in inputs where identity(of: input) == target {
            let named = input == output ? "" : " (\(input))"
            throw .journal(JournalError(.refused, path: output, "this is the recording being read\(named); writing it would destroy it, --force or not, so choose another output file."))
        }
    }

    /// `path` with its symbolic links followed to the file they name, which need not exist yet (a link
    /// whose target is missing names the file to create). Links in the directories on the way are left
    /// to the system; only the last component is followed, link after link.
    ///
    /// - Throws: ``DebuggerError/output(_:)`` with ``OutputFileError/Code/linkLoop`` when the links lead
    ///   back to themselves.
    package static func followingLinks(_ path: String) throws(DebuggerError) -> String {
        var current = path
        // As many as the system follows before it gives up with ELOOP.
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [UInt8](repeating: 0, count: 4097)
            // Safe because readlink writes at most bytes.count - 1 bytes into the buffer, which is alive for the call.
            let count = buffer.withUnsafeMutableBufferPointer { bytes in
                bytes.baseAddress.map { readlink(current, UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self), bytes.count - 1) } ?? -1
            }
            guard count > 0 else { return current }
            let destination = String(decoding: buffer[..<count], as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : directory(of: current) + destination
        }
        throw .output(OutputFileError(path: path, code: .linkLoop))
    }

    /// The directory part of `path`, with its final slash (`""` for a bare name).
    static func directory(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
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
