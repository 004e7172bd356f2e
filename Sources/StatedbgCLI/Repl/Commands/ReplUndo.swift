import TerminalKit

/// `undo [COUNT]`: take back cursor moves.
enum ReplUndo: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "undo", abstract: "Go back to where the cursor was before the last n moves (a dispatch is a move).",
                    arguments: [ArgumentSpec("count", help: "How many moves (default: 1).", isOptional: true)]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        try travel(input, repl, undo: true)
    }

    /// Undoes or redoes up to the count of moves; at least one must be possible.
    static func travel(_ input: ReplInput, _ repl: ReplInterpreter, undo: Bool) throws(CommandFailure) -> String {
        let times = try repl.count(input.optionalString("count"))
        var moved = 0
        while moved < times, (undo ? repl.timeline.undo() : repl.timeline.redo()) != nil { moved += 1 }
        guard moved > 0 else { throw CommandFailure(.usage, "There is nothing to \(undo ? "undo" : "redo").") }
        return try repl.here()
    }
}
