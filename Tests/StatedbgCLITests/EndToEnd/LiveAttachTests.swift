#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import Testing

/// `statedbg serve` and `statedbg attach` as a person uses them: two processes, a real socket, and a
/// pseudo-terminal typed on.
@Suite(.serialized) struct LiveAttachTests {
    @Test func attachActsOnTheAppAndKeepsTheTimelineWhenTheAppIsKilled() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let socket = directory.file("app.sock")
        let app = try ServedApp(binary, ["counter", "-o", "app.jsonl", "--interval", "0", "--socket", socket], in: directory.path)
        #expect(app.banner == """
            serving counter: recording to app.jsonl, no generated actions; Ctrl-C stops
            live channel at \(socket)
            attach with: statedbg attach \(socket)

            """)

        let pty = try PseudoTerminal()
        let attach = Process()
        attach.executableURL = URL(fileURLWithPath: binary.path)
        attach.arguments = ["attach", socket]
        attach.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        attach.environment = ["HOME": directory.path, "XDG_RUNTIME_DIR": directory.path, "XDG_STATE_HOME": directory.path,
                              "TERM": "xterm", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
        let terminal = FileHandle(fileDescriptor: pty.slave, closeOnDealloc: false)
        attach.standardInput = terminal
        attach.standardOutput = terminal
        attach.standardError = terminal
        try attach.run()
        defer { if attach.isRunning { kill(attach.processIdentifier, SIGKILL) } }

        let increase = #"app dispatch counter.increase {"increase":{}}"#
        let steps: [(expected: String, keys: String)] = [
            ("(statedbg 0/0) ", increase + "\r"),
            ("the app dispatched counter.increase; its last step is 1\r\n(statedbg 0/1) ", increase + "\r"),
            ("(statedbg 0/2) ", "last\r"),
            ("(statedbg 2/2) ", "app jump 1\r"),
            ("the app's state is now step 1\r\n(statedbg 2/2) ", "app bogus\r"),
            ("error: unknown app command 'bogus'", ""),
        ]
        for (expected, keys) in steps {
            guard pty.waitForOutput(containing: expected) else {
                Issue.record("Never saw \(expected.debugDescription); output so far: \(pty.transcript.debugDescription)")
                return
            }
            if !keys.isEmpty { pty.send(keys) }
        }
        #expect(pty.waitForOutput(containing: "(statedbg 2/2) "), "\(pty.transcript.debugDescription)")
        app.kill9()
        pty.send("app status\r")
        #expect(pty.waitForOutput(containing: "error: The connection to the app has ended: the connection to the app ended without a goodbye: the app exited or was killed\r\n(statedbg 2/2) "), "\(pty.transcript.debugDescription)")
        pty.send("state\r")
        // The state as `state` prints it: `last` printed `"counter": 2` before, in its diff.
        #expect(pty.waitForOutput(containing: "{\r\n  \"counter\": 2\r\n}\r\n"), "\(pty.transcript.debugDescription)")
        // Said before the reply of the first command after the end: `app status` or `state`.
        let ended = "app: the connection ended: the connection to the app ended without a goodbye: the app exited or was killed. The timeline keeps the 2 steps that arrived"
        #expect(pty.transcript.contains(ended), "\(pty.transcript.debugDescription)")
        pty.send("back\r")
        #expect(pty.waitForOutput(containing: "(statedbg 1/2) "), "\(pty.transcript.debugDescription)")
        pty.send("\u{04}")
        #expect(pty.waitForOutput(containing: "the app's 2 steps are kept in \(directory.path)/statedbg/attach-"), "\(pty.transcript.debugDescription)")
        attach.waitUntilExit()
        #expect(attach.terminationStatus == 0)
        #expect(pty.transcript.contains("attached to counter (pid \(app.pid)) at \(socket): 0 steps so far"))
    }

    @Test func attachRefusesATargetWhereNoAppListens() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let result = try binary.run(["attach", directory.file("none.sock"), "-c", "info"], in: directory.path)
        #expect(result.status == 66)
        #expect(result.error == "statedbg: error: cannot connect to \(directory.file("none.sock")): No such file or directory. Is the app running with its live channel on (STATEDBG_LIVE=1, or RecorderOptions.live)?\n")
        let tcp = try binary.run(["attach", "127.0.0.1:9"], in: directory.path)
        #expect(tcp.status == 64)
    }

    @Test func aClientInPythonSpeaksTheProtocolFromTheDocumentation() throws {
        guard let python = ChildProcess.onPath("python3") else {
            Issue.record("python3 is not on PATH; the any-language check needs it.")
            return
        }
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let socket = directory.file("app.sock")
        let app = try ServedApp(binary, ["counter", "-o", "app.jsonl", "--interval", "0", "--socket", socket], in: directory.path)
        let script = try directory.write("client.py", Self.pythonClient)
        let run = try ChildProcess.run(python, [script, socket])
        _ = app.stop()
        #expect(run.status == 0)
        #expect(run.output == """
            hello: app counter, version 1
            header: statedbg-journal
            dispatch: the app dispatched counter.increase; its last step is 1
            step 1: counter.increase
            jump: the app's state is now step 0
            error: There is no step 5; the recording has steps 0 to 1.
            error: Unknown command "fly"; commands: hello, subscribe, unsubscribe, jump, undo, redo, dispatch, mark, pause, resume, snapshot, status, journal, read, trap, untrap.

            """)
    }

    /// The client the `LiveProtocol` article shows, with nothing but Python's standard library.
    static let pythonClient = #"""
        import json, socket, sys

        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(sys.argv[1])
        lines = sock.makefile("r", encoding="utf-8")

        def send(**command):
            sock.sendall((json.dumps(command) + "\n").encode())

        def read_until(done):
            for line in lines:
                message = json.loads(line)
                if "step" in message and "action" in message:
                    action = message["action"]
                    call = action if isinstance(action, str) else action.get("call") or action["type"]
                    print(f"step {message['step']}: {call.split('(')[0]}")
                elif message.get("format") == "statedbg-journal":
                    print("header: statedbg-journal")
                if done(message):
                    return message

        def reply(id):
            return read_until(lambda message: message.get("reply") == id)

        send(command="hello", version=1, id=1)
        hello = reply(1)
        print(f"hello: app {hello['app']}, version {hello['version']}")
        send(command="subscribe", id=2)
        reply(2)
        send(command="dispatch", action={"type": "counter.increase", "payload": {"increase": {}}}, id=3)
        print("dispatch: " + reply(3)["message"])
        read_until(lambda message: message.get("step") == 1)
        send(command="jump", step=0, id=4)
        print("jump: " + reply(4)["message"])
        send(command="jump", step=5, id=5)
        print("error: " + reply(5)["error"])
        send(command="fly", id=6)
        print("error: " + reply(6)["error"])
        """#
}
