/// A named option or flag of a command, such as `--to <n>` or `-q, --quiet`.
///
/// ```swift
/// let verify = OptionSpec.flag("verify", help: "Compare each recorded state with the replayed one.")
/// let to = OptionSpec.value("to", valueName: "n", help: "Stop after step <n>.")
/// let output = OptionSpec.value("output", short: "o", valueName: "out", help: "Where to write.")
/// let type = OptionSpec.value("type", valueName: "pattern", help: "Only these actions.", isRepeatable: true)
/// let required = OptionSpec.value("output", short: "o", valueName: "out", help: "Where to write.", isRequired: true)
/// ```
package struct OptionSpec: Sendable, Equatable {
    /// Whether the option stands alone or takes a value.
    package enum Kind: Sendable, Equatable {
        /// A switch such as `--verify`; present or absent.
        case flag
        /// An option followed by a value, `--to <n>`, with an optional default shown in help.
        case value(valueName: String, defaultValue: String?)
    }

    /// The long name without dashes (`"verify"` for `--verify`), or `nil` for a short-only option.
    package var long: String?
    /// The short name without the dash (`"o"` for `-o`).
    package var short: Character?
    /// Flag or value option.
    package var kind: Kind
    /// One-line description shown in the `OPTIONS:` section.
    package var help: String
    /// Whether the option may be given more than once (each value is kept).
    package var isRepeatable: Bool
    /// Whether the command cannot run without the option; the usage line shows it without brackets
    /// and the parser reports it missing.
    package var isRequired: Bool
    /// Whether help leaves the option out (usage line, `OPTIONS:`, suggestions, completion): for hooks
    /// that tests use and people should not, such as `record --acknowledged`. The parser still accepts it.
    package var isHidden: Bool = false
    /// What shell completion offers for the option's value.
    package var valueCompletion: ValueCompletion = .none

    /// Creates an option; at least one of `long` and `short` must be given.
    package init(long: String?, short: Character? = nil, kind: Kind, help: String = "", isRepeatable: Bool = false,
                isRequired: Bool = false) {
        precondition(long != nil || short != nil, "An option needs a long or a short name.")
        self.long = long
        self.short = short
        self.kind = kind
        self.help = help
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
    }

    /// A flag named `--long` (and `-short`).
    package static func flag(_ long: String, short: Character? = nil, help: String = "", isRepeatable: Bool = false,
                            isRequired: Bool = false) -> OptionSpec {
        OptionSpec(long: long, short: short, kind: .flag, help: help, isRepeatable: isRepeatable, isRequired: isRequired)
    }

    /// An option named `--long <valueName>` (and `-short`), with an optional default shown in help.
    package static func value(
        _ long: String, short: Character? = nil, valueName: String, defaultValue: String? = nil,
        help: String = "", isRepeatable: Bool = false, isRequired: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            long: long, short: short, kind: .value(valueName: valueName, defaultValue: defaultValue),
            help: help, isRepeatable: isRepeatable, isRequired: isRequired)
    }

    /// This option, left out of help (``isHidden``).
    package func hidden() -> OptionSpec {
        var copy = self
        copy.isHidden = true
        return copy
    }

    /// This option, with shell completion offering `completion` for its value.
    package func completing(_ completion: ValueCompletion) -> OptionSpec {
        var copy = self
        copy.valueCompletion = completion
        return copy
    }

    /// The name ``ParsedArguments`` files values under: the long name, or the short one.
    package var key: String { long ?? short.map(String.init) ?? "" }

    /// Whether the option consumes a value.
    package var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    package var valueName: String? {
        if case .value(let name, _) = kind { return name }
        return nil
    }

    var defaultValue: String? {
        if case .value(_, let value) = kind { return value }
        return nil
    }

    /// The preferred spelling: `--to`, or `-o` for a short-only option.
    var preferredName: String {
        if let long { return "--\(long)" }
        return short.map { "-\($0)" } ?? ""
    }

    /// The option in error messages and the usage line, `--to <n>`.
    package var synopsis: String {
        guard let valueName else { return preferredName }
        return "\(preferredName) <\(valueName)>"
    }

    /// The option as a usage-line element, `[--to <n>]` or `[--type <pattern> ...]`; a required
    /// one has no brackets, `--output <out>`.
    var usageSynopsis: String {
        let text = synopsis + (isRepeatable ? " ..." : "")
        return isRequired ? text : "[\(text)]"
    }

    /// The option as a help label, `-o, --output <out>`.
    var helpLabel: String {
        let names = [short.map { "-\($0)" }, long.map { "--\($0)" }].compactMap { $0 }.joined(separator: ", ")
        guard let valueName else { return names }
        return "\(names) <\(valueName)>"
    }
}
