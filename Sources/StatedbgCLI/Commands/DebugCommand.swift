import StateDebugger
import StateJournal
import StateRecorder
import TerminalKit

/// `statedbg debug FILE STEP`: runs one step's action through the app's reducer, stopping a debugger
/// attached to this process just before the reducer is called.
enum DebugCommand: Subcommand {
    static let spec = CommandSpec(
        name: "debug",
        abstract: "Run one step's action through the app's reducer, stopping an attached debugger just before the call.",
        discussion: """
            The state before STEP is rebuilt from the recording and STEP's action is decoded, both into the \
            app's own types; then the reducer runs in the frame ReducerCallSite.callReducer, whose \
            arguments 'state' and 'action' a debugger prints. When a debugger (lldb, gdb, Xcode) is \
            attached to statedbg, a SIGTRAP just before the call stops it there: 'step' enters the \
            reducer, 'continue' finishes the command. Start it under one with 'lldb -- statedbg debug \
            FILE STEP' or 'gdb --args statedbg debug FILE STEP'; without one the step runs all the same, \
            and a note on standard error says how.

            The step prints as replay prints it, 'step N  LABEL' and the diff it made, followed by whether \
            the current reducer made the state the step recorded; when it did not, the diff from the \
            recorded state (- recorded, + replayed) follows. For your own app, run the statedbg you build \
            with it (Statedbg.main(apps:)).

            A step recorded without Codable, or one that replaces the state from outside the reducer \
            (statedbg.replaceState), has no action the reducer can run: the command says which and why.

            In a crash journal the step after the last is the action that was in flight when the app \
            died (its actionInFlight line): debug runs it on the last recorded state. Under a debugger, \
            'continue' after the stop runs into the crash, inside the reducer; without one, a reducer \
            that still crashes ends statedbg as it ended the app, and one that no longer does prints the \
            state it made ('statedbg replay FILE --verify' tells which without crashing).

            $ statedbg debug Recordings/bank.jsonl 7
            step 7  bank.pay(from: jenny, to: donald, amount: 20)
                {
              -   "donald": 52,
              +   "donald": 72,
              -   "jenny": 22
              +   "jenny": 2
                }
            step 7: the current reducer makes the recorded state
            statedbg: note: no debugger is attached, so step 7 runs without stopping; to stop in the reducer, run it under one: lldb -- statedbg debug Recordings/bank.jsonl 7, or gdb --args statedbg debug Recordings/bank.jsonl 7
            """,
        arguments: [.file, ArgumentSpec("step", help: "The step whose action runs (negative counts from the end, -1 is the last).")],
        options: ColourPolicy.options + [
            .flag(InFlightChild.reportFlag, help: "Run as the child of replay --verify: no trap, no notes, the result as one JSON line.").hidden(),
        ],
        exitStatuses: [
            .init(.success, "The step ran and made the state it recorded."),
            .init(.checkFailed, "The step ran but made another state, or a validator rejected it."),
            .usage,
            .init(.dataError, "The step cannot be replayed (recorded without Codable, a state replacement, a state or action that does not decode), or the recording is malformed."),
            .missing, .io,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let path = arguments.string("file") ?? ""
        guard let asked = try context.int(arguments, "step") else {
            throw context.usageError(arguments, .missingArgument("<step>"))
        }
        // Today's reducer runs the step: a recording of an earlier version of its types is read through
        // the app's migrations, as replay --verify reads it.
        let source = try context.open(path, migrating: true)
        let app = try CommandFailure.translating { () throws(DebuggerError) in try context.registry.require(source.info.app) }
        let step = asked < 0 ? source.lastStep + 1 + asked : asked
        let prepared = try CommandFailure.translating { () throws(DebuggerError) in
            try StepDebugger(source: source, app: app).prepare(step: step)
        }
        let output = context.output
        if arguments.flag(InFlightChild.reportFlag) {
            let run = try CommandFailure.translating { () throws(DebuggerError) in try prepared.run(trap: false) }
            output.print(InFlightChild.report(of: run))
            return .success
        }
        // Said before the step runs: a debugger shows standard error as the trap stops the process.
        output.flush()
        if prepared.isInFlight {
            output.printError("statedbg: note: step \(step) is the action in flight when the app died; "
                + "if the reducer still crashes, it ends this process as it ended the app's.")
        }
        if AttachedDebugger.isAttached {
            output.printError("statedbg: stopping in ReducerCallSite.callReducer before the reducer runs step \(step); "
                + "print 'state' and 'action' there (lldb: frame variable, gdb: info args), 'step' enters the reducer, 'continue' finishes.")
        } else {
            let command = [context.toolName, "debug", path, String(step)].map(ShellWords.quoted).joined(separator: " ")
            output.printError("statedbg: note: no debugger is attached, so step \(step) runs without stopping; "
                + "to stop in the reducer, run it under one: lldb -- \(command), or gdb --args \(command)")
        }
        let run = try CommandFailure.translating { () throws(DebuggerError) in try prepared.run(trap: true) }
        let printer = StepPrinter(colour: context.colour(arguments), source: source)
        output.print(printer.header(step: run.step, action: run.action))
        output.print(printer.diff(from: run.before, to: run.after))
        return verdict(of: run, printer: printer, output: output)
    }

    /// Says whether the current reducer made the recorded state, and the status that tells it.
    private static func verdict(of run: DebuggedStep, printer: StepPrinter, output: TextOutput) -> ExitStatus {
        switch run.outcome {
        case .rejected(let rejection):
            output.print("step \(run.step): the current validator \(rejection.validator) rejects the action, which the recording applied: \(rejection.reason)")
            return .checkFailed
        case .applied:
            guard let recorded = run.recorded else {
                output.print(run.isInFlight
                    ? "step \(run.step): the current reducer completes the action in flight, which the recording never did"
                    : "step \(run.step): the recording holds no state after it to compare with")
                return .success
            }
            guard run.matches else {
                output.print("step \(run.step): the current reducer makes a different state from the recorded one (- recorded, + replayed):")
                output.print(printer.diff(from: recorded, to: run.after))
                return .checkFailed
            }
            output.print("step \(run.step): the current reducer makes the recorded state")
            return .success
        }
    }
}
