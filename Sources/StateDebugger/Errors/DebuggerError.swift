import StateJSON
import StateJournal
import StateQuery
import StateRecorder

/// Why a debugger operation failed, with the file, line and step a person needs to find the cause.
///
/// Every description is one sentence that starts with the location when there is one:
///
/// ```text
/// bank.jsonl:14: unknown action type "bank.refund" at step 13; the current code knows: bank.deposit, bank.pay.
/// ```
///
/// ``category`` says which exit status the command line should use.
public enum DebuggerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad class of failure, which decides the exit status.
    public enum Category: Sendable, Equatable {
        /// A check failed: a divergence, a predicate that never held (exit status 1).
        case checkFailed
        /// A bad argument: a predicate, path, step or branch that does not parse or exist (exit status 64).
        case usage
        /// The input's contents are malformed (exit status 65).
        case malformed
        /// The input is missing or unreadable (exit status 66).
        case noInput
        /// The output cannot be created, for instance because it exists (exit status 73).
        case cannotCreate
        /// Reading or writing failed (exit status 74).
        case ioError
        /// The user stopped the operation (exit status 130, as after Ctrl-C).
        case cancelled
        /// The app's code is wrong, not the input: its migrations cannot work as declared (exit status 70).
        case internalError

        /// The sysexits-style status for this category.
        public var exitStatus: Int32 {
            switch self {
            case .checkFailed: 1
            case .usage: 64
            case .malformed: 65
            case .noInput: 66
            case .cannotCreate: 73
            case .ioError: 74
            case .cancelled: 130
            case .internalError: 70
            }
        }
    }

    /// A journal could not be read or written.
    case journal(JournalError)
    /// A file is neither a statedbg journal nor a Redux DevTools export.
    case unrecognizedFormat(path: String, reason: String)
    /// A Redux DevTools export is missing something or has the wrong shape.
    case malformedImport(path: String, reason: String)
    /// A step number outside the recording.
    case noSuchStep(Int, source: String, range: ClosedRange<Int>)
    /// The recording has an action whose type the current code does not know.
    case unknownActionType(String, step: Int, line: Int?, source: String, known: String)
    /// An action or state could not be replayed through the current code.
    case replayFailed(ReplayError, step: Int, line: Int?, source: String)
    /// A recording cannot be read through its app's migrations: one failed on a value of step `step`
    /// (`nil` for the initial state, or when the app's migrations cannot work as declared).
    case migration(MigrationError, step: Int?, line: Int?, source: String)
    /// An action typed by the user (the REPL's `dispatch`) is not one the app's action type can decode.
    case badAction(ReplayError)
    /// A predicate does not parse.
    case badPredicate(PredicateParseError)
    /// A JSONPath does not parse.
    case badPath(JSONPathParseError, text: String)
    /// The operation needs the app's reducer, but none is registered for the recording's app.
    case noApp(String, known: [String])
    /// A branch name that does not exist.
    case noSuchBranch(String, known: [String])
    /// A branch name that is already taken.
    case branchExists(String)
    /// A file exists where a new one would be written.
    case fileExists(path: String)
    /// An output file cannot be created or written.
    case output(OutputFileError)
    /// The predicate never holds, so there is nothing to minimize.
    case predicateNeverHolds(String, source: String)
    /// The recording does not hold this step's state: a Redux DevTools Export file holds the actions
    /// and the state before them only.
    case stateNotExported(step: Int, source: String)
    /// A path selects nothing in any step of the recording (most often a mistyped key); `hint` says
    /// what exists near it: `did you mean .accounts.jenny?`, or how many elements the arrays it indexes hold.
    case pathSelectsNothing(path: String, hint: String?, source: String)
    /// The operation was cancelled through its `isCancelled` hook.
    case cancelled(String)
    /// No step of the recording can be replayed through the reducer (every action was recorded without
    /// `Codable`, or replaces the state), so an operation that replays (`minimize`, `export --test`)
    /// has nothing to work on; `consequence` says what that means for it.
    case nothingReplayable(source: String, steps: Int, notReplayed: NotReplayedActions?, consequence: String)

    /// The broad class of failure.
    public var category: Category {
        switch self {
        case .journal(let error):
            switch error.category {
            case .noInput: .noInput
            case .malformed: .malformed
            case .ioError: .ioError
            case .refused: .cannotCreate
            }
        case .migration(let error, _, _, _):
            // A step that fails on a value is the recording's; a declaration that cannot work is the app's.
            if case .stepFailed = error.code { .malformed } else { .internalError }
        case .unrecognizedFormat, .malformedImport, .unknownActionType, .replayFailed, .stateNotExported, .nothingReplayable: .malformed
        case .noSuchStep, .badAction, .badPredicate, .badPath, .noApp, .noSuchBranch, .branchExists, .pathSelectsNothing: .usage
        case .fileExists: .cannotCreate
        case .output(let error): error.isIOError ? .ioError : .cannotCreate
        case .predicateNeverHolds: .checkFailed
        case .cancelled: .cancelled
        }
    }

    /// The exit status the command line uses for this error.
    public var exitStatus: Int32 { category.exitStatus }

    /// The error as a sentence that starts with the file (and line, when known), saying what to do.
    public var description: String {
        switch self {
        case .journal(let error):
            return error.description
        case .unrecognizedFormat(let path, let reason):
            return "\(path): \(reason); statedbg reads its own journals (a JSON-lines file whose first line is a header) and Redux DevTools exports."
        case .malformedImport(let path, let reason):
            return "\(path): this Redux DevTools export \(reason)."
        case .noSuchStep(let step, let source, let range):
            return "\(source): there is no step \(step); the steps are \(range.lowerBound) to \(range.upperBound)."
        case .unknownActionType(let type, let step, let line, let source, let known):
            return "\(Self.location(source, line)): unknown action type \"\(type)\" at step \(step); the current code knows: \(known)."
        case .replayFailed(let error, let step, let line, let source):
            return "\(Self.location(source, line)): step \(step) cannot be replayed: \(error.description.withoutFinalPeriod)."
        case .migration(let error, let step, let line, let source):
            let what = step.map { "step \($0) cannot be migrated" } ?? "the recording cannot be migrated"
            return "\(Self.location(source, line)): \(what): \(error.description.withoutFinalPeriod)."
        case .badAction(let error):
            return "\(error.description.withoutFinalPeriod)."
        case .badPredicate(let error):
            return "The predicate \(error.source) is not valid at column \(error.column): \(error.message)."
        case .badPath(let error, let text):
            return "The path \(text) is not valid at column \(error.column): \(error.message)."
        case .noApp(let app, let known):
            let list = known.isEmpty ? "it knows no apps" : "it knows \(known.joined(separator: ", "))"
            return "This needs the reducer of the app \"\(app)\", which this statedbg does not know (\(list)); "
                + "to replay your own app, build a statedbg of your own that registers it: a few lines that call "
                + "Statedbg.main(apps:), shown in README.md under \"Your own statedbg\". "
                + "Snapshot commands (show, diff, log, changes, bisect, check) work without it."
        case .noSuchBranch(let name, let known):
            return "There is no branch \"\(name)\"; the branches are \(known.joined(separator: ", "))."
        case .branchExists(let name):
            return "A branch named \"\(name)\" already exists; choose another name."
        case .fileExists(let path):
            return "\(path): the file already exists; choose another name or pass --force to replace it."
        case .output(let error):
            return error.description
        case .predicateNeverHolds(let predicate, let source):
            return "\(source): the predicate \(predicate) never holds when the whole recording is replayed, so there is nothing to minimize."
        case .stateNotExported(let step, let source):
            let what = step == 0 ? "the state before the first action (preloadedState)" : "the state after step \(step)"
            return "\(source): \(what) was not exported: this Redux DevTools Export file holds the actions\(step == 0 ? " only" : " and the state before them only"); replaying it through your app's reducer (`statedbg replay FILE --verify` with the app registered) computes the states, or export the lifted state from DevTools to keep them."
        case .pathSelectsNothing(let path, let hint, let source):
            return "\(source): \(path) selects nothing in any step of the recording" + (hint.map { "; \($0)" } ?? ", and nothing near it exists either.")
        case .cancelled(let what):
            return "The \(what) was cancelled before it finished."
        case .nothingReplayable(let source, let steps, let notReplayed, let consequence):
            let why = notReplayed.map { ($0.groups.count == 1 ? "the action \($0.list) was" : "the actions \($0.list) were") + " recorded without Codable; \($0.remedy)" }
                ?? "every step replaces the state from outside the reducer (\(ReservedActionTag.replaceState))"
            return "\(source): none of its \(steps) step\(steps == 1 ? "" : "s") can be replayed through the reducer, so \(consequence): \(why)."
        }
    }

    private static func location(_ source: String, _ line: Int?) -> String {
        line.map { "\(source):\($0)" } ?? source
    }
}
