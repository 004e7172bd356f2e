import StateDebugger
import StateJournal
import TerminalKit

/// Why a `statedbg` command stopped, with the exit status it ends with.
///
/// The message is one sentence, starting with the file and line when there is one; the command line
/// prints it after `statedbg: error: `.
///
/// ```swift
/// let failure = CommandFailure(.journal(JournalError(.noInput, path: "x.jsonl", "no such file.")))
/// print("statedbg: error: \(failure)")
/// ```
/// ```text
/// statedbg: error: x.jsonl: no such file.
/// ```
package struct CommandFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The exit status the command ends with.
    package var status: ExitStatus
    /// What went wrong, as a whole sentence.
    package var message: String
    /// Whether the message is a complete report that must not get the `statedbg: error: ` prefix,
    /// as for usage errors, which carry their own `statedbg: error:` line and show the usage line.
    package var isCompleteReport: Bool
    /// Results found before the command stopped (as when Ctrl-C cuts a search short), printed on
    /// standard output before the message; empty when there are none.
    package var output = ""

    /// A failure with an explicit status.
    package init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
        isCompleteReport = false
    }

    /// A mistake on the command line, reported with its usage line.
    package init(_ error: CommandLineError) {
        self.init(error.exitStatus, error.description)
        isCompleteReport = true
    }

    /// A failure of the debugger engine, with the status its category calls for.
    package init(_ error: DebuggerError) {
        var message = error.description
        if case .badPredicate(let parseError) = error {
            // The caret under the column says more than the column number alone.
            message = "The predicate is not valid at \(parseError)\n\(parseError.caretLine)"
        }
        self.init(ExitStatus(rawValue: error.exitStatus), message)
    }

    /// A failure to read or write a journal.
    package init(_ error: JournalError) {
        self.init(.journal(error))
    }

    /// The message.
    package var description: String { message }
}

extension CommandFailure {
    /// Runs an engine operation, turning its error into a command failure.
    ///
    /// ```swift
    /// let state = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: 3) }
    /// ```
    static func translating<T>(_ body: () throws(DebuggerError) -> T) throws(CommandFailure) -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(error)
        }
    }
}
