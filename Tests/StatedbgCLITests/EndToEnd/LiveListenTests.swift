import Foundation
import TestSupport
import Testing

/// `statedbg listen` and an app that dials out to it (`statedbg serve users` started with the line
/// listen prints), as on a device: two processes over loopback TCP.
@Suite(.serialized) struct LiveListenTests {
    /// The output with what changes from run to run (the app's pid, the port it connected from, the
    /// folder) replaced by names.
    private func normalised(_ text: String, pid: Int32, directory: TemporaryDirectory) -> String {
        let folder = URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path
        var text = text.replacingOccurrences(of: "(pid \(pid))", with: "(pid PID)").replacingOccurrences(of: folder, with: "DIR")
        while let range = text.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
            text.replaceSubrange(range, with: "HOST:PORT")
        }
        return text
    }

    @Test func listenOpensTheAttachSessionOnAnAppThatDialsOut() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let commands = [
            #"app dispatch addUser {"name":"Ada","age":36}"#, "break action users.updateAge",
            #"app dispatch updateAge {"id":1,"age":37}"#, "jump 0", "continue", "app jump 1", "app undo", "app pause",
            #"app dispatch updateAge {"id":1,"age":38}"#, "app snapshot", "app resume",
        ]
        let debugger = try ListeningDebugger(binary, ["--timeout", "30", "--echo", "-c", commands.joined(separator: "; ")], in: directory.path)
        let line = debugger.connectLine
        #expect(line.hasPrefix("connect with: STATEDBG_CONNECT=127.0.0.1:"), "\(line)")
        #expect(debugger.environment["STATEDBG_TOKEN"]?.count == 32, "\(line)")
        let app = try ServedApp(binary, ["users", "-o", "app.jsonl", "--interval", "0"], in: directory.path, environment: debugger.environment)
        #expect(debugger.finish() == 0, "\(debugger.error)")
        let served = app.stop()
        #expect(normalised(debugger.output, pid: app.pid, directory: directory) == """
            connect with: STATEDBG_CONNECT=HOST:PORT STATEDBG_TOKEN=\(debugger.environment["STATEDBG_TOKEN"] ?? "")
            attached to users (pid PID) from HOST:PORT: 0 steps so far; 'app help' lists the commands that act on the app
            (statedbg 0/0) app dispatch addUser {"name":"Ada","age":36}
            app: step 1 arrived (1 new)
            the app dispatched users.addUser(name: "Ada", age: 36); its last step is 1
            (statedbg 0/1) break action users.updateAge
            breakpoint 1: action users.updateAge
            (statedbg 0/1) app dispatch updateAge {"id":1,"age":37}
            app: step 2 arrived (1 new)
            the app dispatched users.updateAge(id: 1, age: 37); its last step is 2
            (statedbg 0/2) jump 0
            step 0  (initial state)
            (statedbg 0/2) continue
            breakpoint 1: action users.updateAge
            step 2  users.updateAge(id: 1, age: 37)
                {
                  "nextID": 2,
                  "users": [
                    {
              -       "age": 36,
              +       "age": 37,
                      "id": 1,
                      "name": "Ada"
                    }
                  ]
                }
            (statedbg 2/2) app jump 1
            app: after step 2: travel: jump to step 1
            the app's state is now step 1
            (statedbg 2/2) app undo
            app: after step 2: travel: undo to step 0
            the app's state is now step 0
            (statedbg 2/2) app pause
            the app's dispatching is paused; its actions queue until resume
            (statedbg 2/2) app dispatch updateAge {"id":1,"age":38}
            the app is paused: users.updateAge(id: 1, age: 38) is queued and runs on resume
            (statedbg 2/2) app snapshot
            the app's state (step 0):
            {
              "nextID": 1,
              "users": []
            }
            (statedbg 2/2) app resume
            app: step 3 arrived (1 new)
            the app dispatches again; 1 queued action ran

            """)
        #expect(debugger.error == "")
        // The app says where it dials, and that it connected.
        #expect(served.contains("dialing out to the debugger at 127.0.0.1:\(debugger.port)\n"), "\(served)")
        #expect(served.contains("statedbg: the live channel is connected to the debugger at 127.0.0.1:\(debugger.port).\n"), "\(served)")
    }

    @Test func aWrongTokenIsRefusedAndToldOnBothSides() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let debugger = try ListeningDebugger(binary, ["--timeout", "20", "-c", "app status"], in: directory.path)
        var environment = debugger.environment
        environment["STATEDBG_TOKEN"] = "not-the-listeners-token"
        let app = try ServedApp(binary, ["users", "-o", "app.jsonl", "--interval", "0"], in: directory.path, environment: environment)
        #expect(debugger.waitForError(containing: "still waiting for an app"), "\(debugger.error)")
        let refusal = "The debugger does not hold this app's token (its proof is wrong): start the app with the STATEDBG_TOKEN that `statedbg listen` printed, or give `statedbg listen` the app's token with --token."
        #expect(normalised(debugger.error, pid: app.pid, directory: directory)
            .hasPrefix("statedbg: warning: The app at HOST:PORT refused the connection: \(refusal.dropLast()); still waiting for an app.\n"),
            "\(debugger.error)")
        debugger.kill9()
        let served = app.stop()
        #expect(served.contains("statedbg: the app refused the debugger at 127.0.0.1:\(debugger.port): \(refusal) The app records on and dials again every few seconds.\n"),
                "\(served)")
        // Told once, however often the app dialed meanwhile.
        #expect(served.components(separatedBy: "the app refused the debugger").count == 2, "\(served)")
        #expect(!debugger.output.contains("attached to"))
    }

    @Test func theAppDialsAgainWhenAListenerIsStartedAgain() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let token = "0123456789abcdef0123"
        // Reads commands from a pipe that stays open: it stays in the session until it is killed.
        let first = try ListeningDebugger(binary, ["--token", token, "--timeout", "30"], in: directory.path)
        let app = try ServedApp(binary, ["users", "-o", "app.jsonl", "--interval", "0"], in: directory.path, environment: first.environment)
        first.send("app status\n")
        #expect(first.waitForOutput(containing: "1 debugger(s) attached"), "\(first.output)\n\(first.error)")
        first.kill9()

        let second = try ListeningDebugger(binary, ["--port", first.port, "--token", token, "--timeout", "30", "-c",
                                                    #"app dispatch addUser {"name":"Ada","age":36}; app snapshot"#],
                                           in: directory.path)
        #expect(second.connectLine == first.connectLine)
        #expect(second.finish() == 0, "\(second.error)")
        #expect(second.output.contains("the app dispatched users.addUser(name: \"Ada\", age: 36); its last step is 1\nthe app's state (step 1):\n"),
                "\(second.output)")
        let served = app.stop()
        #expect(served.components(separatedBy: "statedbg: the live channel is connected to the debugger").count == 3, "\(served)")
        #expect(served.contains("statedbg: the connection to the debugger at 127.0.0.1:\(first.port) ended"), "\(served)")
    }

    @Test func appJournalCopiesEveryFileOfARolledOverJournalAndTheCopiesPassCheck() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let dispatches = (1...12).map { #"app dispatch addUser {"name":"User \#($0)","age":\#(20 + $0)}"# }
        let commands = dispatches + ["app journal -o copy.jsonl", "app journal -o copy.jsonl", "app journal -o app.jsonl --force"]
        let debugger = try ListeningDebugger(binary, ["--timeout", "30", "-c", commands.joined(separator: "; ")], in: directory.path)
        let app = try ServedApp(binary, ["users", "-o", "app.jsonl", "--interval", "0", "--max-file-bytes", "1024"], in: directory.path,
                                environment: debugger.environment)
        // The second copy finds the first one there; the third names the app's own journal.
        #expect(debugger.finish() == 1)
        _ = app.stop()
        let report = normalised(debugger.output, pid: app.pid, directory: directory)
        // `copied the app's journal file DIR/app.2.jsonl (1,002 bytes) to copy.2.jsonl`
        let copied = report.split(separator: "\n").filter { $0.hasPrefix("copied the app's journal file DIR/") }.map { line in
            let words = line.split(separator: " ")
            return (source: String(words[5].dropFirst(4)), bytes: Int(words[6].dropFirst().filter(\.isNumber)) ?? -1, copy: String(words[9]))
        }
        #expect(copied.count >= 3, "the journal did not roll over: \(report)")
        for (index, file) in copied.enumerated() {
            #expect(file.source == (index == 0 ? "app.jsonl" : "app.\(index + 1).jsonl"))
            #expect(file.copy == (index == 0 ? "copy.jsonl" : "copy.\(index + 1).jsonl"))
            // Byte for byte what the app's file held when the copy was made.
            let copy = try Data(contentsOf: URL(fileURLWithPath: directory.file(file.copy)))
            let source = try Data(contentsOf: URL(fileURLWithPath: directory.file(file.source)))
            #expect(copy.count == file.bytes)
            #expect(source.prefix(copy.count) == copy, "\(file.copy)")
            let check = try binary.run(["check", file.copy], in: directory.path)
            #expect(check.status == 0, "\(check.output)\(check.error)")
            #expect(report.contains("\n\(file.copy): no problems in "), "\(report)")
        }
        #expect(debugger.error == """
            statedbg: error: command 14: copy.jsonl: the file already exists; choose another name or pass --force to replace it.
            statedbg: error: command 15: app.jsonl: this is the recording being read (\(URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path)/app.jsonl); writing it would destroy it, --force or not, so choose another output file.

            """)
    }

    @Test func listenRefusesAWeakTokenAndGivesUpWhenNoAppComes() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let weak = try binary.run(["listen", "--token", "secret"], in: directory.path)
        #expect(weak.status == 64)
        #expect(weak.error.contains("a token must be 16 to 256 characters long"), "\(weak.error)")
        let nobody = try binary.run(["listen", "--timeout", "1"], in: directory.path)
        #expect(nobody.status == 66)
        #expect(nobody.output.hasPrefix("connect with: STATEDBG_CONNECT=127.0.0.1:"))
        #expect(nobody.output.split(separator: "\n").count == 1)
        #expect(nobody.error.hasPrefix("statedbg: error: No app connected to 127.0.0.1:"), "\(nobody.error)")
    }
}
