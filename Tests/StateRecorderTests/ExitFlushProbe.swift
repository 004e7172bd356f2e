import Foundation

/// Runs the `recorder-exit-probe` executable, built beside the tests, as a child process.
enum ExitFlushProbe {
    struct NotBuilt: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "recorder-exit-probe was not found beside the tests; build it first (swift build). Looked in: \(searched.joined(separator: ", "))."
        }
    }

    /// Records `steps` steps into `path` in a child that ends by returning from `main` (or by `exit`, or
    /// killed after it went to the background: `background-killed`) without closing its recorder;
    /// returns its exit status, or the signal that ended it.
    static func run(path: String, steps: Int, ending: String = "return") throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try locate())
        process.arguments = [path, String(steps), ending]
        // The probe ends on purpose with its recorder alive in a global. Under the address sanitizer the
        // leak checker would take that live object's weak-reference side table for a leak (the runtime
        // keeps its address shifted inside the reference count), so it does not check the probe.
        var environment = ProcessInfo.processInfo.environment
        environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs the probe's `full-disk` mode under a file size limit of `limitKiB` (as a full disk, but
    /// for this process alone: writes past the limit fail with EFBIG, SIGXFSZ ignored); returns its
    /// exit status and standard output.
    ///
    /// With `ignoringSIGXFSZ` off the signal keeps its default action, which ends a process that writes
    /// past the limit: the recorder must not make that write.
    static func runOutOfRoom(path: String, steps: Int, limitKiB: Int,
                             ignoringSIGXFSZ: Bool = true) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let trap = ignoringSIGXFSZ ? "trap '' XFSZ; " : ""
        process.arguments = ["-c", "\(trap)ulimit -f \(limitKiB); exec \"$0\" \"$@\"", try locate(), path, String(steps), "full-disk"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The executable in the products directory around the test runner: a regular executable file, never
    /// a directory of the same name.
    private static func locate() throws -> String {
        var searched: [String] = []
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("recorder-exit-probe").path
            searched.append(candidate)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        throw NotBuilt(searched: searched)
    }
}
