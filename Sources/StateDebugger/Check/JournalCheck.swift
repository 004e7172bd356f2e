import Foundation
import StateJournal
import StateRecorder

/// Checks a journal thoroughly (`statedbg check`) and repairs a torn last line (`--repair`).
///
/// ```swift
/// let report = try JournalCheck.check(path: "counter.jsonl")
/// if report.torn != nil { try JournalCheck.repair(path: "counter.jsonl") }
/// ```
public enum JournalCheck {
    /// How many problems a check lists by default: a screenful; the rest are counted.
    public static let defaultListLimit = 20

    /// Reads every line, rebuilds every state and checks every hash, and, from format version 2, every
    /// line's checksum; with the recording's `app`, also that each action's type tag is the one its
    /// payload decodes as.
    ///
    /// Every damaged line is a problem of its own (the first `limit` are listed, all are counted), and
    /// the check goes on after it. A file whose header cannot be read is reported as one problem; only a
    /// missing or unreadable file throws.
    public static func check(path: String, limit: Int = defaultListLimit, app: (any RegisteredApp)? = nil,
                             isCancelled: () -> Bool = { false }) throws(DebuggerError) -> CheckReport {
        let reader: JournalReader
        do {
            reader = try JournalReader(path: path, options: collecting(limit))
        } catch {
            guard error.category == .malformed else { throw .journal(error) }
            return CheckReport(path: path, problems: [error], torn: nil, stepCount: 0, cancelled: false)
        }
        return check(reader, limit: limit, app: app, isCancelled: isCancelled)
    }

    /// Checks a journal already opened with ``readerOptions(limit:)``, so that a command that opened
    /// it to read its header does not scan the file a second time.
    package static func check(_ reader: JournalReader, limit: Int = defaultListLimit, app: (any RegisteredApp)? = nil,
                              isCancelled: () -> Bool = { false }) -> CheckReport {
        let path = reader.path
        var cancelled = false
        let cancel = {
            if isCancelled() { cancelled = true }
            return cancelled
        }
        var (problems, count) = reader.validateRecordedStates(limit: limit, isCancelled: cancel)
        if let app, app.id == reader.header.app, !cancelled {
            for problem in mismatchedTags(reader, app: app, isCancelled: cancel) {
                count += 1
                if problems.count < limit { problems.append(problem) }
            }
            problems = problems.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        }
        return CheckReport(path: path, problems: problems, torn: reader.torn, stepCount: reader.stepCount, cancelled: cancelled,
                           problemCount: count, version: reader.header.version)
    }

    /// The steps whose action's type tag is not the one its payload decodes as in `app`'s current code.
    /// A payload that does not decode at all is left to `replay --verify`, which says why.
    private static func mismatchedTags(_ reader: JournalReader, app: any RegisteredApp, isCancelled: () -> Bool) -> [JournalError] {
        guard reader.lastStep > reader.baseStep, let replayer = try? app.makeReplayer(from: reader.header.initialState) else { return [] }
        var found: [JournalError] = []
        // The tag a payload decodes as depends only on the action, and recordings repeat their actions:
        // each distinct one is decoded once (up to a bound on what is kept).
        var decodedTypes: [JournalAction: String?] = [:]
        // Damaged lines are already reported: read the runs of intact lines between them.
        for run in reader.intactRuns() where !isCancelled() {
            do {
                try reader.forEachActionAndHash(run) { step, action, _ in
                    guard action.replayMode == .decode else { return true }
                    let decodedType: String?
                    if let known = decodedTypes[action] {
                        decodedType = known
                    } else {
                        decodedType = (try? replayer.normalize(action.payload))?.type
                        if decodedTypes.count >= 4096 { decodedTypes.removeAll(keepingCapacity: true) }
                        decodedTypes[action] = decodedType
                    }
                    guard let decodedType, decodedType != action.type else { return true }
                    found.append(JournalError(.mismatchedTag(step: step, tagged: action.type, decodesAs: decodedType),
                                              path: reader.path, line: reader.line(ofStep: step)))
                    return step % 4096 != 0 || !isCancelled()
                }
            } catch {
                // A line that does not parse is reported by the line check.
            }
        }
        return found
    }

    /// Cuts a torn last line off, after copying the file to `FILE.bak` (or `FILE.bak.1`, `FILE.bak.2`, …:
    /// an existing backup is never replaced).
    public static func repair(path: String) throws(DebuggerError) -> RepairReport {
        let reader: JournalReader
        do {
            // Damage elsewhere is for the check to report; it does not move the end of the last complete line.
            reader = try JournalReader(path: path, options: collecting(1))
        } catch {
            throw .journal(error)
        }
        guard let torn = reader.torn else {
            return RepairReport(path: path, backupPath: nil, removedLine: nil, removedBytes: 0)
        }
        let backup = try copyToBackup(path)
        do {
            let file = try JournalFile.openForAppending(at: path, validLength: reader.validLength)
            try file.close()
        } catch {
            throw .journal(error)
        }
        return RepairReport(path: path, backupPath: backup, removedLine: torn.line, removedBytes: torn.length)
    }

    /// The reader options a check needs: every damaged line noted, the first `limit` kept.
    package static func readerOptions(limit: Int = defaultListLimit) -> JournalReader.Options {
        collecting(limit)
    }

    private static func collecting(_ limit: Int) -> JournalReader.Options {
        .checking(limit: limit)
    }

    /// Copies the journal to the first free backup name, made with `O_EXCL` so that no existing file is
    /// ever replaced. A failed copy (a full disk) removes its partial backup and is not retried under
    /// another name: the next name would fail the same way.
    private static func copyToBackup(_ path: String) throws(DebuggerError) -> String {
        let source = open(path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw systemError(path, .readForBackup(partialRemoved: false), errno) }
        defer { _ = close(source) }
        var info = stat()
        let mode = fstat(source, &info) == 0 ? info.st_mode & 0o777 : 0o600
        var attempt = 0
        var candidate = path + ".bak"
        var target = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        while target < 0, errno == EEXIST, attempt < 10_000 {
            attempt += 1
            candidate = path + ".bak.\(attempt)"
            target = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        }
        guard target >= 0 else { throw systemError(candidate, .createBackup, errno) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var failure: (what: JournalError.Operation, code: Int32)?
        var copied: Int64 = 0
        copying: while true {
            // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = (.readForBackup(partialRemoved: true), errno)
                break
            }
            if count == 0 { break }
            // Under a file-size limit (`ulimit -f`) a write past it would end the process with SIGXFSZ:
            // the backup fails as on a full disk instead.
            if let room = FileSizeLimit.room(after: copied), room < Int64(count) {
                failure = (.writeBackup, EFBIG)
                break
            }
            var done = 0
            while done < count {
                let written = buffer.withUnsafeBytes { write(target, $0.baseAddress! + done, count - done) }
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = (.writeBackup, errno)
                    break copying
                }
                done += written
            }
            copied += Int64(count)
        }
        if failure == nil, fsync(target) != 0 { failure = (.writeBackup, errno) }
        if close(target) != 0, failure == nil { failure = (.writeBackup, errno) }
        if let failure {
            // A partial backup would pass for a good one later.
            _ = unlink(candidate)
            throw systemError(candidate, failure.what, failure.code)
        }
        return candidate
    }

    private static func systemError(_ path: String, _ operation: JournalError.Operation, _ code: Int32) -> DebuggerError {
        .journal(JournalError(.system(operation, errno: code), path: path))
    }
}
