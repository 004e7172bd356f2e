import StateDebugger
import StateJSON
import StateQuery
import TerminalKit

/// `statedbg changes FILE PATH [--json]`: the steps that changed the values a path selects.
enum ChangesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "changes",
        abstract: "List the steps that changed the values a path selects, with old and new values.",
        discussion: """
            Each change is printed as soon as it is found, and a summary line follows. A path with \
            wildcards ([*], ..) names each selected path that changed. Steps whose patch cannot touch \
            PATH are passed over without rebuilding their state, so this is fast on long recordings. \
            Ctrl-C stops the search; the changes found so far stay printed.

            With --json each change is a JSON line, {"action":{"label","payload","type"},"changes":\
            [{"new":VALUE,"old":VALUE,"path":TEXT}…],"step":N}, where "old" or "new" is left out when the \
            value was absent; the last line is {"summary":{"changes":N,"firstStep":N,"lastStep":N,\
            "path":TEXT}}.

            $ statedbg changes Recordings/users-negative-age.jsonl '.users[4].age'
            step 22 users.addUser(name: "Donald Knuth", age: 90): (absent) → 90
            step 26 users.updateAge(id: 5, age: 82): 90 → 82
            step 31 users.updateAge(id: 5, age: 56): 82 → 56
            step 34 users.updateAge(id: 5, age: 52): 56 → 52
            step 37 users.updateAge(id: 5, age: 24): 52 → 24
            step 40 users.updateAge(id: 5, age: -1): 24 → -1
            .users[4].age changed at 6 of steps 1 to 60.
            """,
        arguments: [.file, ArgumentSpec("path", help: "A jq-like path such as .jenny or .users[*].age.")],
        options: [.flag("json", help: "Print JSON lines.")],
        exitStatuses: [.init(.success, "The list was printed (possibly empty).")] + CommandSpec.StatusNote.reading + [.interrupted])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let file = arguments.string("file") ?? ""
        let search = try context.journalSearch(file)
        let source = search == nil ? try context.open(file) : nil
        let path = try context.path(arguments.string("path") ?? "")
        let output = context.output
        let namesPaths = !path.selectsAtMostOneValue
        let json = arguments.flag("json")
        // A long search shows what it has found as it goes, in the lines of the finished report; a
        // journal is read in one pass and the changes are not kept.
        let print = { (change: ValueChange) in
            output.print(json ? Self.json(change).canonicalText : change.rendered(namingPaths: namesPaths))
            output.flush()
        }
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            if let search {
                return try search.changes(of: path, isCancelled: context.isCancelled, found: print)
            }
            return try RecordingQuery(source: source.unsafelyUnwrapped).changes(of: path, isCancelled: context.isCancelled, found: print)
        }
        if report.cancelled { throw CommandFailure(.interrupted, report.summary) }
        if json {
            let summary: JSONValue = [
                "path": .string(report.path.description),
                "changes": .integer(Int64(report.changeCount)),
                "firstStep": .integer(Int64(report.steps.lowerBound)),
                "lastStep": .integer(Int64(report.steps.upperBound - 1)),
            ]
            output.print(JSONValue.object(["summary": summary]).canonicalText)
        } else {
            output.print(report.summary)
        }
        return .success
    }

    /// One change as a `--json` line.
    static func json(_ change: ValueChange) -> JSONValue {
        let locations: [JSONValue] = change.locations.map { location in
            var members: [(String, JSONValue)] = [("path", .string(JSONPath(pointer: location.pointer).description))]
            if let old = location.old { members.append(("old", old)) }
            if let new = location.new { members.append(("new", new)) }
            return .object(JSONObject(members))
        }
        return ["step": .integer(Int64(change.step)), "action": change.action.jsonValue, "changes": .array(locations)]
    }
}
