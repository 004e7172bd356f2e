#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateSync

/// An ``OutputSink`` writing UTF-8 to a file descriptor, with stdio-like buffering.
///
/// ```swift
/// let stdout = FileDescriptorSink(fileDescriptor: STDOUT_FILENO)   // line-buffered on a terminal
/// stdout.write("replayed 120 steps\n")
/// stdout.flush()
/// ```
package final class FileDescriptorSink: OutputSink {
    /// When buffered text is written out.
    package enum Buffering: Sendable {
        /// After every write.
        case none
        /// Whenever a write contains a newline (the default on a terminal, so prompts follow output).
        case line
        /// When the buffer passes 64 KiB, and on ``flush()`` (the default for pipes and files).
        case full
    }

    private static let capacity = 1 << 16
    private let fileDescriptor: Int32
    private let buffering: Buffering
    private let buffer = Locked<[UInt8]>([])
    private let failure = Locked<Int32?>(nil)

    /// Creates a sink for `fileDescriptor`; without a policy it is line-buffered on a terminal, fully otherwise.
    ///
    /// The sink does not own the descriptor and never closes it.
    package init(fileDescriptor: Int32, buffering: Buffering? = nil) {
        self.fileDescriptor = fileDescriptor
        self.buffering = buffering ?? (isatty(fileDescriptor) == 1 ? .line : .full)
    }

    /// Buffers `text`, writing out according to the buffering policy.
    package func write(_ text: String) {
        guard writeError == nil else { return }
        buffer.withLock { bytes in
            bytes.append(contentsOf: text.utf8)
            let due: Bool
            switch buffering {
            case .none: due = true
            case .line: due = text.utf8.contains(UInt8(ascii: "\n"))
            case .full: due = bytes.count >= Self.capacity
            }
            if due { drain(&bytes) }
        }
    }

    /// The error number of the first failed write; see ``OutputSink/writeError``.
    package var writeError: Int32? {
        failure.withLock { $0 }
    }

    /// Writes out everything buffered.
    package func flush() {
        buffer.withLock { drain(&$0) }
    }

    deinit {
        buffer.withLock { drain(&$0) }
    }

    /// Writes all of `bytes`, retrying partial writes and `EINTR`; another error is kept in
    /// ``writeError`` for the caller to report, and the rest of the bytes are dropped.
    private func drain(_ bytes: inout [UInt8]) {
        var written = 0
        // Safe because the view is used only inside the closure, and write(2) gets offsets and counts within it.
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let result = systemWrite(fileDescriptor, raw.baseAddress.map { $0 + written }, raw.count - written)
                if result > 0 {
                    written += result
                } else if result < 0 && errno == EINTR {
                    continue
                } else {
                    let code = result < 0 ? errno : EIO
                    failure.withLock { if $0 == nil { $0 = code } }
                    break
                }
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
