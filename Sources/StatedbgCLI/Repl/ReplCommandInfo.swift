/// A REPL command as `help` lists it and completion offers it.
///
/// ```swift
/// ReplCommandInfo.named("n")?.name     // "next"
/// ```
public struct ReplCommandInfo: Sendable, Equatable {
    /// The full name.
    public var name: String
    /// Shorter names for the same command.
    public var aliases: [String]
    /// The arguments, as in `next [n]`.
    public var arguments: String
    /// One sentence.
    public var summary: String
    /// What the argument is, for completion.
    var completes: Completion = .nothing

    enum Completion: Sendable, Equatable {
        case nothing, path, predicate, branch, command, mark
    }

    /// The name, its aliases and the arguments, as `help` lists them: `next, n [n]`.
    public var synopsis: String {
        ([name] + aliases).joined(separator: ", ") + (arguments.isEmpty ? "" : " " + arguments)
    }

    /// Every command, in the order `help` lists them.
    public static let all: [ReplCommandInfo] = [
        ReplCommandInfo(name: "next", aliases: ["n"], arguments: "[n]", summary: "Move forward n steps (1)."),
        ReplCommandInfo(name: "back", aliases: ["b"], arguments: "[n]",
                        summary: "Move back n steps (1) along each step's parent: after a time travel in the recorded app, to where it went."),
        ReplCommandInfo(name: "jump", aliases: ["j"], arguments: "STEP|+n|-n|end|end-n|MARK",
                        summary: "Go to a step, n steps forward or back from here, the last step (end) or n before it (end-n), or a mark.",
                        completes: .mark),
        ReplCommandInfo(name: "first", aliases: [], arguments: "", summary: "Go to the initial state."),
        ReplCommandInfo(name: "last", aliases: [], arguments: "", summary: "Go to the last step of the branch."),
        ReplCommandInfo(name: "undo", aliases: [], arguments: "[n]",
                        summary: "Go back to where the cursor was before the last n moves (a dispatch is a move)."),
        ReplCommandInfo(name: "redo", aliases: [], arguments: "[n]", summary: "Repeat n moves that undo took back."),
        ReplCommandInfo(name: "state", aliases: ["s"], arguments: "[PATH]", summary: "Print the state, or the values PATH selects.",
                        completes: .path),
        ReplCommandInfo(name: "action", aliases: ["a"], arguments: "[STEP]", summary: "Print the action of this step (or STEP)."),
        ReplCommandInfo(name: "diff", aliases: ["d"], arguments: "[A [B]]",
                        summary: "The diff this step made; from A to here; or from A to B."),
        ReplCommandInfo(name: "log", aliases: ["l"], arguments: "[A B]", summary: "List actions around the cursor, or from A to B."),
        ReplCommandInfo(name: "find", aliases: [], arguments: "PATTERN",
                        summary: "List steps whose action type matches a glob (bank.*) or whose label contains text."),
        ReplCommandInfo(name: "watch", aliases: [], arguments: "PATH", summary: "Print PATH's value after each move that changes it (watch alone prints every watched value).",
                        completes: .path),
        ReplCommandInfo(name: "unwatch", aliases: [], arguments: "[PATH]", summary: "Stop watching PATH (or everything).",
                        completes: .path),
        ReplCommandInfo(name: "changes", aliases: [], arguments: "PATH", summary: "List the steps that changed PATH.",
                        completes: .path),
        ReplCommandInfo(name: "bisect", aliases: [], arguments: "PREDICATE",
                        summary: "Go to the first step where PREDICATE holds, e.g. .accounts.jenny < 0.", completes: .predicate),
        ReplCommandInfo(name: "replay", aliases: [], arguments: "[--verify]",
                        summary: "Print the steps after the cursor; --verify replays the recording through the current reducer."),
        ReplCommandInfo(name: "dispatch", aliases: [], arguments: "JSON",
                        summary: "Run an action through the reducer here; in the past this starts a new branch."),
        ReplCommandInfo(name: "branches", aliases: [], arguments: "", summary: "List the branches (* marks the current one) and where the recorded app travelled in time."),
        ReplCommandInfo(name: "checkout", aliases: [], arguments: "BRANCH", summary: "Go to the last step of another branch.",
                        completes: .branch),
        ReplCommandInfo(name: "minimize", aliases: [], arguments: "PREDICATE -o FILE [--force]",
                        summary: "Write the smallest recording whose replay still makes PREDICATE hold.", completes: .predicate),
        ReplCommandInfo(name: "save", aliases: [], arguments: "FILE [--force]", summary: "Write the current branch as a new journal."),
        ReplCommandInfo(name: "mark", aliases: [], arguments: "NAME", summary: "Name the current position, for jump NAME."),
        ReplCommandInfo(name: "info", aliases: [], arguments: "", summary: "Describe the recording, the cursor, marks and watches."),
        ReplCommandInfo(name: "help", aliases: ["h", "?"], arguments: "[COMMAND]", summary: "List the commands, or describe one.",
                        completes: .command),
        ReplCommandInfo(name: "quit", aliases: ["q", "exit"], arguments: "", summary: "End the session (Ctrl-D does too)."),
    ]

    /// The command with this name or alias.
    public static func named(_ word: String) -> ReplCommandInfo? {
        all.first { $0.name == word || $0.aliases.contains(word) }
    }
}
