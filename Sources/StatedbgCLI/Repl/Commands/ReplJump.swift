import StateDebugger
import TerminalKit

/// `jump TARGET`: a step, a relative move, the end, or a mark by name.
enum ReplJump: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(
            name: "jump",
            abstract: "Go to a step, n steps forward or back from here, the last step (end) or n before it (end-n), or a mark.",
            discussion: """
                A mark is a name given with 'mark NAME' or one the recorded app gave with its recorder's \
                mark(_:); write it as NAME or @NAME (a session's mark wins when both have the name). A \
                recorded mark stands for the step it follows on the recording's branch.
                """,
            arguments: [ArgumentSpec("target", help: "STEP, +n, -n, end, end-n, NAME or @NAME.")]),
        aliases: ["j"], completes: .mark)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let target = input.string("target")
        let timeline = repl.timeline
        // `+n` and `-n` move from the cursor, as in gdb and rr; the end is spelled out, so a minus sign
        // never means two things.
        if let sign = target.first, sign == "+" || sign == "-", Int(target.dropFirst()) != nil {
            return try repl.step(by: try repl.count(String(target.dropFirst())), forward: sign == "+")
        }
        if target == "end" {
            return try repl.move { () throws(DebuggerError) in timeline.last() }
        }
        if target.hasPrefix("end-"), let back = Int(target.dropFirst(4)), back >= 0 {
            let room = timeline.lastStep - timeline.firstStep
            guard back <= room else {
                let only = room == 1 ? "is only 1 step" : "are only \(room) steps"
                throw CommandFailure(.usage, "there \(only) before the last step, \(timeline.lastStep); the first is \(timeline.firstStep).")
            }
            let step = timeline.lastStep - back
            return try repl.move { () throws(DebuggerError) in try timeline.jump(to: step) }
        }
        if Int(target) != nil {
            let step = try repl.stepNumber(target)
            return try repl.move { () throws(DebuggerError) in try timeline.jump(to: step) }
        }
        let name = target.hasPrefix("@") ? String(target.dropFirst()) : target
        if let position = repl.marks[name] {
            return try repl.move { () throws(DebuggerError) in
                if position.branch != timeline.position.branch { try timeline.checkout(position.branch) }
                return try timeline.jump(to: position.step)
            }
        }
        if let step = repl.recordedMarks[name] {
            return try repl.move { () throws(DebuggerError) in
                if timeline.position.branch != Timeline.mainBranch { try timeline.checkout(Timeline.mainBranch) }
                return try timeline.jump(to: step)
            }
        }
        let known = repl.markNames
        let list = known.isEmpty ? "there are no marks yet (mark NAME makes one)" : "the marks are \(known.joined(separator: ", "))"
        if target.hasPrefix("@") { throw CommandFailure(.usage, "there is no mark '\(name)'; \(list).") }
        throw CommandFailure(.usage, "'\(target)' is neither a step number nor a mark; \(list).")
    }
}
