import TerminalKit
import StateSync

/// Standard output and standard error kept in memory, in the order they were written, so that a
/// command run on a worker thread can be printed later, as if it had run alone.
///
/// ```swift
/// let captured = CapturedOutput()
/// captured.output.print("a.jsonl: no problems in 5 steps.")
/// captured.output.printError("statedbg: warning: a.jsonl:9: line 9 is incomplete …")
/// captured.replay(to: terminal.output)   // the line, then the warning, in that order
/// ```
final class CapturedOutput: Sendable {
    /// One write, on one of the two streams.
    enum Chunk: Sendable, Equatable {
        case standardOutput(String)
        case standardError(String)
    }

    /// Both streams' writes; one log, because the order between the streams is what
    /// ``replay(to:)`` keeps.
    private final class Log: Sendable {
        let chunks = Locked<[Chunk]>([])
    }

    /// One of the two streams, as an ``OutputSink`` a ``TextOutput`` writes to.
    private final class Stream: OutputSink {
        let log: Log
        let isError: Bool

        init(log: Log, isError: Bool) {
            self.log = log
            self.isError = isError
        }

        func write(_ text: String) {
            log.chunks.withLock { $0.append(isError ? .standardError(text) : .standardOutput(text)) }
        }

        func flush() {}
    }

    private let log: Log
    /// The output a command writes to; its text is escaped as it is written, as on a terminal.
    let output: TextOutput

    /// Nothing written yet.
    init() {
        let log = Log()
        self.log = log
        output = TextOutput(standardOutput: Stream(log: log, isError: false), standardError: Stream(log: log, isError: true))
    }

    /// Everything written so far.
    var chunks: [Chunk] {
        log.chunks.withLock { $0 }
    }

    /// Writes everything captured to `output`, each chunk to its own stream; standard error is flushed
    /// after each chunk and standard output before it, as ``TextOutput/printError(_:terminator:)`` does.
    func replay(to output: TextOutput) {
        for chunk in chunks {
            switch chunk {
            case .standardOutput(let text):
                output.standardOutput.write(text)
            case .standardError(let text):
                output.standardOutput.flush()
                output.standardError.write(text)
                output.standardError.flush()
            }
        }
    }
}
