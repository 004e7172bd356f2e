import Foundation
import StateJournal
import StateLive
import StateRecorder
import TerminalKit

/// `statedbg serve EXAMPLE`: runs a sample app as a long-lived process with the live channel on.
enum ServeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "serve",
        abstract: "Run an example app as a live process that 'statedbg attach' can debug.",
        discussion: """
            The app dispatches one generated action every --interval milliseconds (0: none; it then only \
            takes actions from debuggers), records them to the journal, and listens on its live channel: a \
            Unix domain socket of mode 0600 in the per-user runtime directory, and with --tcp a loopback \
            port that takes the token printed at start. It prints how to attach, then runs until Ctrl-C \
            and closes the journal. In a second terminal, 'statedbg attach PID' \
            opens the debugger on it:

              statedbg serve users --interval 500      # terminal 1: prints its pid
              statedbg attach PID                      # terminal 2: the REPL on the running app

            Started with STATEDBG_CONNECT and STATEDBG_TOKEN, as 'statedbg listen' prints them, the app \
            also dials out to that debugger, as an app on a device does. --max-file-bytes makes the \
            journal roll over to a new file at that size, as an app's may.
            """,
        arguments: [ArgumentSpec("example", help: "The app's id, as 'statedbg examples' lists it.")],
        options: [
            .value("output", short: "o", valueName: "out", help: "The journal to write (default: EXAMPLE-live.jsonl; a numbered name beside it when taken)."),
            .value("interval", valueName: "ms", defaultValue: "1000", help: "Milliseconds between generated actions; 0 for none."),
            .value("steps", valueName: "n", help: "Stop generating after <n> actions (the app keeps running)."),
            .value("seed", valueName: "s", defaultValue: "1", help: "The random seed."),
            .value("socket", valueName: "path", help: "Listen on this socket path instead of RUNTIME_DIR/PID.sock."),
            .value("tcp", valueName: "port", help: "Also listen on 127.0.0.1:<port> (0: any free port), with a token."),
            .value("max-file-bytes", valueName: "n", help: "Roll the journal over to a new file when it reaches <n> bytes."),
        ],
        exitStatuses: [.init(.success, "Stopped with Ctrl-C; the journal is complete."), .usage, .io])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let id = arguments.string("example") ?? ""
        guard let app = context.registry.apps.first(where: { $0.id == id }) else {
            let known = context.registry.ids.sorted().joined(separator: ", ")
            throw CommandFailure(.usage, "There is no example \"\(id)\" to serve; the examples are \(known) (see 'statedbg examples').")
        }
        var settings = ServeSettings()
        settings.intervalMilliseconds = try context.int(arguments, "interval") ?? 1000
        guard settings.intervalMilliseconds >= 0 else {
            throw context.usageError(arguments, .invalidValue(String(settings.intervalMilliseconds), for: "--interval <ms>", expected: "0 or more"))
        }
        settings.maxSteps = try context.int(arguments, "steps")
        let seedText = arguments.string("seed") ?? "1"
        guard let seed = UInt64(seedText) else {
            throw context.usageError(arguments, .invalidValue(seedText, for: "--seed <s>", expected: "a non-negative integer"))
        }
        settings.seed = seed
        var channel = RecorderOptions.LiveChannel(socketPath: arguments.string("socket"))
        if let port = arguments.string("tcp") {
            guard let number = UInt16(port) else {
                throw context.usageError(arguments, .invalidValue(port, for: "--tcp <port>", expected: "a port from 0 to 65535"))
            }
            channel.tcpPort = number
        }
        // An app started by `statedbg listen`'s line dials out too, whatever the options say.
        channel.dialOut = RecorderOptions.LiveChannel.dialOutFromEnvironment()
        channel.announces = false
        settings.options.live = channel
        if let limit = try context.int(arguments, "max-file-bytes") {
            guard limit >= 1024 else {
                throw context.usageError(arguments, .invalidValue(String(limit), for: "--max-file-bytes <n>", expected: "1024 or more"))
            }
            settings.options.maxFileBytes = Int64(limit)
        }
        let output = arguments.string("output") ?? "\(id)-live.jsonl"
        let text = context.output
        let summary: RecordingSummary
        do {
            summary = try app.serve(to: output, settings: settings, isCancelled: context.isCancelled) { socket, tcp in
                let pace = settings.intervalMilliseconds == 0 ? "no generated actions" : "an action every \(settings.intervalMilliseconds) ms"
                text.print("serving \(id): recording to \(output), \(pace); Ctrl-C stops")
                if let socket {
                    text.print("live channel at \(socket)")
                    text.print("attach with: statedbg attach \(LiveEndpoint.attachTarget(socket: socket, pid: getpid(), host: .current))")
                }
                if let tcp {
                    text.print("live channel on 127.0.0.1:\(tcp.port)")
                    text.print("attach with: statedbg attach 127.0.0.1:\(tcp.port) --token \(tcp.token)")
                }
                if let dialOut = channel.dialOut, socket != nil || tcp != nil {
                    text.print("dialing out to the debugger at \(dialOut.address)")
                }
                if socket == nil, tcp == nil { text.printError("statedbg: warning: the live channel did not open; the app records without it.") }
                text.flush()
            }
        } catch let error as JournalError {
            throw CommandFailure(.journal(error))
        } catch {
            throw CommandFailure(.ioError, "\(output): serving \(id) failed: \(String(describing: error).withoutFinalPeriod).")
        }
        text.print("stopped serving \(id): \(summary.applied) step\(summary.applied == 1 ? "" : "s") in \(output)")
        return .success
    }
}
