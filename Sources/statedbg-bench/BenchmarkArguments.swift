/// The command line: `statedbg-bench [--quick] [--json [FILE]] [--only GROUPS]` or
/// `statedbg-bench --markdown-table REPORT`, plus the hidden `--probe` mode in which
/// the benchmark runs one memory measurement in a fresh process of its own.
struct BenchmarkArguments: Equatable {
    /// Run every scenario at CI size.
    var quick = false
    /// Write the JSON report: to this file, or to stdout after the table when the value is `"-"`.
    var json: String?
    /// `--markdown-table REPORT`: print the Markdown table of a saved JSON report instead of running.
    var markdownTable: String?
    /// `--probe [--users N] KIND …`: the arguments of a memory probe.
    var probe: [String]?
    /// Users in the large state (only probes take it; the scale fixes it otherwise).
    var users: Int?
    var help = false
    /// The scenario groups to run (`--only dispatch,json`); every group when empty. Reading and queries
    /// bring the recording group with them, since they read its journals.
    var only: Set<String> = []

    /// The scenario groups, in the order they run.
    static let groups = ["dispatch", "json", "diff", "overhead", "flight", "recording", "reading", "queries", "scaling", "live", "commands"]

    static let usage = """
        OVERVIEW: Measures statedbg against in-run baselines and reports medians, spreads and ratios.

        USAGE: statedbg-bench [--quick] [--json [<file>]] [--only <groups>]
               statedbg-bench --markdown-table <report>

        OPTIONS:
          --quick                 Run every scenario at a size small enough for CI (under a minute).
          --json [<file>]         Also write the machine-readable report, to <file> or (without one) to
                                  standard output after the table.
          --only <groups>         Run only these comma-separated groups: dispatch, json, diff,
                                  overhead, flight, recording, reading, queries, scaling, live,
                                  commands
                                  (reading and queries also run recording; commands spawns the
                                  statedbg built beside the benchmark).
          --markdown-table <report>
                                  Run nothing; print the Markdown table of a JSON report written by
                                  --json, as the documentation's performance article shows it.
          -h, --help              Show help information.

        EXIT STATUS:
          0 the run completed (missed targets are reported, not failed), 64 usage error,
          65 --markdown-table was given something that is not a report, 70 a scenario computed a
          wrong result (a journal that does not read back), 74 I/O error.
        """

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        if remaining.first == "--probe" {
            remaining.removeFirst()
            if remaining.first == "--users", remaining.count >= 2 {
                users = Int(remaining[remaining.index(after: remaining.startIndex)])
                remaining.removeFirst(2)
            }
            probe = Array(remaining)
            return
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                quick = true
            case "--json":
                if let file = remaining.first, !file.hasPrefix("-") || file == "-" {
                    json = file
                    remaining.removeFirst()
                } else {
                    json = "-"
                }
            case "--markdown-table":
                guard let file = remaining.popFirst() else { throw BenchmarkError.usage("--markdown-table needs a report file.") }
                markdownTable = file
            case "--only":
                guard let list = remaining.popFirst() else { throw BenchmarkError.usage("--only needs a list of groups.") }
                for group in list.split(separator: ",").map(String.init) {
                    guard Self.groups.contains(group) else {
                        throw BenchmarkError.usage("unknown group \"\(group)\"; the groups are \(Self.groups.joined(separator: ", ")).")
                    }
                    only.insert(group)
                }
            case "-h", "--help":
                help = true
            default:
                throw BenchmarkError.usage("unknown argument \"\(argument)\"; see --help.")
            }
        }
    }
}

extension BenchmarkArguments {
    /// Whether to run `group`.
    func runs(_ group: String) -> Bool {
        if only.isEmpty || only.contains(group) { return true }
        return group == "recording" && (only.contains("reading") || only.contains("queries"))
    }
}
