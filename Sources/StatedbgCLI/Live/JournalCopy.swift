import Foundation
import StateDebugger
import StateJournal
import StateLive
import StateRecorder

/// `app journal -o FILE`: the attached app's journal copied here through the live channel, every file
/// of it, then checked as `statedbg check` checks a journal.
///
/// The app lists its files (``LiveJournalParts``) and the copy reads them in chunks of 256 KiB
/// (``LiveJournalChunk``), so that neither side holds more than a chunk however long the journal is, and
/// the app reads them on its live channel's thread, never on the one that dispatches. Each file goes to a
/// temporary file beside its target, which takes the target's name only once every file arrived: an
/// interrupted or failed copy leaves nothing behind and replaces nothing.
///
/// ```text
/// (statedbg 7/7) app journal -o copy.jsonl
/// copied the app's journal file /data/users.jsonl (1,845 bytes) to copy.jsonl
/// copy.jsonl: no problems in 7 steps.
/// ```
struct JournalCopy {
    let app: AttachedApp
    /// Where the first file goes; the others go beside it, numbered as a recorder numbers them.
    let output: String
    /// Whether existing files are replaced.
    let force: Bool
    /// The app the copies are checked with, when this statedbg registers it.
    let checkedWith: (any RegisteredApp)?
    let isCancelled: () -> Bool
    /// The bytes asked for at a time.
    var chunkBytes = LiveCommand.defaultReadBytes
    /// Below this many bytes, a copy is quick and says nothing while it runs.
    var progressThreshold = 8 << 20

    /// Copies and checks; returns what was copied and what the check found.
    ///
    /// - Throws: ``CommandFailure``: 73 when a target exists (without `force`) or is a file being read,
    ///   74 when the connection or a write failed, 130 when interrupted, 1 when a copy does not pass the
    ///   check (the copies are kept: they are what the app has).
    func run() throws(CommandFailure) -> String {
        let listing = try app.send(.journal)
        guard !listing.parts.isEmpty else { throw CommandFailure(.dataError, "The app listed no journal files.") }
        let targets = listing.parts.indices.map { $0 == 0 ? output : JournalSegmentName.path(output, segment: $0 + 1) }
        let inputs = listing.parts.map(\.path) + [app.journal.path]
        for target in targets {
            try CommandFailure.translating { () throws(DebuggerError) in try OutputPath.refuseOverwriting(inputs: inputs, with: target) }
            if !force, FileManager.default.fileExists(atPath: target) { throw CommandFailure(.fileExists(path: target)) }
        }
        var staged: [JournalFile] = []
        do throws(CommandFailure) {
            var progress = Progress(total: listing.bytes, threshold: progressThreshold, report: app.progress)
            for (index, part) in listing.parts.enumerated() {
                let file = try Self.journal { () throws(JournalError) in try JournalFile.staging(for: targets[index]) }
                staged.append(file)
                try copy(part, index: index, into: file, progress: &progress)
            }
            for (index, file) in staged.enumerated() {
                try Self.journal { () throws(JournalError) in try file.commit(to: targets[index], overwrite: force) }
            }
        } catch {
            for file in staged { file.discard() }
            throw error
        }
        var lines = zip(listing.parts, targets).map { part, target in
            "copied the app's journal file \(part.path) (\(CheckReport.grouped(part.bytes)) bytes) to \(target)"
        }
        var passed = true
        for target in targets {
            let report = try CommandFailure.translating { () throws(DebuggerError) in
                try JournalCheck.check(path: target, app: checkedWith, isCancelled: isCancelled)
            }
            if report.cancelled {
                throw CommandFailure(.interrupted, "Interrupted: the copies are in place, but the check of \(target) stopped before the end; run statedbg check on them.")
            }
            lines.append(report.description)
            passed = passed && report.passed
        }
        guard passed else {
            throw CommandFailure(.checkFailed, lines.joined(separator: "\n") + "\nThe copy does not pass the check: the app's own file has the same damage (the channel carried its bytes unchanged).")
        }
        return lines.joined(separator: "\n")
    }

    /// Copies one file of `part.bytes` bytes, chunk by chunk.
    private func copy(_ part: LiveJournalParts.Part, index: Int, into file: JournalFile, progress: inout Progress) throws(CommandFailure) {
        var offset = 0
        while offset < part.bytes {
            if isCancelled() { throw CommandFailure(.interrupted, "Interrupted: the copy of the app's journal stopped before it finished; nothing was written.") }
            let chunk = try app.send(.read(part: index, offset: offset, length: min(chunkBytes, part.bytes - offset)))
            guard chunk.part == index, chunk.offset == offset, !chunk.bytes.isEmpty else {
                throw CommandFailure(.dataError, "The app answered the read of \(part.path) at byte \(offset) with \(chunk.bytes.count) bytes of part \(chunk.part) at \(chunk.offset); the file is \(part.bytes) bytes long.")
            }
            file.append(chunk.bytes)
            try Self.journal { () throws(JournalError) in try file.flush() }
            offset += chunk.bytes.count
            progress.advance(by: chunk.bytes.count)
        }
    }

    private static func journal<T>(_ body: () throws(JournalError) -> T) throws(CommandFailure) -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(error)
        }
    }

    /// How far a copy of at least `threshold` bytes got, told at most once per `interval`.
    struct Progress {
        let total: Int
        let threshold: Int
        let interval: Duration
        let report: (String) -> Void
        private var done = 0
        private let clock = ContinuousClock()
        private var lastReport: ContinuousClock.Instant

        init(total: Int, threshold: Int, interval: Duration = .seconds(1), report: @escaping (String) -> Void) {
            self.total = total
            self.threshold = threshold
            self.interval = interval
            self.report = report
            lastReport = clock.now
        }

        /// Counts `bytes` more copied, and says so when it is time.
        mutating func advance(by bytes: Int) {
            done += bytes
            guard total >= threshold, done < total, clock.now - lastReport >= interval else { return }
            lastReport = clock.now
            let mebibytes = { (bytes: Int) in String(format: "%.1f", Double(bytes) / Double(1 << 20)) }
            report("app journal: \(mebibytes(done)) of \(mebibytes(total)) MiB copied (\(done * 100 / total)%)")
        }
    }
}
