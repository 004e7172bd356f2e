import Foundation
import Testing
import TestSupport

/// `statedbg --generate-completion-script bash|zsh|fish`, from the built binary: each script passes its
/// shell's syntax check, and the bash and fish scripts complete what a user types. A shell that is not
/// installed skips its test with a notice (CI installs them).
@Suite struct CompletionScriptTests {
    static func shell(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first(where: BuildProducts.isExecutableFile(atPath:))
    }

    /// The script for `shell`, written to a file in `folder`.
    private func script(_ shell: String, in folder: TemporaryDirectory) throws -> String {
        let statedbg = try StatedbgProcess.locate()
        let run = try statedbg.run(["--generate-completion-script", shell], in: folder.path)
        try #require(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix(shell == "zsh" ? "#compdef statedbg\n" : "# \(shell) completion for statedbg"))
        return try folder.write(run.output, to: "statedbg.\(shell)")
    }

    /// Runs `shell` with `arguments` in `folder`, with the built `statedbg` first on `PATH`.
    private func run(_ shell: String, _ arguments: [String], in folder: TemporaryDirectory) throws -> (status: Int32, output: String) {
        let statedbg = try StatedbgProcess.locate()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let bin = URL(fileURLWithPath: statedbg.path).deletingLastPathComponent().path
        process.environment = ["HOME": folder.path, "PATH": "\(bin):/usr/bin:/bin", "TERM": "dumb"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: shell("bash") != nil, "bash is not installed"))
    func theBashScriptRegistersAndCompletesSubcommandsOptionsValuesAndFiles() throws {
        let folder = try TemporaryDirectory()
        let script = try script("bash", in: folder)
        let bash = try #require(Self.shell("bash"))
        #expect(try run(bash, ["-n", script], in: folder).status == 0)
        _ = try folder.write("", to: "bank.jsonl")
        _ = try folder.write("", to: "banner.txt")
        let driver = try folder.write(#"""
            source "$1"
            complete -p statedbg
            complete_words() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
                _statedbg
                echo "$* -> [$(printf '%s\n' "${COMPREPLY[@]}" | sort | xargs)]"
            }
            complete_words statedbg re
            complete_words statedbg --gen
            complete_words statedbg --generate-completion-script ""
            complete_words statedbg help ch
            complete_words statedbg bisect --l
            complete_words statedbg bisect ban
            complete_words statedbg bisect bank.jsonl ""
            complete_words statedbg record ""
            complete_words statedbg record bank --durability s
            complete_words statedbg record bank -o ban
            complete_words statedbg record --ack
            complete_words statedbg check bank.jsonl ban
            complete_words statedbg ban
            """#, to: "driver.bash")
        let completed = try run(bash, [driver, script], in: folder)
        #expect(completed.status == 0)
        #expect(completed.output == """
            complete -o filenames -F _statedbg statedbg
            statedbg re -> [record repl replay]
            statedbg --gen -> [--generate-completion-script]
            statedbg --generate-completion-script  -> [bash fish zsh]
            statedbg help ch -> [changes check]
            statedbg bisect --l -> [--linear]
            statedbg bisect ban -> [bank.jsonl banner.txt]
            statedbg bisect bank.jsonl  -> []
            statedbg record  -> [bank bank-swiftystate counter search-tca shopping todos-rxstateflow tracker users users-reswift]
            statedbg record bank --durability s -> [step step-sync]
            statedbg record bank -o ban -> [bank.jsonl banner.txt]
            statedbg record --ack -> []
            statedbg check bank.jsonl ban -> [bank.jsonl banner.txt]
            statedbg ban -> [bank.jsonl banner.txt]

            """)
    }

    @Test(.enabled(if: shell("zsh") != nil, "zsh is not installed (apt-get install zsh)"))
    func theZshScriptPassesZshsSyntaxCheck() throws {
        let folder = try TemporaryDirectory()
        let script = try script("zsh", in: folder)
        let checked = try run(try #require(Self.shell("zsh")), ["-n", script], in: folder)
        #expect(checked.status == 0, "\(checked.output)")
    }

    @Test(.enabled(if: shell("fish") != nil, "fish is not installed (apt-get install fish)"))
    func theFishScriptPassesFishsSyntaxCheckAndCompletes() throws {
        let folder = try TemporaryDirectory()
        let script = try script("fish", in: folder)
        let fish = try #require(Self.shell("fish"))
        let checked = try run(fish, ["-n", script], in: folder)
        #expect(checked.status == 0, "\(checked.output)")
        let completed = try run(fish, ["--no-config", "-c", """
            source \(script)
            complete -C 'statedbg exa'
            complete -C 'statedbg record bank --snapshots '
            complete -C 'statedbg bisect --li'
            """], in: folder)
        #expect(completed.output == """
            examples\tList the registered apps: their ids, for 'statedbg record', and what they are
            every-step\tpatches (a patch per step, with keyframes) or every-step (a whole state per step)
            patches\tpatches (a patch per step, with keyframes) or every-step (a whole state per step)
            --linear\tCheck every step in order instead of bisecting, to be sure of the first

            """)
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let folder = try TemporaryDirectory()
        let run = try StatedbgProcess.locate().run(["--generate-completion-script", "tcsh"], in: folder.path)
        #expect(run.status == 64)
        #expect(run.error == "statedbg: error: there is no completion script for \"tcsh\"; the shells are bash, zsh, fish.\n")
    }
}
