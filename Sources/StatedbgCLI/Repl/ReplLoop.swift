import StateDebugger
import TerminalKit

/// Feeds a ``ReplInterpreter`` lines from a person at a terminal, a pipe or a `-c` script, and prints
/// its replies.
///
/// At a terminal: a prompt showing the step, line editing, history kept between sessions, tab completion
/// of commands and state paths, Ctrl-C cancels a running command (and clears a line being typed), Ctrl-D
/// quits; errors print as `error: …`; Enter on an empty line repeats the last stepping command; leaving
/// with a branch that was never saved asks first. From a pipe or `-c`: no prompt, errors print as
/// `statedbg: error: line N: …` on standard error, the exit status is 1 when any command failed, and an
/// unsaved branch at the end only gets a warning on standard error (a script asked for what it did; the
/// status stays what the commands made it).
struct ReplLoop {
    let interpreter: ReplInterpreter
    let terminal: Terminal
    let interrupt: InterruptFlag?
    /// Whether each command is printed (after the prompt text) before its output, for transcripts.
    let echo: Bool

    private var output: TextOutput { terminal.output }

    /// Runs the commands of a `-c` argument.
    func run(script commands: [String]) -> ExitStatus {
        var failed = false
        for (index, command) in commands.enumerated() where !interpreter.isFinished && output.standardOutput.writeError == nil {
            if !execute(command, label: "command \(index + 1)") { failed = true }
        }
        warnAboutUnsavedBranches()
        return failed ? .checkFailed : .success
    }

    /// Reads commands from the terminal's input until `quit` or the end of input.
    func runInput() -> ExitStatus {
        let interactive = terminal.isInputInteractive
        var history = History(file: interactive ? ReplHistoryLocation.path(environment: terminal.environment) : nil, limit: 1000)
        if interactive {
            do {
                try history.load()
            } catch {
                output.printError("warning: \(error)")
            }
        }
        let interpreter = self.interpreter
        let editor = LineEditor(input: terminal.inputDescriptor, output: terminal.outputDescriptor, history: history) { line, cursor in
            interpreter.completions(line: line, cursor: cursor)
        }
        if interactive { output.print(interpreter.banner) }
        interpreter.repeatsOnEmptyLine = interactive
        var failed = false
        var lineNumber = 0
        var reportedHistoryError = false
        // Output that cannot be written ends the session; Statedbg.main reports why.
        reading: while !interpreter.isFinished, output.standardOutput.writeError == nil {
            output.flush()
            switch editor.readLine(prompt: interpreter.prompt) {
            case .line(let line):
                lineNumber += 1
                if !execute(line, label: interactive ? nil : "line \(lineNumber)") { failed = true }
                if let error = editor.historyError, !reportedHistoryError {
                    output.printError("warning: \(error)")
                    reportedHistoryError = true
                }
                if interpreter.isFinished, interactive, !confirmLeaving(editor) { interpreter.resume() }
            case .interrupted:
                continue
            case .endOfFile:
                if interactive, !confirmLeaving(editor) { continue }
                break reading
            }
        }
        if !interactive { warnAboutUnsavedBranches() }
        // A person saw each error as it happened; a script's caller learns of them from the status.
        return failed && !interactive ? .checkFailed : .success
    }

    /// Asks whether to leave when a branch is unsaved; `true` when there is none or the answer is yes
    /// (or input ends).
    private func confirmLeaving(_ editor: LineEditor) -> Bool {
        let unsaved = interpreter.unsavedBranches
        guard !unsaved.isEmpty else { return true }
        let which = unsaved.count == 1 ? "\(unsaved[0]) is" : "\(unsaved.joined(separator: ", ")) are"
        output.flush()
        switch editor.readLine(prompt: "\(which) not saved (save FILE writes one). Quit anyway? (y or n) ", remembering: false) {
        case .line(let answer):
            return answer.drop { $0 == " " }.lowercased().hasPrefix("y")
        case .endOfFile:
            return true
        case .interrupted:
            return false
        }
    }

    /// Tells a script's caller which branches it made and did not save.
    private func warnAboutUnsavedBranches() {
        let unsaved = interpreter.unsavedBranches
        guard !unsaved.isEmpty else { return }
        output.printError("statedbg: warning: \(unsaved.joined(separator: ", ")) \(unsaved.count == 1 ? "was" : "were") not saved; save FILE writes the current branch.")
    }

    /// Runs one command and prints its reply; `label` names it in scripted error messages.
    private func execute(_ line: String, label: String?) -> Bool {
        if echo { output.print(interpreter.prompt + line) }
        interrupt?.reset()
        let reply = interpreter.execute(line)
        if !reply.text.isEmpty { output.print(reply.text) }
        guard let error = reply.error else { return true }
        if let label {
            output.printError("statedbg: error: \(label): \(error)")
        } else {
            output.printError("error: \(error)")
        }
        return false
    }
}
