#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a command's output file could not be written, with the path a person named.
///
/// ```text
/// /dev/full: cannot write the output: no space left on device.
/// ```
public struct OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Equatable {
        /// The output names a directory.
        case isDirectory
        /// Its symbolic links lead back to themselves, so they name no file.
        case linkLoop
        /// A FIFO no process has open for reading: the output would wait for one forever.
        case noReader
        /// The file could not be created or opened; the system's error number.
        case cannotCreate(errno: Int32)
        /// Writing, syncing or moving the file into place failed; the system's error number.
        case cannotWrite(errno: Int32)
    }

    /// The output as the command was given it.
    public var path: String
    /// What went wrong.
    public var code: Code

    /// An error about the output at `path`.
    public init(path: String, code: Code) {
        self.path = path
        self.code = code
    }

    /// Whether it is an I/O error (exit status 74) rather than an output that cannot be created (73).
    public var isIOError: Bool {
        switch code {
        case .noReader, .cannotWrite: true
        case .isDirectory, .linkLoop, .cannotCreate: false
        }
    }

    /// The error as a sentence that starts with the path.
    public var description: String {
        switch code {
        case .isDirectory:
            "\(path): this is a directory; name a file to write."
        case .linkLoop:
            "\(path): its symbolic links lead back to themselves, so they name no file to write; fix them or choose another output."
        case .noReader:
            "\(path): no process is reading this FIFO, so the output would wait forever; start the reader first."
        case .cannotCreate(let code):
            "\(path): cannot create the output: \(Self.reason(code))."
        case .cannotWrite(let code):
            "\(path): cannot write the output: \(Self.reason(code))."
        }
    }

    private static func reason(_ code: Int32) -> String {
        let text = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
