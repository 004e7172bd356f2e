/// What a shell's completion offers for an argument or an option's value.
///
/// ```swift
/// let file = ArgumentSpec("file", help: "The recording.").completing(.files)
/// let mode = OptionSpec.value("snapshots", valueName: "mode", help: "…").completing(.values(["patches", "every-step"]))
/// let app = ArgumentSpec("example", help: "The app's id.").completing(.command("statedbg examples | cut -d ' ' -f 1"))
/// ```
package enum ValueCompletion: Sendable, Equatable {
    /// Nothing: the value is free text (a number, a predicate).
    case none
    /// File and folder names.
    case files
    /// One of these words.
    case values([String])
    /// The lines a `/bin/sh` command prints when completion runs, for values only the program knows.
    case command(String)
}
