import TerminalKit
import Foundation
import StateJSON
import StateSync

/// One command run over several recordings: each on its own, `jobs` at a time on worker threads, and
/// each one's output printed whole, in the order the files were given, followed by a ``BatchSummary``.
///
/// A recording that cannot be read, or that ends with any other failure, is that recording's result:
/// its line is `FILE: error: …` (`FILE:LINE: error: …` when the failure names a line), or in JSON
/// `{"error":TEXT,"file":…,"passed":false,"status":N}`, and the others go on. Ctrl-C stops the run:
/// the recordings being worked on stop at their next step, the rest are not started, the finished ones
/// are printed and the command ends with status 130.
///
/// Each recording runs with a ``CommandContext`` of its own whose output is a ``CapturedOutput``: what
/// the workers share is the registry, the arguments and the cancellation check, all `Sendable` and
/// read-only; recordings, replayers and printers are made per file.
///
/// ```swift
/// let batch = RecordingBatch(paths: ["a.jsonl", "missing.jsonl"], jobs: 4, json: false, verb: "checked")
/// let status = try batch.run(context) { path, fileContext throws(CommandFailure) in
///     let report = try check(path, fileContext)
///     fileContext.output.print(report.description)
///     return .init(status: report.passed ? .success : .checkFailed)
/// }
/// ```
/// ```text
/// a.jsonl: no problems in 5 steps.
/// missing.jsonl: error: no such file.
/// 2 recordings: 1 passed, 0 failed, 1 error
/// ```
struct RecordingBatch {
    /// What the command made of one recording.
    struct Outcome: Sendable {
        /// The exit status the command would end with for this recording alone.
        var status: ExitStatus
        /// With `--json`, the members of the recording's line besides `file`, `passed` and `status`.
        var members: [(String, JSONValue)] = []
    }

    /// Runs the command on one recording, printing its text (not its JSON) to the context's output.
    typealias Body = @Sendable (_ path: String, _ context: CommandContext) throws(CommandFailure) -> Outcome

    /// The recordings, in the order their results are printed.
    var paths: [String]
    /// How many recordings are worked on at a time.
    var jobs: Int
    /// Whether each result is a JSON line.
    var json: Bool
    /// What the command does to a recording, for the message after Ctrl-C: `verified`, `checked`.
    var verb: String

