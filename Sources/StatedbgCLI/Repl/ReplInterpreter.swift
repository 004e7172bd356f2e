import StateDebugger
import StateJSON
import StateJournal
import StateQuery
import StateRecorder
import TerminalKit

/// The REPL's command language over a debugging ``Session``: one line in, text out, no terminal.
///
/// The terminal loop (``ReplLoop``) reads lines and prints replies; tests call ``execute(_:)`` directly.
/// Each command is a ``ReplCommandProtocol`` type declared with the same ``CommandSpec`` as `statedbg`'s
/// subcommands, so parsing, usage errors and `help` come from one declaration. A unique prefix of a
/// command's name runs it. A mistyped or failing command never ends the session; only `quit` does (see
/// ``isFinished``).
///
/// ```swift
/// let interpreter = ReplInterpreter(session: Session(source: try RecordingLoader.open(path: "counter.jsonl")))
/// print(interpreter.execute("next 2").text)
/// print(interpreter.prompt)
/// ```
/// ```text
/// step 2  counter.add(2)
///     {
///   -   "count": 1,
///   +   "count": 3,
///       "notes": []
///     }
/// (statedbg 2/5)
/// ```
package final class ReplInterpreter {
    /// The session the commands act on.
    package let session: Session
    /// Whether diffs carry ANSI colours.
    package var colour: Bool
    /// Whether Enter on an empty line repeats the last stepping command (`next`, `back`, `continue`, …),
    /// as in gdb. The terminal loop turns it on for a person at a terminal; scripts keep blank lines inert.
    package var repeatsOnEmptyLine = false
    /// Whether `quit` was given.
    package private(set) var isFinished = false
    /// Named positions, from `mark`.
    package private(set) var marks: [String: TimelinePosition] = [:]
    /// Breakpoints and watchpoints, by number.
    var breakpoints = BreakpointTable()
    /// The commands this interpreter knows, in the order `help` lists them.
    let commands: [any ReplCommandProtocol.Type]
    /// The last stepping command run, for Enter on an empty line.
    private var lastStepping: String?
    /// The last step of each branch when it was last saved, for ``unsavedBranches``.
    private var savedThrough: [String: Int] = [:]

    /// News printed before each command's reply: what `statedbg attach` and `repl --follow` add (see
    /// ``ReplNewsSource``).
    var news: (any ReplNewsSource)?
    /// The running app the `app …` commands act on, when attached.
    var app: AttachedApp?

    let isCancelled: @Sendable () -> Bool
    var timeline: Timeline { session.timeline }
    var printer: StepPrinter { StepPrinter(colour: colour, notes: notes) }
    /// The `Date` notes of the recording's states, from the schema in its header.
    private(set) lazy var notes = JSONValueNotes(stateSchema: session.source.info.schema["state"] ?? .null)

    /// The paths whose values are printed after a move that changed them, in the order they were added.
    package var watches: [String] { breakpoints.watchedPaths }

    /// An interpreter over `session`.
    ///
    /// - Parameter isCancelled: Polled by long commands (replay, bisect, changes, continue); `true` stops them.
    package convenience init(session: Session, colour: Bool = false, isCancelled: @escaping @Sendable () -> Bool = { false }) {
        self.init(session: session, colour: colour, isCancelled: isCancelled, commands: Self.builtInCommands)
    }

    /// An interpreter with its own list of commands (a live session adds the ones that act on the app).
    init(session: Session, colour: Bool, isCancelled: @escaping @Sendable () -> Bool, commands: [any ReplCommandProtocol.Type]) {
        self.session = session
        self.colour = colour
        self.isCancelled = isCancelled
        self.commands = commands
    }

    /// Every command of a session on a file, in the order `help` lists them.
    static let builtInCommands: [any ReplCommandProtocol.Type] = [
        ReplNext.self, ReplBack.self, ReplJump.self, ReplFirst.self, ReplLast.self, ReplUndo.self, ReplRedo.self,
        ReplContinue.self, ReplReverseContinue.self, ReplBreak.self, ReplWatch.self, ReplUnwatch.self,
        ReplDelete.self, ReplDisable.self, ReplEnable.self,
        ReplState.self, ReplAction.self, ReplDiff.self, ReplLog.self, ReplFind.self, ReplChanges.self, ReplBisect.self,
        ReplReplay.self, ReplDispatch.self, ReplSkip.self, ReplBranches.self, ReplCheckout.self, ReplMinimize.self,
        ReplSave.self, ReplMark.self, ReplInfo.self, ReplHelp.self, ReplQuit.self,
    ]

    /// The commands that act on an attached app, named `app VERB`; only `statedbg attach` offers them,
    /// so `help` lists them only there.
    static let appCommands: [any ReplCommandProtocol.Type] = [
        ReplAppStatus.self, ReplAppJump.self, ReplAppUndo.self, ReplAppRedo.self, ReplAppDispatch.self,
        ReplAppMark.self, ReplAppPause.self, ReplAppResume.self, ReplAppSnapshot.self, ReplAppJournal.self,
    ]

    /// `(statedbg 12/340) ` on the recording's branch, `(statedbg branch-1 13/13) ` on another.
    package var prompt: String {
        let position = timeline.position
        let branch = position.branch == Timeline.mainBranch ? "" : position.branch + " "
        return "(statedbg \(branch)\(position.step)/\(timeline.lastStep)) "
    }

    /// One line describing the recording and which of dispatch, verify, skip and minimize work for it
    /// (``StateDebugger/RecordingAbilities``), printed when an interactive session starts.
    package var banner: String {
        let source = session.source
        return "\(source.name): app \(source.info.app), steps \(source.baseStep) to \(source.lastStep); "
            + "\(session.abilities().summary()). Type 'help' for the commands."
    }

    /// For a session on a running app (`statedbg attach` sets it), whether the app's recorder can set its
    /// state, so that `app jump`, `app undo` and `app redo` work; `nil` on a file. `info` says so.
    var appTravels: Bool?

    /// The branches made in this session whose steps are not all saved, as `branch-1 (2 new steps)`.
    package var unsavedBranches: [String] {
        timeline.branches.compactMap { branch in
            guard !branch.newSteps.isEmpty, (savedThrough[branch.name] ?? Int.min) < branch.lastStep else { return nil }
            let count = branch.newSteps.count
            return "\(branch.name) (\(count) new step\(count == 1 ? "" : "s"))"
        }
    }

    /// Runs one line. Lines starting with `#` do nothing; so do blank lines, unless ``repeatsOnEmptyLine``
    /// is set and a stepping command ran before.
    package func execute(_ line: String) -> ReplReply {
        guard let source = news else { return executeOwn(line) }
        let news = source.news()
        countTrapsMet()
        var reply = executeOwn(line)
        // An `app` command takes the news that arrived while it waited, trap notices included.
        countTrapsMet()
        if !news.isEmpty { reply.text = reply.text.isEmpty ? news : news + "\n" + reply.text }
        return reply
    }

    /// Counts each trap the attached app met, stopped in a debugger or skipped, as a hit of its
    /// breakpoint, as `continue` counts a stop.
    private func countTrapsMet() {
        guard let app else { return }
        for number in app.takeTrapsMet() { breakpoints.countHit(number) }
    }

    private func executeOwn(_ line: String) -> ReplReply {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let first = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else {
            if line.isEmpty, repeatsOnEmptyLine, let last = lastStepping { return execute(last) }
            return ReplReply()
        }
        guard !first.hasPrefix("#") else { return ReplReply() }
        var word = String(first)
        // Tab completion leaves a space after a completed word; it is not part of a path or predicate.
        var rest = String(String(trimmed.dropFirst(first.count).drop { $0 == " " || $0 == "\t" })
            .reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        do {
            if !group(word).isEmpty {
                // `app jump 3`: a command of a group is named by two words; a bare `app` is `app status`.
                let verb = rest.prefix { $0 != " " && $0 != "\t" }
                rest = String(rest.dropFirst(verb.count).drop { $0 == " " || $0 == "\t" })
                if verb == "help" { return ReplReply(text: ReplHelp.list(group(word))) }
                word += " " + (verb.isEmpty ? "status" : verb)
            }
            let command = try resolve(word)
            let info = command.info
            if info.isStepping { lastStepping = line }
            guard let input = try parse(rest, for: info) else { return ReplReply(text: info.help) }
            return ReplReply(text: try command.run(input, in: self))
        } catch {
            return ReplReply(text: error.output, error: error.message)
        }
    }

    /// The command a word names: its name, an alias, or a prefix of exactly one name.
    func resolve(_ word: String) throws(CommandFailure) -> any ReplCommandProtocol.Type {
        if let command = commands.first(where: { $0.info.name == word || $0.info.aliases.contains(word) }) {
            return command
        }
        let matches = commands.filter { $0.info.name.hasPrefix(word) }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            let names = matches.map { $0.info.name }
            throw CommandFailure(.usage, "'\(word)' is ambiguous; it could be \(names.dropLast().joined(separator: ", ")) or \(names[names.count - 1]).")
        }
        if let space = word.firstIndex(of: " ") {
            let group = String(word[..<space])
            let verbs = self.group(group).map { $0.name.dropFirst(group.count + 1) }
            throw CommandFailure(.usage, "unknown \(group) command '\(word[word.index(after: space)...])'; \(group) commands: \(verbs.joined(separator: ", ")) (see '\(group) help').")
        }
        let names = commands.flatMap { [$0.info.name] + $0.info.aliases.filter { $0.count > 1 } }
        let suggestion = Suggestion.closest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? "; type 'help' for the commands."
        throw CommandFailure(.usage, "unknown command '\(word)'\(suggestion)")
    }

    /// The commands named `word VERB` (`app status`, `app jump`, …), in `help`'s order; empty when `word`
    /// names no group.
    func group(_ word: String) -> [ReplCommandInfo] {
        commands.map { $0.info }.filter { $0.name.hasPrefix(word + " ") }
    }

    /// The app `statedbg attach` connected to; a failure saying so in a session on a file.
    func attachedApp() throws(CommandFailure) -> AttachedApp {
        guard let app else { throw CommandFailure(.usage, "The app commands need a running app: use 'statedbg attach' or 'statedbg listen'.") }
        return app
    }

    /// The command's values, or `nil` when the line asks for its help.
    private func parse(_ rest: String, for info: ReplCommandInfo) throws(CommandFailure) -> ReplInput? {
        if rest == "--help" || rest == "-h" { return nil }
        if info.takesText {
            var values: [String: [String]] = [:]
            if let argument = info.spec.arguments.last, !rest.isEmpty { values[argument.name] = [rest] }
            if let argument = info.spec.arguments.last, !argument.isOptional, rest.isEmpty {
                throw usageError(.missingArgument("<\(argument.name)>"), info)
            }
            return ReplInput(arguments: ParsedArguments(commandPath: [info.name], command: info.spec, values: values, usage: info.usage),
                             text: rest)
        }
        let words: [String]
        do {
            words = try ShellWords.split(rest)
        } catch {
            throw CommandFailure(.usage, "\(error)")
        }
        let outcome: CommandLineParser.Outcome
        do {
            outcome = try CommandLineParser(root: info.spec).parse(words)
        } catch {
            throw usageError(error.error, info)
        }
        guard case .command(let arguments) = outcome else { return nil }
        return ReplInput(arguments: arguments, text: rest)
    }

    /// A usage error in the command line's layout: the error, the usage line, where help is.
    func usageError(_ error: UsageError, _ info: ReplCommandInfo) -> CommandFailure {
        CommandFailure(.usage, "\(error)\nUsage: \(info.usage)\n  See 'help \(info.name)' for more information.")
    }

    // MARK: - State the commands share

    /// Ends the session (after `quit`).
    func finish() {
        isFinished = true
    }

    /// Takes back a `quit` the person did not confirm.
    func resume() {
        isFinished = false
    }

    func setMark(_ name: String, at position: TimelinePosition) {
        marks[name] = position
    }

    /// Notes that `branch` was saved through its current last step.
    func noteSaved(_ branch: Branch) {
        savedThrough[branch.name] = branch.lastStep
    }

    // MARK: - Completion

    /// Tab completion: command names for the first word, then state paths, branch names, marks or
    /// command names, as the command takes them. Candidates are whole words.
    package func completions(line: String, cursor: Int) -> [String] {
        let before = String(line.prefix(cursor))
        let endsWithSpace = before.last.map { $0 == " " || $0 == "\t" } ?? false
        let parts = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let word = endsWithSpace ? "" : parts.last ?? ""
        let names = commands.map { $0.info.name }
        guard parts.count > 1 || (parts.count == 1 && endsWithSpace) else {
            return names.filter { $0.hasPrefix(word) }
        }
        guard let command = try? resolve(parts[0]) else { return [] }
        switch command.info.completes {
        case .nothing:
            return []
        case .command:
            return names.filter { $0.hasPrefix(word) }
        case .branch:
            return timeline.branches.map(\.name).filter { $0.hasPrefix(word) }
        case .mark:
            return markNames.filter { $0.hasPrefix(word) }
        case .words(let words):
            return parts.count == 1 || (parts.count == 2 && !endsWithSpace) ? words.filter { $0.hasPrefix(word) } : []
        case .breakCondition:
            if parts.count == 1 || (parts.count == 2 && !endsWithSpace) { return ["action", "when"].filter { $0.hasPrefix(word) } }
            if parts[1] == "action" {
                guard case .object(let schema) = session.source.info.schema, case .object(let actions)? = schema["actions"] else { return [] }
                return actions.keys.sorted().filter { $0.hasPrefix(word) }
            }
            let partial = word.isEmpty ? "." : word
            guard partial.hasPrefix("."), let state = try? timeline.currentState() else { return [] }
            return JSONPath.completions(for: partial, in: state)
        case .path, .predicate:
            let partial = word.isEmpty ? "." : word
            guard partial.hasPrefix("."), let state = try? timeline.currentState() else { return [] }
            return JSONPath.completions(for: partial, in: state)
        }
    }
}
