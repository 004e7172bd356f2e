import StateDebugger
import StateJSON
import StateRecorder

/// Replays a recording through `app`'s current reducer and records a test failure at the first step
/// whose state differs from the recorded one — in Swift Testing or XCTest, whichever runs the test.
///
/// One line turns a recording into a regression test:
///
/// ```swift
/// @Test func overdraftStaysFixed() {
///     assertReplay("Recordings/bank-overdraft.jsonl", app: BankApp.app)
/// }
/// ```
///
/// When a reducer change alters step 37, the failure points at the `assertReplay` line:
///
/// ```text
/// step 37 bank.pay(from: jenny, amount: 120): state differs from the recording (Recorded: -, Actual: +)
///   {
///     "accounts": [
///       … (1 unchanged),
///       {
/// -       "balance": -20,
/// +       "balance": 100,
///         "name": "jenny"
///       }
///     ]
///   }
/// ```
///
/// Nothing is thrown: a missing file, an unknown action, an incompatible schema or a recording made by
/// another app is a failure with a message saying so. A risky schema (only additions) is a warning.
///
/// A step whose action was recorded without `Codable` cannot be replayed: the replay takes its recorded
/// state, and a warning names each such action with its steps and the fix. A recording none of whose
/// steps can be replayed fails, since the replay checked nothing; with `strict`, so does one where any
/// step was not replayed.
///
/// - Parameters:
///   - recording: The journal's path; a relative path is resolved against the package root (found
///     from `filePath`), so the test passes whatever the working directory.
///   - app: The app whose current code replays the recording.
///   - invariants: Properties checked on the initial state and after every step; the first step
///     that breaks one fails, with its action and state.
///   - strict: Whether a step that could not be replayed fails the test, rather than being a warning.
///   - fileID: The test file's `#fileID`, where a failure is recorded.
///   - filePath: The test file's `#filePath`, where a failure is recorded and the package root is found from.
///   - line: The line a failure is recorded at.
///   - column: The column a failure is recorded at.
/// - Returns: What the replay found, for further assertions.
@discardableResult
public func assertReplay<State, Action>(
    _ recording: String,
    app: RecordableApp<State, Action>,
    invariants: [Invariant<State>] = [],
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> ReplayResult {
    let result = RecordingReplay.run(recording: recording, app: app, invariants: invariants, strict: strict, filePath: "\(filePath)")
    let reporter = TestFailureReporter(fileID: fileID, filePath: filePath, line: line, column: column)
    report(result, prefix: "", to: reporter)
    return result
}

/// Replays a recording through the reducer of an app with a store of its own, as
/// ``assertReplay(_:app:invariants:strict:fileID:filePath:line:column:)-(_,RecordableApp<State,Action>,_,_,_,_,_,_)``
/// does for a `RecordableApp`: every action decoded through the app's action registry and run through
/// its reducer, every state compared.
///
/// ```swift
/// @Test func theNegativeAgeRecordingStillReplays() {
///     assertReplay("Recordings/users-reswift.jsonl", app: UsersApp.definition)
/// }
/// ```
///
/// Only the actions whose types are `Codable` and registered can be replayed; the steps of the others
/// take their recorded states, and a warning says which (a failure with `strict`). A recording none of
/// whose steps can be replayed fails.
@discardableResult
public func assertReplay<State, Action>(
    _ recording: String,
    app: AppDefinition<State, Action>,
    invariants: [Invariant<State>] = [],
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> ReplayResult {
    let result = RecordingReplay.run(recording: recording, app: app, invariants: invariants, strict: strict, filePath: "\(filePath)")
    let reporter = TestFailureReporter(fileID: fileID, filePath: filePath, line: line, column: column)
    report(result, prefix: "", to: reporter)
    return result
}

/// Replays every `.jsonl` recording in a folder (recursively), each through the app its header names,
/// with one test failure per bad recording, each starting with the recording's path.
///
/// A recording whose app is not in `apps` fails (it is not skipped): otherwise a recording nobody
/// checks would pass silently. An empty or missing folder fails once.
///
/// ```swift
/// @Test func everyRecordingStillReplays() {
///     assertReplayAll(in: "Recordings", apps: [BankApp.app, CounterApp.app])
/// }
/// ```
/// ```text
/// Recordings/bank-overdraft.jsonl: step 37 bank.pay(from: jenny, amount: 120): state differs from the recording (Recorded: -, Actual: +)
/// …
/// ```
///
/// - Parameters:
///   - folder: Resolved like a recording path, against the package root.
///   - apps: The apps that made the recordings.
///   - invariants: `StatePredicate` texts that must hold at every step of every recording.
///   - fileID: The test file's `#fileID`, where a failure is recorded.
///   - filePath: The test file's `#filePath`, where a failure is recorded and the package root is found from.
///   - line: The line a failure is recorded at.
///   - column: The column a failure is recorded at.
/// - Returns: One result per recording, in path order.
@discardableResult
public func assertReplayAll(
    in folder: String,
    apps: [any RegisteredApp],
    invariants: [String] = [],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> [ReplayResult] {
    let results = RecordingReplay.runAll(in: folder, apps: apps, invariants: invariants, filePath: "\(filePath)")
    let reporter = TestFailureReporter(fileID: fileID, filePath: filePath, line: line, column: column)
    for result in results {
        report(result, prefix: "\(result.recording): ", to: reporter)
    }
    return results
}

private func report(_ result: ReplayResult, prefix: String, to reporter: TestFailureReporter) {
    for note in result.notes {
        reporter.note(prefix + note)
    }
    if let failure = result.failure {
        // A folder-level failure already names the folder.
        if case .noRecordings = failure {
            reporter.fail(failure.description)
        } else {
            reporter.fail(prefix + failure.description)
        }
    }
}
