import Foundation
import StateJournal
import StateRecorder
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Kills a recording `statedbg` with SIGKILL at seeded random moments and checks what the durability
/// policy promises: at most a torn last line, which `check --repair` cuts (keeping a backup); every
/// remaining step rebuilds, hashes and replays; and no step the writer acknowledged is missing.
///
/// Three trials run with every `swift test`; twenty more are slow (each trial records, kills, checks,
/// repairs and replays, several seconds) and run with `STATEDBG_SLOW_TESTS=1`, as CI does;
/// `STATEDBG_SLOW_TESTS=1 STATEDBG_CRASH_TRIALS=500 swift test --filter CrashSafetyTests` runs more.
@Suite(.serialized) struct CrashSafetyTests {
    /// How many trials the slow test runs.
    static var manyTrials: Int {
        Int(ProcessInfo.processInfo.environment["STATEDBG_CRASH_TRIALS"] ?? "") ?? 20
    }

    struct Trial: CustomStringConvertible {
        var number: Int
        var app: String
        var killAfterMilliseconds: Int
        /// Where to tear a copy of the journal, as a fraction of its last line (a kill rarely lands mid-write).
        var tearAt: UInt64
        var description: String { "trial \(number): \(app), SIGKILL after \(killAfterMilliseconds) ms" }
    }

    /// Seeded, so a failing trial can be run again with the same delay and app.
    static func plan(trials: Int) -> [Trial] {
        var generator = SeededGenerator(seed: 20_261_121)
        func next() -> UInt64 { generator.next() }
        let apps = ["users", "tracker", "bank", "counter"]
        return (0..<trials).map { number in
            Trial(number: number, app: apps[Int(next() % UInt64(apps.count))], killAfterMilliseconds: 30 + Int(next() % 400),
                  tearAt: next())
        }
    }

    @Test func killedRecordingsLoseNoAcknowledgedStep() throws {
        try Self.run(trials: 3)
    }

    @Test(.tags(.slow), .slowTestsRequested, .timeLimit(.minutes(30)))
    func manyKilledRecordingsLoseNoAcknowledgedStep() throws {
        try Self.run(trials: Self.manyTrials)
    }

    static func run(trials: Int) throws {
        let binary = try StatedbgProcess.locate()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statedbg-crash-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var torn = 0
        for trial in Self.plan(trials: trials) {
            let path = directory + "/trial-\(trial.number).jsonl"
            let acknowledged = try Self.recordAndKill(binary: binary.path, app: trial.app, path: path,
                                                      after: trial.killAfterMilliseconds)
            // On a busy machine the kill can land before the journal exists; it is created whole (a
            // temporary file linked into place), so then there is nothing, and nothing was acknowledged.
            guard FileManager.default.fileExists(atPath: path) else {
                #expect(acknowledged == 0, "\(trial): step \(acknowledged) was acknowledged but there is no journal")
                continue
            }

            if try Self.checkRepairAndVerify(path, binary: binary, directory: directory, trial: trial) { torn += 1 }
            let reader = try JournalReader(path: path)
            #expect(reader.lastStep >= acknowledged, "\(trial): step \(acknowledged) was acknowledged but the journal ends at \(reader.lastStep)")

            // A kill rarely lands in the middle of a write, so also tear a copy inside its last line.
            let copy = path + ".torn.jsonl"
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let lastLineStart = (bytes.dropLast().lastIndex(of: 0x0A) ?? -1) + 1
            if lastLineStart > 0, bytes.count - lastLineStart > 2 {
                let cut = lastLineStart + 1 + Int(trial.tearAt % UInt64(bytes.count - lastLineStart - 2))
                bytes.removeSubrange(cut...)
                try Data(bytes).write(to: URL(fileURLWithPath: copy))
                #expect(try Self.checkRepairAndVerify(copy, binary: binary, directory: directory, trial: trial), "\(trial): the torn copy was not reported")
                // The torn line was the last step (or an event after it): at most one step is gone.
                let kept = try JournalReader(path: copy).lastStep
                #expect(kept == reader.lastStep || kept == reader.lastStep - 1, "\(trial)")
            }
        }
        // Report how the trials ended, for the Reliability article (StatedbgCLI.docc).
        print("crash safety: \(trials) trials, \(torn) torn by the kill itself, every trial also torn and repaired on a copy, no acknowledged step lost")
    }

    /// Checks a journal; a torn last line must be its only problem, and `--repair` must cut it and keep a
    /// backup. Then every step must rebuild, hash and replay. Returns whether the line was torn.
    static func checkRepairAndVerify(_ path: String, binary: StatedbgProcess, directory: String, trial: Trial) throws -> Bool {
        let check = try binary.run(["check", path], in: directory)
        var torn = false
        if check.status == 1 {
            let steps = check.output.split(separator: " ").dropLast(1).last ?? "?"
            #expect(check.output.hasSuffix(": 1 problem in \(steps) \(steps == "1" ? "step" : "steps").\n"),
                    "\(trial): \(check.output)")
            #expect(check.output.components(separatedBy: "is incomplete").count == 2, "\(trial): \(check.output)")
            let repair = try binary.run(["check", path, "--repair"], in: directory)
            #expect(repair.status == 0, "\(trial): \(repair.output) \(repair.error)")
            #expect(FileManager.default.fileExists(atPath: path + ".bak"), "\(trial): no backup")
            torn = true
        } else {
            #expect(check.status == 0, "\(trial): \(check.output) \(check.error)")
        }
        let reader = try JournalReader(path: path)
        #expect(reader.torn == nil, "\(trial)")
        #expect(reader.validate().isEmpty, "\(trial)")
        let verify = try binary.run(["replay", path, "--verify", "--quiet"], in: directory)
        #expect(verify.status == 0, "\(trial): \(verify.output) \(verify.error)")
        return torn
    }

    /// Starts `statedbg record APP --acknowledged`, kills it with SIGKILL after `milliseconds`, and returns
    /// the last step it said was acknowledged.
    static func recordAndKill(binary: String, app: String, path: String, after milliseconds: Int) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["record", app, "-o", path, "--steps", "100000000", "--acknowledged", "--durability", "step"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lastAcknowledged = LastAcknowledged()
        let reading = DispatchSemaphore(value: 0)
        let handle = output.fileHandleForReading
        Thread {
            var pending = ""
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = pending[..<newline]
                    if line.hasPrefix("acknowledged "), let step = Int(line.dropFirst("acknowledged ".count)) {
                        lastAcknowledged.update(step)
                    }
                    pending.removeSubrange(...newline)
                }
            }
            reading.signal()
        }.start()
        usleep(useconds_t(milliseconds * 1000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        reading.wait()
        return lastAcknowledged.value
    }

    final class LastAcknowledged: @unchecked Sendable {
        private let lock = NSLock()
        private var step = 0

        func update(_ new: Int) {
            lock.lock()
            step = max(step, new)
            lock.unlock()
        }

        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return step
        }
    }
}
