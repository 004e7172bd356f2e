import TerminalKit

/// `app jump [STEP]`: acts on the attached app (see ``AttachedApp``); offered only by `statedbg attach`.
enum ReplAppJump: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "app jump", abstract: "Set the app's state to a step's (in the app; the cursor stays).",
                    arguments: [ArgumentSpec("step", help: "The step (default: the cursor's step).", isOptional: true)]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let step = try input.optionalString("step").map { (text) throws(CommandFailure) in try repl.stepNumber(text) } ?? repl.timeline.step
        return try repl.attachedApp().act(.jump(step: step))
    }
}
