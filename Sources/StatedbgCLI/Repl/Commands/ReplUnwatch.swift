import TerminalKit

/// `unwatch [PATH]`: remove a watchpoint by its path, or all of them.
enum ReplUnwatch: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "unwatch", abstract: "Stop watching PATH (or everything).",
                    arguments: [ArgumentSpec("path", help: "A watched path.", isOptional: true)]),
        completes: .path, takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        guard !input.text.isEmpty else {
            let count = repl.watches.count
            repl.breakpoints.removeAll(where: \.isWatch)
            return "stopped watching \(count) path\(count == 1 ? "" : "s")"
        }
        let text = try repl.parsePath(input.text).description
        guard let watch = repl.breakpoints.watch(on: text) else {
            let watched = repl.watches
            throw CommandFailure(.usage, "\(text) is not watched; the watched paths are \(watched.isEmpty ? "none" : watched.joined(separator: ", ")).")
        }
        _ = repl.breakpoints.remove(watch.number)
        return "stopped watching \(text)"
    }
}
