import Foundation
import StateJournal

/// Checks a journal thoroughly (`statedbg check`) and repairs a torn last line (`--repair`).
///
/// ```swift
/// let report = try JournalCheck.check(path: "counter.jsonl")
/// if report.torn != nil { try JournalCheck.repair(path: "counter.jsonl") }
/// ```
public enum JournalCheck {
    /// Reads every line, rebuilds every state and checks every hash.
    ///
    /// Every damaged line is a problem of its own (at most `limit`), and the check goes on after it. A
    /// file whose header cannot be read is reported as one problem; only a missing or unreadable file throws.
    public static func check(path: String, limit: Int = 100, isCancelled: () -> Bool = { false }) throws(DebuggerError) -> CheckReport {
        let reader: JournalReader
        do {
            reader = try JournalReader(path: path, options: collecting(limit))
        } catch {
            guard error.category == .malformed else { throw .journal(error) }
            return CheckReport(path: path, problems: [error], torn: nil, stepCount: 0, cancelled: false)
        }
        var cancelled = false
        let problems = reader.validate(limit: limit) {
            if isCancelled() { cancelled = true }
            return cancelled
        }
        return CheckReport(path: path, problems: problems, torn: reader.torn, stepCount: reader.stepCount, cancelled: cancelled)
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

    private static func collecting(_ limit: Int) -> JournalReader.Options {
        var options = JournalReader.Options()
        options.lineProblemLimit = limit
        return options
    }

    private static func copyToBackup(_ path: String) throws(DebuggerError) -> String {
        let manager = FileManager.default
        var attempt = 0
        while true {
            let candidate = attempt == 0 ? path + ".bak" : path + ".bak.\(attempt)"
            attempt += 1
            if manager.fileExists(atPath: candidate) { continue }
            do {
                try manager.copyItem(atPath: path, toPath: candidate)
                return candidate
            } catch {
                // Another process may have made this backup name in the meantime: try the next one.
                if manager.fileExists(atPath: candidate), attempt < 10_000 { continue }
                throw .journal(JournalError(.ioError, path: candidate, "cannot copy the journal before repairing it: \(error.localizedDescription)."))
            }
        }
    }
}
