import Foundation
import StateDebugger
import StateTimelinePage
import TerminalKit

/// `statedbg view FILE [-o PAGE.html] [--steps A..B] [--open] [--force]`: one self-contained HTML
/// timeline page of a recording.
enum ViewCommand: Subcommand {
    /// The most steps one page holds; a longer recording gets a window of its last steps.
    static let maxSteps = 200_000
    /// The most bytes of recording data one page holds.
    static let maxDataBytes = 256 << 20

    static let spec = CommandSpec(
        name: "view",
        abstract: "Write a self-contained HTML page that shows a recording as a timeline.",
        discussion: """
            The page needs nothing but a browser: its style, script and the recording's states (some \
            whole, the rest as patches, by a rule of the page's own) are inside it, and it loads nothing from the network. It shows the steps (filter by \
            text or action type), a slider (keys: left, right, Home, End), the state as a tree with what \
            the step changed highlighted, the step's diff, the raw JSON, a chart of any number in the \
            state, branches and marks. '#step=N' at the end of its URL opens it at step N.

            Without -o the page is the recording's name with '.html' in the current directory. A file \
            that statedbg view wrote is replaced; any other file only with --force.

            A page holds at most \(maxSteps) steps and \(maxDataBytes >> 20) MiB of recording data: a \
            longer recording gets a window of its last \(maxSteps) steps (say which with --steps A..B), \
            and a page whose data would pass the limit is not written.

            $ statedbg view Recordings/users-negative-age.jsonl -o users.html
            """,
        arguments: [.file],
        options: [
            .value("output", short: "o", valueName: "page", help: "The page to write (default: NAME.html).").completing(.files),
            .value("steps", valueName: "a..b", help: "Show only steps A through B (negative counts from the end)."),
            .flag("open", help: "Open the page with the system's opener (xdg-open, open) after writing it."),
            .flag("force", help: "Replace the output file even if statedbg view did not write it."),
        ],
        exitStatuses: [
            .init(.success, "The page was written."),
            .usage,
            .init(.dataError, "The recording is malformed, or too large for one page: pick fewer steps with --steps."),
            .missing, .io, .exists, .interrupted,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let file = arguments.string("file") ?? ""
        let source = try context.open(file, verifyingHashes: false)
        let output = arguments.string("output") ?? defaultOutput(for: file)
        if URL(fileURLWithPath: output).standardizedFileURL == URL(fileURLWithPath: file).standardizedFileURL {
            throw CommandFailure(.usage, "The page would replace the recording \(file); name another file with -o.")
        }
        if !arguments.flag("force"), FileManager.default.fileExists(atPath: output), !isPage(output) {
            throw CommandFailure(.fileExists(path: output))
        }
        let window = try window(arguments, source: source, context)
        let page: TimelinePage
        do {
            page = try TimelinePage(source: source, window: window, byteLimit: maxDataBytes, isCancelled: context.isCancelled)
        } catch {
            switch error {
            case .recording(let error): throw CommandFailure(error)
            case .tooLarge: throw CommandFailure(.dataError, error.description)
            case .cancelled: throw CommandFailure(.interrupted, "Interrupted: no page was written.")
            }
        }
        try CommandFailure.translating { () throws(DebuggerError) in
            try OutputFile.write(page.html, to: output, force: arguments.flag("force") || isPage(output), inputs: [file])
        }
        let steps = page.data.window.count - 1
        // The page keeps states whole by its own rule (see TimelineData); the journal's keyframes are
        // another count, and both are said, so that neither is taken for the other.
        var whole = "states kept whole: \(page.data.keyframes) in the page"
        if let journal = source as? JournalSource {
            let keyframes = journal.reader.keyframeSteps.filter { page.data.window.contains($0) }.count
            whole += ", \(keyframes) in the journal"
        }
        context.output.print("wrote \(output): steps \(page.data.window.lowerBound) through \(page.data.window.upperBound) "
            + "(\(steps) action\(steps == 1 ? "" : "s"); \(whole)), \(byteText(page.html.count))")
        if arguments.flag("open") { open(output, context) }
        return .success
    }

    /// `bank.jsonl` → `bank.html` in the current directory.
    static func defaultOutput(for file: String) -> String {
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        return (name.isEmpty ? "recording" : name) + ".html"
    }

    /// Whether `path` is a page this command wrote, which it may replace without --force.
    static func isPage(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 1024)) ?? Data()
        return String(decoding: head, as: UTF8.self).contains(TimelinePage.generatorMark)
    }

    /// The steps to show: `--steps A..B`, or all of them up to ``maxSteps``.
    static func window(_ arguments: ParsedArguments, source: any RecordingSource,
                       _ context: CommandContext) throws(CommandFailure) -> ClosedRange<Int>? {
        guard let text = arguments.string("steps") else {
            guard source.stepCount > maxSteps else { return nil }
            let window = (source.lastStep - maxSteps)...source.lastStep
            context.output.printError("statedbg: note: \(source.name) has \(source.stepCount) steps, more than one page holds; "
                + "the page shows steps \(window.lowerBound) through \(window.upperBound). Pick others with --steps A..B.")
            return window
        }
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else {
            throw context.usageError(arguments, .invalidValue(text, for: "--steps", expected: "a range of steps such as 100..200"))
        }
        let from = try ShowCommand.resolveStep(a, in: source)
        let to = try ShowCommand.resolveStep(b, in: source)
        guard from <= to else {
            throw context.usageError(arguments, .invalidValue(text, for: "--steps", expected: "a range whose first step is not after its last"))
        }
        guard to - from <= maxSteps else {
            throw context.usageError(arguments, .invalidValue(text, for: "--steps", expected: "at most \(maxSteps) steps"))
        }
        return from...to
    }

    /// Hands the page to the system's opener (`open` on macOS, `xdg-open` elsewhere, looked up in
    /// `PATH`) and says so; a missing opener is a note, not a failure.
    static func open(_ path: String, _ context: CommandContext) {
        #if os(macOS)
        let name = "open"
        #else
        let name = "xdg-open"
        #endif
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let candidates = searchPath.split(separator: ":").map { "\($0)/\(name)" }
        guard let opener = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            context.output.printError("statedbg: note: no opener (\(name)) was found in PATH; open \(path) in a browser.")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            context.output.print("opened \(path) with \(name)")
        } catch {
            context.output.printError("statedbg: note: \(opener) could not start (\(error.localizedDescription)); open \(path) in a browser.")
        }
    }

    static func byteText(_ count: Int) -> String {
        if count < 1 << 10 { return "\(count) bytes" }
        if count < 1 << 20 { return String(format: "%.1f KiB", Double(count) / 1024) }
        return String(format: "%.1f MiB", Double(count) / 1_048_576)
    }
}
