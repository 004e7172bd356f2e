import TestSupport
import Foundation
import StateRecorder
import StatedbgCLI
import TerminalKit

/// One in-process run of `statedbg` with in-memory output.
struct CommandRun {
    var status: ExitStatus
    var output: String
    var error: String

    /// Runs `statedbg ARGUMENTS` in `directory` (relative paths resolve there) with the wallet registered.
    static func statedbg(_ arguments: String..., in directory: TemporaryDirectory,
                         apps: [any RegisteredApp] = [WalletFixture.app()],
                         environment: [String: String] = [:]) -> CommandRun {
        statedbg(arguments, in: directory, apps: apps, environment: environment)
    }

    /// Runs `statedbg ARGUMENTS`; an argument starting with `@` names a file in `directory`.
    static func statedbg(_ arguments: [String], in directory: TemporaryDirectory,
                         apps: [any RegisteredApp] = [WalletFixture.app()],
                         environment: [String: String] = [:]) -> CommandRun {
        let out = MemorySink()
        let err = MemorySink()
        let terminal = Terminal(output: TextOutput(standardOutput: out, standardError: err), environment: environment)
        let absolute = arguments.map { $0.hasPrefix("@") ? directory.file(String($0.dropFirst())) : $0 }
        let status = Statedbg.main(arguments: ["statedbg"] + absolute, apps: apps, terminal: terminal, catchesInterrupts: false)
        let prefix = directory.path + "/"
        return CommandRun(status: status, output: out.text.replacingOccurrences(of: prefix, with: ""),
                          error: err.text.replacingOccurrences(of: prefix, with: ""))
    }
}
