import Foundation

/// A command shown in documentation with what it prints: a `$ statedbg …` line and the lines after it,
/// read from a help text or a Markdown ```console block, so that a test can run it and compare.
struct Transcript: CustomStringConvertible {
    /// The command as a shell would read it, `statedbg …` (a `swift run ` before it is dropped).
    var command: String
    /// The lines the documentation says it prints (standard output, then standard error); empty when
    /// the documentation shows the command alone.
    var expected: [String]
    /// Where it was read, `README.md:42` or `statedbg bisect --help`.
    var source: String

    var description: String { "\(source): $ \(command)" }

    /// The transcripts in a help text's discussion: each `$ ` line and the lines after it, up to the next
    /// `$ ` line or empty line.
    static func inHelp(_ text: String, source: String) -> [Transcript] {
        parse(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), emptyLineEnds: true) { _ in source }
    }

    /// The transcripts in the ```console blocks of a Markdown file, where an output runs to the next `$ `
    /// line or the end of the block, empty lines included; each block's commands run one after another,
    /// so a later one may read what an earlier one wrote.
    static func inMarkdown(_ text: String, file: String) -> [[Transcript]] {
        var blocks: [[Transcript]] = []
        var block: [String]?
        var firstLine = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if block == nil, line == "```console" {
                block = []
                firstLine = index + 2
            } else if let lines = block, line == "```" {
                let start = firstLine
                blocks.append(parse(lines, emptyLineEnds: false) { "\(file):\(start + $0)" })
                block = nil
            } else {
                block?.append(String(line))
            }
        }
        return blocks
    }

    private static func parse(_ lines: [String], emptyLineEnds: Bool, source: (Int) -> String) -> [Transcript] {
        var found: [Transcript] = []
        var current: Transcript?
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("$ ") {
                if let current { found.append(current) }
                var command = String(line.dropFirst(2))
                if command.hasPrefix("swift run ") { command.removeFirst("swift run ".count) }
                current = Transcript(command: command, expected: [], source: source(index))
            } else if line.isEmpty, emptyLineEnds {
                if let done = current { found.append(done) }
                current = nil
            } else {
                current?.expected.append(line)
            }
        }
        if let current { found.append(current) }
        return found.map { transcript in
            var trimmed = transcript
            while trimmed.expected.last?.isEmpty == true { trimmed.expected.removeLast() }
            return trimmed
        }
    }

    /// What running it printed, and its exit status.
    struct Outcome {
        var status: Int32
        var text: String
    }

    /// Runs the command with `/bin/sh` in `directory`, with the folder of `statedbg` first on `PATH`.
    func run(statedbg: String, in directory: String) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let folder = URL(fileURLWithPath: statedbg).deletingLastPathComponent().path
        process.environment = ["HOME": directory, "TERM": "dumb", "PATH": "\(folder):/usr/bin:/bin", "COLUMNS": "100"]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let errorReader = stderr.fileHandleForReading
        let errors = ErrorText()
        let done = DispatchSemaphore(value: 0)
        Thread {
            errors.data = errorReader.readDataToEndOfFile()
            done.signal()
        }.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        var text = String(decoding: output, as: UTF8.self) + String(decoding: errors.data, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return Outcome(status: process.terminationStatus, text: text)
    }

    private final class ErrorText: @unchecked Sendable {
        var data = Data()
    }
}