    /// The value of `--jobs`: by default the number of active processors.
    static func jobs(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> Int {
        guard let jobs = try context.int(arguments, "jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
        guard jobs > 0 else {
            throw context.usageError(arguments, .invalidValue(String(jobs), for: OptionSpec.jobs.synopsis, expected: "a positive integer"))
        }
        return jobs
    }

    /// Runs `body` on every recording and prints the results and the summary.
    ///
    /// - Returns: The status ``BatchSummary`` makes of the recordings' statuses.
    /// - Throws: ``ExitStatus/interrupted`` after Ctrl-C, once the finished results are printed.
    func run(_ context: CommandContext, _ body: @escaping Body) throws(CommandFailure) -> ExitStatus {
        let results = Results(count: paths.count)
        let batch = self
        // A main-actor app's functions run on this thread while the replay waits for them: its recordings
        // are replayed here, one at a time, rather than by workers this thread would wait for.
        let here = context.registry.apps.contains { $0.runsOnMainActor }
        for _ in 0..<(here ? 0 : min(max(jobs, 1), paths.count)) {
            let worker = Thread {
                while let index = results.take() {
                    results.finish(index, batch.runOne(batch.paths[index], context, body))
                }
            }
            // As much stack as the main thread has: replaying a deeply nested state recurses.
            worker.stackSize = 8 << 20
            worker.name = "statedbg recording"
            worker.start()
        }
        let output = context.output
        var summary = BatchSummary()
        for index in paths.indices {
            if here, let taken = results.take() { results.finish(taken, runOne(paths[taken], context, body)) }
            guard let (status, captured) = results.wait(for: index) else { continue }
            captured.replay(to: output)
            // Each result is seen as soon as it and those before it are done, even through a pipe.
            output.standardOutput.flush()
            summary.add(status)
        }
        if summary.count < paths.count {
            throw CommandFailure(.interrupted, "Interrupted: \(summary.count) of \(paths.count) recordings were \(verb); the others were not.")
        }
        output.print(json ? summary.jsonValue.canonicalText : summary.description)
        return summary.status
    }

    /// Runs `body` on `path` with its output captured; `nil` when Ctrl-C came first or cut it short.
    private func runOne(_ path: String, _ context: CommandContext, _ body: Body) -> (ExitStatus, CapturedOutput)? {
        guard !context.isCancelled() else { return nil }
        let captured = CapturedOutput()
        var fileContext = context
        fileContext.terminal.output = captured.output
        fileContext.interrupt = nil
        do {
            let outcome = try body(path, fileContext)
            if json { captured.output.print(Self.line(file: path, status: outcome.status, outcome.members).canonicalText) }
            return (outcome.status, captured)
        } catch {
            guard error.status != .interrupted else { return nil }
            if json {
                captured.output.print(Self.line(file: path, status: error.status, [("error", .string(error.message))]).canonicalText)
            } else {
                if !error.output.isEmpty { captured.output.print(error.output) }
                captured.output.print(Self.errorLine(file: path, error.message))
            }
            return (error.status, captured)
        }
    }

    /// A recording's JSON line: `file`, `passed` (status 0) and `status`, then the command's `members`.
    static func line(file: String, status: ExitStatus, _ members: [(String, JSONValue)]) -> JSONValue {
        let own: [(String, JSONValue)] = [
            ("file", .string(file)), ("passed", .bool(status == .success)), ("status", .integer(Int64(status.rawValue))),
        ]
        let names = Set(own.map(\.0))
        return .object(JSONObject(own + members.filter { !names.contains($0.0) }))
    }

    /// A failure as a diagnostic naming its recording, the way compilers write them:
    /// `a.jsonl: no such file.` becomes `a.jsonl: error: no such file.`, and
    /// `a.jsonl:3: step 2 records …` becomes `a.jsonl:3: error: step 2 records …`.
    static func errorLine(file: String, _ message: String) -> String {
        if message.hasPrefix(file + ":") {
            let rest = message.dropFirst(file.count + 1)
            let line = rest.prefix { $0.isASCII && $0.isNumber }
            let text = rest.dropFirst(line.count)
            if text.hasPrefix(" ") && line.isEmpty { return "\(file): error: \(text.dropFirst())" }
            if text.hasPrefix(": ") && !line.isEmpty { return "\(file):\(line): error: \(text.dropFirst(2))" }
        }
        return "\(file): error: \(message)"
    }

    /// The recordings' results as they come in, and the next recording to start: shared by the workers
    /// and the printing thread.
    private final class Results: Sendable {
        private struct Slots {
            /// Per recording: `nil` while it runs or waits, `.some(nil)` when Ctrl-C stopped it.
            var results: [(ExitStatus, CapturedOutput)??]
            var next = 0
        }

        private let slots: Locked<Slots>

        init(count: Int) {
            slots = Locked(Slots(results: Array(repeating: nil, count: count)))
        }

        /// The index of the next recording to work on, or `nil` when every one has been taken.
        func take() -> Int? {
            slots.withLock { slots -> Int? in
                guard slots.next < slots.results.count else { return nil }
                slots.next += 1
                return slots.next - 1
            }
        }

        func finish(_ index: Int, _ result: (ExitStatus, CapturedOutput)?) {
            slots.withLock { $0.results[index] = .some(result) }
            slots.wakeWaiters()
        }

        /// Waits until recording `index` is done; its result, or `nil` when it did not finish.
        func wait(for index: Int) -> (ExitStatus, CapturedOutput)? {
            slots.withLock(when: { $0.results[index] != nil }) { $0.results[index] ?? nil }
        }
    }
}
