import TerminalKit

/// `info [breakpoints]`: the recording and the cursor, or the breakpoint table.
enum ReplInfo: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "info", abstract: "Describe the recording, the cursor, marks and watches; info breakpoints lists the breakpoints.",
                    arguments: [ArgumentSpec("subject", help: "breakpoints (or a prefix such as b): the breakpoints and watchpoints.",
                                             isOptional: true)]),
        completes: .words(["breakpoints", "watchpoints"]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        if let subject = input.optionalString("subject") {
            guard !subject.isEmpty, "breakpoints".hasPrefix(subject) || "watchpoints".hasPrefix(subject) else {
                throw CommandFailure(.usage, "info knows breakpoints (info breakpoints, info b), not '\(subject)'.")
            }
            return table(repl.breakpoints.all, watchesOnly: subject.hasPrefix("w"))
        }
        let source = repl.session.source
        let timeline = repl.timeline
        var lines = [
            "recording: \(source.name) (\(source.info.format == .journal ? "statedbg journal" : "Redux DevTools export"))",
            "app: \(source.info.app) (\(repl.session.isReducerMode ? "reducer mode" : "snapshot mode"))",
            "steps: \(source.baseStep) to \(source.lastStep), \(source.events.count) event\(source.events.count == 1 ? "" : "s")",
            "position: \(timeline.position) of \(timeline.firstStep) to \(timeline.lastStep)",
            "branches: \(timeline.branches.map(\.name).joined(separator: ", "))",
        ] + repl.session.abilities(appTravels: repl.appTravels).lines
        if !repl.marks.isEmpty {
            lines.append("marks: " + repl.marks.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
        }
        let recorded = repl.recordedMarks
        if !recorded.isEmpty {
            lines.append("recorded marks: " + recorded.sorted { $0.key < $1.key }.map { "@\($0.key) (step \($0.value))" }.joined(separator: ", "))
        }
        if !repl.watches.isEmpty { lines.append("watching: \(repl.watches.joined(separator: ", "))") }
        let breaks = repl.breakpoints.all.filter { !$0.isWatch }.count
        if breaks > 0 { lines.append("breakpoints: \(breaks) (info breakpoints lists them)") }
        return lines.joined(separator: "\n")
    }

    /// The table gdb's `info breakpoints` prints.
    static func table(_ breakpoints: [Breakpoint], watchesOnly: Bool) -> String {
        let shown = watchesOnly ? breakpoints.filter(\.isWatch) : breakpoints
        guard !shown.isEmpty else { return watchesOnly ? "No watchpoints." : "No breakpoints or watchpoints." }
        var lines = ["Num  Type        Enb  Hits  What"]
        for breakpoint in shown {
            let number = String(breakpoint.number).padding(toLength: 5, withPad: " ", startingAt: 0)
            let type = (breakpoint.isWatch ? "watchpoint" : "breakpoint").padding(toLength: 12, withPad: " ", startingAt: 0)
            let hits = String(breakpoint.hits).padding(toLength: 6, withPad: " ", startingAt: 0)
            lines.append(number + type + (breakpoint.isEnabled ? "y    " : "n    ") + hits + breakpoint.what)
        }
        return lines.joined(separator: "\n")
    }
}
