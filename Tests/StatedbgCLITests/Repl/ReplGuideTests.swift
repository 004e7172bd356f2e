import ExampleApps
import Foundation
import StateDebugger
import StatedbgCLI
import Testing

/// Every REPL transcript in the REPL guide (`StatedbgCLI.docc/ReplGuide.md`) is what the REPL prints.
///
/// A transcript is a `text` block whose first line is a prompt. Each block is a fresh session on the
/// shipped recording it names in the line above the block (`bank.jsonl` unless told), run as a person
/// at a terminal sees it: Enter on an empty line repeats, errors print as `error: …`.
/// `STATEDBG_REGENERATE_DOCS=1 swift test --filter ReplGuideTests` rewrites the blocks from the REPL.
@Suite struct ReplGuideTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let guide = root.appendingPathComponent("Sources/StatedbgCLI/StatedbgCLI.docc/ReplGuide.md").path

    @Test func everyTranscriptIsWhatTheReplPrints() throws {
        let text = try String(contentsOfFile: Self.guide, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        var index = 0
        var checked = 0
        var regenerated = false
        let regenerate = ProcessInfo.processInfo.environment["STATEDBG_REGENERATE_DOCS"] == "1"
        while index < lines.count {
            guard lines[index] == "```text", index + 1 < lines.count, lines[index + 1].hasPrefix("(statedbg ") else {
                index += 1
                continue
            }
            guard let end = lines[(index + 1)...].firstIndex(of: "```") else { break }
            let block = Array(lines[(index + 1)..<end])
            let recording = Self.recording(named: index > 0 ? lines[index - 1] : "")
            let actual = try Self.transcript(of: block.compactMap(Self.command), on: recording)
            if regenerate {
                lines.replaceSubrange((index + 1)..<end, with: actual)
                regenerated = true
            } else {
                #expect(block.joined(separator: "\n") == actual.joined(separator: "\n"), "the transcript at line \(index + 2) of ReplGuide.md")
            }
            checked += 1
            index = lines[(index + 1)...].firstIndex(of: "```").map { $0 + 1 } ?? lines.count
        }
        if regenerated { try lines.joined(separator: "\n").write(toFile: Self.guide, atomically: true, encoding: .utf8) }
        #expect(checked >= 5, "the guide has its transcripts")
    }

    /// The recording a block runs on: a `<!-- recording: NAME -->` line just above it, or `bank.jsonl`.
    private static func recording(named line: String) -> String {
        let prefix = "<!-- recording: "
        guard line.hasPrefix(prefix), line.hasSuffix(" -->") else { return "bank.jsonl" }
        return String(line.dropFirst(prefix.count).dropLast(4))
    }

    /// The command on a prompt line, `nil` for an output line.
    private static func command(_ line: String) -> String? {
        guard line.hasPrefix("(statedbg "), let close = line.firstIndex(of: ")") else { return nil }
        let after = line[line.index(after: close)...]
        guard after.hasPrefix(" ") else { return nil }
        return String(after.dropFirst())
    }

    /// What a person at a terminal sees for these commands: each prompt and command, then the reply.
    private static func transcript(of commands: [String], on recording: String) throws -> [String] {
        let source = try RecordingLoader.open(path: root.appendingPathComponent("Recordings/\(recording)").path)
        // `Recordings/NAME`, as the guide's `statedbg repl Recordings/NAME` would show it.
        let repl = ReplInterpreter(session: Session(source: source, registry: AppRegistry(Examples.all)))
        repl.repeatsOnEmptyLine = true
        var lines: [String] = []
        for command in commands {
            lines.append(repl.prompt + command)
            let reply = repl.execute(command)
            if !reply.text.isEmpty { lines += reply.text.components(separatedBy: "\n") }
            if let error = reply.error { lines += ("error: " + error).components(separatedBy: "\n") }
        }
        return lines.map { $0.replacingOccurrences(of: root.path + "/", with: "") }
    }
}
