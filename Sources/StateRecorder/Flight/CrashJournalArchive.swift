import Foundation
import StateJournal

/// The crash journals earlier runs left beside a flight recording's journal, each under a name of its
/// own, so that no dump, background dump or later crash writes over one before the app sent it.
///
/// A journal whose last line is a `crashed` event is moved aside when a flight recorder starts and
/// before a dump replaces it: `last-steps.jsonl` becomes `last-steps.crash-20261128T212003Z.jsonl`,
/// named after the time the crash wrote it (UTC), with `-2`, `-3`… when two share a second. Only
/// ``FlightRecording/keptCrashJournals`` of them are kept: the oldest go first.
struct CrashJournalArchive {
    /// The journal a crash handler writes (``FlightRecording/journal``).
    let journal: URL
    /// How many crash journals are kept beside it (at least 1).
    let kept: Int

    private var files: FileManager { FileManager.default }

    /// The name's part before `.crash-`: the journal's name without its `.jsonl`.
    private var stem: String {
        let name = journal.lastPathComponent
        return name.hasSuffix(".jsonl") ? String(name.dropLast(".jsonl".count)) : name
    }

    private var directory: URL { journal.deletingLastPathComponent() }

    /// Moves the journal aside when it ends with a `crashed` line, then removes the oldest crash
    /// journals past ``kept``. Returns where it went, or `nil` when there was no crash journal.
    ///
    /// - Throws: ``JournalError`` (`ioError`) when the crash journal could not be moved: then nothing
    ///   may write over it.
    @discardableResult
    func setAside() throws(JournalError) -> URL? {
        guard Self.endsWithCrash(journal.path) else { return nil }
        let written = (try? files.attributesOfItem(atPath: journal.path)[.modificationDate] as? Date) ?? Date()
        let stamp = Self.stamp(written)
        var counter = 1
        var target = url(stamp: stamp, counter: counter)
        while files.fileExists(atPath: target.path) {
            counter += 1
            target = url(stamp: stamp, counter: counter)
        }
        do {
            try files.moveItem(at: journal, to: target)
        } catch {
            throw JournalError(.ioError, path: journal.path,
                               "the crash journal an earlier run left here could not be moved aside to \(target.lastPathComponent) (\(error.localizedDescription)); nothing was written over it.")
        }
        for old in try crashJournals().dropLast(max(1, kept)) { try? files.removeItem(at: old) }
        return target
    }

    /// The crash journals beside the journal, oldest first.
    func crashJournals() throws(JournalError) -> [URL] {
        let names: [String]
        do {
            names = try files.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw JournalError(.ioError, path: directory.path, "the crash journals here cannot be listed (\(error.localizedDescription)).")
        }
        return names.compactMap { name in order(of: name).map { (name, $0) } }
            .sorted { $0.1.stamp != $1.1.stamp ? $0.1.stamp < $1.1.stamp : $0.1.counter < $1.1.counter }
            .map { directory.appendingPathComponent($0.0) }
    }

    /// Whether `url` names one of this archive's crash journals.
    func holds(_ url: URL) -> Bool {
        url.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path
            && order(of: url.lastPathComponent) != nil
    }

    /// A crash journal's name for `stamp` and `counter` (1 for the first of its second).
    private func url(stamp: String, counter: Int) -> URL {
        directory.appendingPathComponent("\(stem).crash-\(stamp)\(counter == 1 ? "" : "-\(counter)").jsonl")
    }

    /// The time stamp and counter of a crash journal's name, or `nil` for any other name.
    private func order(of name: String) -> (stamp: String, counter: Int)? {
        let prefix = "\(stem).crash-"
        guard name.hasPrefix(prefix), name.hasSuffix(".jsonl") else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(".jsonl".count)
        let parts = middle.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let stamp = String(parts[0])
        guard stamp.count == 16, stamp.hasSuffix("Z") else { return nil }
        guard parts.count == 2 else { return (stamp, 1) }
        guard let counter = Int(parts[1]), counter > 1 else { return nil }
        return (stamp, counter)
    }

    /// `date` in UTC as `20261128T212003Z`, which sorts as time does.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day) + "T"
            + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
    }

    /// Whether the file at `path` is a journal whose last line is a `crashed` event, as a crash
    /// handler writes it: read from its last 4 KiB, since the line is short.
    static func endsWithCrash(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end > 0 else { return false }
        let start = end > 4096 ? end - 4096 : 0
        guard (try? handle.seek(toOffset: start)) != nil, let data = try? handle.readToEnd() else { return false }
        var tail = [UInt8](data)
        guard tail.last == UInt8(ascii: "\n") else { return false }
        tail.removeLast()
        let line = tail.lastIndex(of: UInt8(ascii: "\n")).map { Array(tail[($0 + 1)...]) } ?? (start == 0 ? tail : [])
        // Safe because the bytes are only read during the call.
        let parsed = line.withUnsafeBytes { try? JournalLine.parse($0) }
        guard case .event(.crashed)? = parsed else { return false }
        return true
    }
}
