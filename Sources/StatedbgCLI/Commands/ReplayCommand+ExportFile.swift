import StateDebugger
import StateJSON
import TerminalKit

extension ReplayCommand {
    /// `replay` of a Redux DevTools Export file that no registered app can compute the states of: the
    /// file holds the actions and at most the state before them, so each step prints its action alone,
    /// and one note says why the diffs are missing.
    ///
    /// ```text
    /// $ statedbg replay export.json
    /// statedbg: note: export.json is a Redux DevTools Export file: it holds the actions and the state before them (step 0), not the states after them, so each step shows its action without a diff; …
    /// step 1  INCREMENT
    /// step 2  INCREMENT(by)
    /// replayed 2 steps of export.json (actions only: their states were not exported)
    /// ```
    ///
    /// With `--json` each step is `{"action":…,"patch":null,"step":N}`.
    static func listActions(of source: ReduxDevToolsImport, through last: Int, json: Bool, quiet: Bool,
                            printer: StepPrinter, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let output = context.output
        context.noteStatesNotExported(source, "so each step shows its action without a diff")
        if !quiet {
            for step in (source.baseStep + 1)..<(last + 1) {
                try context.checkCancelled("replay")
                let action = try CommandFailure.translating { () throws(DebuggerError) in try source.action(at: step) }
                if json {
                    output.print(JSONValue.object(JSONObject([("step", .integer(Int64(step))), ("action", action.jsonValue),
                                                              ("patch", .null)])).canonicalText)
                } else {
                    output.print(printer.header(step: step, action: action))
                }
            }
        }
        if !json {
            let count = last - source.baseStep
            output.print("replayed \(count) step\(count == 1 ? "" : "s") of \(source.name) (actions only: their states were not exported)")
        }
        return .success
    }
}
