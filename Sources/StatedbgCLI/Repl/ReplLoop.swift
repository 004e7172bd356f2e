import StateDebugger
import TerminalKit

/// Feeds a ``ReplInterpreter`` lines from a person at a terminal, a pipe or a `-c` script, and prints
/// its replies.
///
/// At a terminal: a prompt showing the step, line editing, history kept between sessions, tab completion
/// of commands and state paths, Ctrl-C cancels a running command (and clears a line being typed), Ctrl-D
/// quits; errors print as `error: …`. From a pipe or `-c`: no prompt, errors print as
/// `statedbg: error: line N: …` on standard error, and the exit status is 1 when any command failed.
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
            case .interrupted:
                continue
            case .endOfFile:
                break reading
            }
        }
        // A person saw each error as it happened; a script's caller learns of them from the status.
        return failed && !interactive ? .checkFailed : .success
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
