import TerminalKit

/// Reading pieces of a `statedbg` subcommand's declaration, so a REPL command that is the same thing
/// shares its text instead of copying it.
extension CommandSpec {
    /// The positional argument called `name`; a bare one when the declaration has none (a test checks
    /// that every one the REPL borrows exists).
    func argument(_ name: String) -> ArgumentSpec {
        arguments.first { $0.name == name } ?? ArgumentSpec(name)
    }

    /// The option whose long name is `long`; a bare flag when the declaration has none.
    func option(_ long: String) -> OptionSpec {
        options.first { $0.long == long } ?? .flag(long)
    }
}
