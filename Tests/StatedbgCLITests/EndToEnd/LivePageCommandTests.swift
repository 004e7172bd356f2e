#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StateJSON
import StateSync
import TestSupport
import Testing

/// `statedbg attach --web` and `statedbg listen --web` without a browser: the page, the event stream
/// and the commands as raw HTTP over loopback, against `statedbg serve users`. (The browser drives the
/// same page in StateTimelinePageTests' LivePageBrowserTests.)
@Suite(.serialized) struct LivePageCommandTests {
    // Safe because the process is started in init and only signalled or waited on afterwards; what it prints is
    // gathered behind `printed`'s lock (hence `@unchecked`).
    /// `statedbg attach … --web` running, its address read from the line it prints.
    final class WebAttach: @unchecked Sendable {
        let process = Process()
        private let printed = Locked<String>("")
        private(set) var port: UInt16 = 0
        private(set) var token = ""

        init(_ binary: StatedbgProcess, _ arguments: [String], in directory: String) throws {
            process.executableURL = URL(fileURLWithPath: binary.path)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.environment = ["HOME": directory, "XDG_RUNTIME_DIR": directory, "TERM": "dumb", "PATH": "/usr/bin:/bin"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let reader = output.fileHandleForReading
            Thread { [self] in
                while true {
                    let data = reader.availableData
                    if data.isEmpty { return }
                    printed.withLock { $0 += String(decoding: data, as: UTF8.self) }
                    printed.wakeWaiters()
                }
            }.start()
            try #require(waitFor("Ctrl-C stops\n"), "\(output)")
            let line = try #require(self.output.split(separator: "\n").first { $0.hasPrefix("live page for ") })
            let address = try #require(line.split(separator: " ").last)
            port = try #require(UInt16(address.dropFirst("http://127.0.0.1:".count).prefix { $0 != "/" }))
            token = String(try #require(address.split(separator: "=").last))
        }

        deinit {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }

        var output: String { printed.withLock { $0 } }

        func waitFor(_ text: String) -> Bool {
            printed.withLock(when: { $0.contains(text) }, timeout: .seconds(20)) { printed, _ in printed.contains(text) }
        }

        /// Ctrl-C; the exit status.
        func interrupt() -> Int32 {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// A command as the page sends it; the reply.
        func command(_ json: String) throws -> JSONValue {
            let response = try #require(try LoopbackHTTPConnection.exchange(port: port, """
                POST /command HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n\
                Authorization: Bearer \(token)\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)
                """, timeout: 15))
            #expect(response.status == 200, "\(response.head) \(response.body)")
            return try JSONValue(parsing: Array(response.body.utf8))
        }
    }

    @Test func attachWebServesThePageStreamsTheJournalAndSendsThePagesCommands() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let app = try ServedApp(binary, ["users", "-o", "app.jsonl", "--interval", "0"], in: directory.path)
        let web = try WebAttach(binary, ["attach", String(app.pid), "--web"], in: directory.path)

        let page = try #require(try LoopbackHTTPConnection.exchange(port: web.port, "GET / HTTP/1.1\r\nHost: localhost:\(web.port)\r\n\r\n"))
        #expect(page.status == 200)
        #expect(page.head.contains("Content-Type: text/html; charset=utf-8"))
        #expect(page.body.contains(#"{"format":"statedbg-live","version":1}"#))
        #expect(page.body.contains("connect-src 'self'"))
        #expect(!page.body.contains(web.token), "the page must not hold the token")

        // The forms of dispatch the page's text field takes, and what it refuses.
        let label = try web.command(#"{"command":"dispatch","text":"users.addUser(name: \"Ada\", age: 36)","id":1}"#)
        #expect(label["ok"] == true && label["reply"] == 1 && label["lastStep"] == 1, "\(label.canonicalText)")
        let typed = try web.command(#"{"command":"dispatch","text":"addUser {\"name\":\"Bo\",\"age\":5}","id":"two"}"#)
        #expect(typed["ok"] == true && typed["reply"] == "two" && typed["lastStep"] == 2, "\(typed.canonicalText)")
        let broken = try web.command(#"{"command":"dispatch","text":"addUser {name","id":3}"#)
        #expect(broken["ok"] == false && broken["error"]?.stringValue?.contains("not valid JSON") == true, "\(broken.canonicalText)")
        let cut = try web.command(#"{"command":"dispatch","text":"users.addUser(name: \"Ada\", age:","id":8}"#)
        let cutError = cut["error"]?.stringValue ?? ""
        #expect(cutError == #"The action users.addUser(name: "Ada", age: cannot be read as `statedbg log` prints actions: column 32: expected a value."#, "\(cut.canonicalText)")
        let other = try web.command(#"{"command":"journal","id":4}"#)
        #expect(other["error"] == "The page cannot send the command \"journal\"; its commands are jump, undo, redo, pause, resume, snapshot, status, dispatch.")
        let badStep = try web.command(#"{"command":"jump","step":"x","id":5}"#)
        #expect(badStep["ok"] == false && badStep["reply"] == 5, "\(badStep.canonicalText)")
        let jump = try web.command(#"{"command":"jump","step":1,"id":6}"#)
        #expect(jump["message"] == "the app's state is now step 1", "\(jump.canonicalText)")
        let snapshot = try web.command(#"{"command":"snapshot","id":7}"#)
        #expect(snapshot["state"]?["users"]?.arrayValue?.count == 1, "\(snapshot.canonicalText)")

        // The stream: the greeting, then the journal from its header, with the travel event.
        let stream = try LoopbackHTTPConnection(port: web.port)
        stream.send("GET /events?token=\(web.token) HTTP/1.1\r\nHost: 127.0.0.1:\(web.port)\r\n\r\n")
        var events = ""
        for _ in 0..<100 where !events.contains(#"\"travel\":\"jump\""#) { events += stream.readAll(timeout: 0.1) }
        #expect(events.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream"), "\(events.prefix(300))")
        #expect(events.contains(#"data: {"greeting":{"app":"users""#))
        #expect(events.contains(#"\"format\":\"statedbg-journal\""#))
        #expect(events.contains(#"users.addUser(name: \\\"Bo\\\", age: 5)"#))
        stream.close()

        #expect(web.waitFor("page disconnected (it closed); 0 open"), "\(web.output)")

        // A page that keeps knocking without the token is refused each time, but the terminal says so
        // at most once a second.
        for _ in 0..<20 {
            let refused = try LoopbackHTTPConnection.exchange(port: web.port, "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(web.port)\r\n\r\n")
            #expect(refused?.status == 401)
        }
        #expect(web.waitFor("refused a request for /events: The request has no token"), "\(web.output)")
        #expect(web.interrupt() == 0, "\(web.output)")
        let output = web.output.replacingOccurrences(of: "(pid \(app.pid))", with: "(pid PID)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"page: dispatch → the app dispatched users.addUser(name: "Ada", age: 36); its last step is 1"#), "\(output)")
        #expect(lines.contains("page: jump → the app's state is now step 1"), "\(output)")
        #expect(lines.contains("page connected; 1 open"), "\(output)")
        #expect(lines.last == "stopped serving the live page", "\(output)")
        let refusals = lines.filter { $0.hasPrefix("refused a request") }.count
        #expect(refusals >= 1 && refusals < 20, "\(output)")
        _ = app.stop()
    }

    @Test func anAppThatGoesAwayIsToldToThePagesAndTheTerminalAndTheStepsAreKept() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let app = try ServedApp(binary, ["users", "-o", "app.jsonl", "--interval", "0"], in: directory.path)
        let web = try WebAttach(binary, ["attach", String(app.pid), "--web"], in: directory.path)
        let dispatched = try web.command(#"{"command":"dispatch","text":"users.addUser(name: \"Ada\", age: 36)","id":1}"#)
        #expect(dispatched["ok"] == true)
        // The step's line follows the app's reply: wait until a page has it, then kill the app.
        let first = try LoopbackHTTPConnection(port: web.port)
        first.send("GET /events?token=\(web.token) HTTP/1.1\r\nHost: 127.0.0.1:\(web.port)\r\n\r\n")
        var seen = ""
        for _ in 0..<100 where !seen.contains("Ada") { seen += first.readAll(timeout: 0.1) }
        first.close()
        app.kill9()
        #expect(web.waitFor("the page keeps its steps; Ctrl-C stops"), "\(web.output)")
        // A page opened now still gets the steps, and is told the app is gone.
        let stream = try LoopbackHTTPConnection(port: web.port)
        stream.send("GET /events?token=\(web.token) HTTP/1.1\r\nHost: 127.0.0.1:\(web.port)\r\n\r\n")
        var events = ""
        for _ in 0..<100 where !events.contains("Ada") || !events.contains("has ended") { events += stream.readAll(timeout: 0.1) }
        #expect(events.contains(#"data: {"type":"error","ended":true,"message":"The connection to the app has ended: "#), "\(events.suffix(400))")
        #expect(events.contains(#"users.addUser(name: \\\"Ada\\\", age: 36)"#), "\(events.suffix(400))")
        let command = try web.command(#"{"command":"status","id":2}"#)
        #expect(command["ok"] == false && command["error"]?.stringValue?.hasPrefix("The connection to the app has ended") == true,
                "\(command.canonicalText)")
        stream.close()
        #expect(web.interrupt() == 0, "\(web.output)")
        #expect(web.output.contains("the app's steps are kept in "), "\(web.output)")
    }

    @Test func listenWebServesThePageOnceTheAppDialsIn() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let debugger = try ListeningDebugger(binary, ["--web", "--timeout", "30"], in: directory.path)
        let app = try ServedApp(binary, ["users", "-o", "app.jsonl", "--interval", "0"], in: directory.path, environment: debugger.environment)
        #expect(debugger.waitForOutput(containing: "Ctrl-C stops\n"), "\(debugger.output) \(debugger.error)")
        let line = try #require(debugger.output.split(separator: "\n").first { $0.hasPrefix("live page for users") })
        let address = try #require(line.split(separator: " ").last)
        let port = try #require(UInt16(address.dropFirst("http://127.0.0.1:".count).prefix { $0 != "/" }))
        let token = try #require(address.split(separator: "=").last)
        let body = #"{"command":"status","id":1}"#
        let status = try #require(try LoopbackHTTPConnection.exchange(port: port, """
            POST /command HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n\
            Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)
            """))
        #expect(status.status == 200 && status.body.contains(#""ok":true"#), "\(status.body)")
        kill(debugger.process.processIdentifier, SIGINT)
        #expect(debugger.finish() == 0, "\(debugger.error)")
        _ = app.stop()
    }

    @Test func webOptionsAreCheckedBeforeTheAppIsReached() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let port = try binary.run(["attach", "1", "--web-port", "8080"], in: directory.path)
        #expect(port.status == 64)
        #expect(port.error == "statedbg: error: --web-port sets the port of --web's page; add --web.\n")
        let script = try binary.run(["listen", "--web", "-c", "log"], in: directory.path)
        #expect(script.status == 64)
        #expect(script.error == "statedbg: error: --web serves the live page instead of the REPL, so it takes no --command.\n")
        let bad = try binary.run(["attach", "1", "--web", "--web-port", "http"], in: directory.path)
        #expect(bad.status == 64)
        #expect(bad.error.contains("--web-port <port>"), "\(bad.error)")
    }
}
