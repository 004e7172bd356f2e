/// A positional argument of a command, such as `<file>` in `statedbg replay <file>`.
///
/// ```swift
/// let file = ArgumentSpec("file", help: "The recording to replay.")
/// let rest = ArgumentSpec("files", help: "More recordings.", isOptional: true, isVariadic: true)
/// ```
package struct ArgumentSpec: Sendable, Equatable {
    /// The value name shown between angle brackets and used as the key in ``ParsedArguments``.
    package var name: String
    /// One-line description shown in the `ARGUMENTS:` section.
    package var help: String
    /// Whether the argument may be left out.
    package var isOptional: Bool
    /// Whether the argument takes every remaining positional value; only the last argument may be variadic.
    package var isVariadic: Bool
    /// What shell completion offers for the argument.
    package var completion: ValueCompletion = .none

    /// Creates a positional argument.
    package init(_ name: String, help: String = "", isOptional: Bool = false, isVariadic: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isVariadic = isVariadic
    }

    /// This argument, with shell completion offering `completion` for it.
    package func completing(_ completion: ValueCompletion) -> ArgumentSpec {
        var copy = self
        copy.completion = completion
        return copy
    }

    /// The argument as written in help, `<file>`.
    var label: String { "<\(name)>" }

    /// The argument as written in the usage line: `<file>`, `[<file>]`, `<file> ...`.
    var synopsis: String {
        var text = label
        if isVariadic { text += " ..." }
        return isOptional ? "[\(text)]" : text
    }
}
