import Foundation
import StateJSON
import Testing
import TestSupport

/// The live page in a real browser, against `statedbg serve users` attached with `--web`: steps appear
/// as the app records them, the page's travel and dispatch reach the app, and requests without the
/// token or from another origin are refused. Skipped, as the other browser tests, without a browser.
@Suite(.serialized, .enabled(if: WebDriver.shouldRun, "no browser: install chromium and chromedriver (apt-get install chromium chromium-driver) to run the browser tests"))
struct LivePageBrowserTests {
    /// A served app and the page attached to it.
    final class LiveSetup {
        let folder: TemporaryDirectory
        let app: RunningCommand
        let web: RunningCommand
        let address: String
        let port: UInt16
        let token: String

        init(steps: Int, interval: Int = 50) throws {
            folder = try TemporaryDirectory()
            let socket = folder.file("app.sock")
            app = try RunningCommand(["serve", "users", "--interval", String(interval), "--steps", String(steps),
                                      "--socket", socket, "-o", folder.file("users-live.jsonl")], in: folder.path)
            _ = try app.line(startingWith: "attach with:")
            web = try RunningCommand(["attach", socket, "--web"], in: folder.path)
            let line = try web.line(startingWith: "live page for ")
            address = String(line[line.range(of: "http://")!.lowerBound...])
            let hostPort = address.dropFirst("http://127.0.0.1:".count).prefix { $0 != "/" }
            port = UInt16(hostPort)!
            token = String(address[address.range(of: "#token=")!.upperBound...])
        }

        func stop() {
            #expect(web.interrupt() == 0, "attach --web did not end cleanly on Ctrl-C: \(web.standardError)")
            app.interrupt()
        }

        /// A command sent as the page sends it; the app's reply.
        func command(_ json: String) throws -> JSONValue {
            let request = "POST /command HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\nConnection: close\r\n\r\n\(json)"
            let response = try #require(try LoopbackHTTPConnection.exchange(port: port, request, timeout: 15))
            #expect(response.status == 200, "\(response.head)\n\(response.body)")
            return try JSONValue(parsing: Array(response.body.utf8))
        }
    }

    /// Polls `script` (which returns a value) in the page until `isDone` holds for it, up to `timeout` seconds.
    func wait(_ browser: WebDriver, _ script: String, timeout: Double = 20, until isDone: (JSONValue) -> Bool) async throws -> JSONValue {
        let end = Date().addingTimeInterval(timeout)
        var value: JSONValue = .null
        while Date() < end {
            value = try await browser.execute(script)
            if isDone(value) { return value }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        Issue.record("the page never reached the expected state; last value: \(value.canonicalText)")
        return value
    }

    static let lastStep = "return window.statedbgTimeline ? window.statedbgTimeline.timeline.lastStep : -1;"

    @Test func stepsAppearAsTheAppRecordsThemAndThePageTravelsAndDispatches() async throws {
        let setup = try LiveSetup(steps: 30, interval: 100)
        defer { setup.stop() }
        try await WebDriver.session { browser in
            try await browser.open(setup.address)
            // The steps the app recorded arrive; then each step it records while the page is open appears,
            // the page following the newest (the dispatches come from another client, as actions from the app would).
            let done = try await wait(browser, Self.lastStep) { ($0.int64Value ?? -1) >= 30 }
            for (index, name) in ["Ann", "Bob", "Cy"].enumerated() {
                let reply = try setup.command(#"{"command":"dispatch","text":"users.addUser(name: \"\#(name)\", age: 30)","id":\#(index)}"#)
                #expect(reply["ok"] == true, "\(reply.canonicalText)")
                let arrived = try await wait(browser, Self.lastStep) { $0.int64Value == (done.int64Value ?? 0) + Int64(index) + 1 }
                #expect(arrived.int64Value == (done.int64Value ?? 0) + Int64(index) + 1)
            }
            let newest = try await browser.execute(Self.lastStep)
            // The page draws what arrived at its next frame (or within 100 ms without frames): wait for that
            // drawing before asking what it shows.
            _ = try await wait(browser, "return !window.statedbgTimeline.page.refreshScheduled;") { $0 == true }
            let shown = try await browser.execute("""
                const p = window.statedbgTimeline.page;
                return {current: p.current, following: p.following, row: document.querySelector('.row.current .step')?.textContent,
                        status: document.getElementById('live-status').textContent};
                """)
            #expect(shown["current"] == newest, "the page does not show the newest step")
            #expect(shown["following"] == .bool(true))
            #expect(shown["status"]?.stringValue?.contains("users (pid \(setup.app.pid))") == true, "\(shown)")

            // Click step 5, then "jump app here": the app's state becomes step 5's.
            try await browser.execute("document.getElementById('action-list').scrollTop = 0; window.statedbgTimeline.page.drawRows();")
            try await browser.click(".row[data-step='5']")
            let afterClick = try await browser.execute("return [window.statedbgTimeline.page.current, window.statedbgTimeline.page.following];")
            #expect(afterClick == [5, false], "clicking a step shows it and stops following")
            try await browser.click("#app-jump")
            _ = try await wait(browser, "return window.statedbgLive.appStep;") { $0 == 5 }
            let expected = try await browser.execute("return canonicalJSON(window.statedbgTimeline.timeline.state(5));")
            let snapshot = try setup.command(#"{"command":"snapshot","id":1}"#)
            #expect(snapshot["state"] == (try JSONValue(parsing: Array((expected.stringValue ?? "").utf8))),
                    "the app's state after jump is not step 5's")
            let said = try await wait(browser, "return window.statedbgLive.messages.map((m) => m.text);") {
                $0.arrayValue?.contains { $0.stringValue?.hasPrefix("jump: the app's state is now step 5") == true } == true
            }
            #expect(said.arrayValue?.contains(.string("the app went back to step 5 (jump)")) == true, "\(said)")

            // A dispatch typed into the page reaches the app, and its step arrives in the page.
            try await browser.type(#"users.addUser(name: "Grace", age: 85)"#, into: "#dispatch-text")
            try await browser.click("#app-dispatch")
            let label = try await wait(browser, "const t = window.statedbgTimeline.timeline; return t.entry(t.lastStep).action?.label ?? null;") {
                $0.stringValue?.contains("Grace") == true
            }
            #expect(label == .string(#"users.addUser(name: "Grace", age: 85)"#))
            let state = try setup.command(#"{"command":"snapshot","id":2}"#)
            #expect(state["state"]?.canonicalText.contains("Grace") == true, "the dispatched action did not reach the app")
            // The new step parts from step 5 (the app travelled there): the page lists the branch.
            let parent = try await browser.execute("const t = window.statedbgTimeline.timeline; return t.entry(t.lastStep).parent;")
            #expect(parent == 5)

            // The screenshot the TimelinePage article shows: the new step, its branch, the app's answer.
            _ = try await wait(browser, "return window.statedbgLive.messages.at(-1)?.text ?? '';") { $0.stringValue?.hasPrefix("dispatch: ") == true }
            // Follow again: the page shows the newest step, the one the dispatch made.
            try await browser.click("#follow")
            let followed = try await browser.execute("const p = window.statedbgTimeline.page; return [p.current === p.timeline.lastStep, p.following, document.querySelector('.row.app-step .step')?.textContent ?? null, String(p.timeline.lastStep)];")
            #expect(followed[0] == true && followed[1] == true, "\(followed)")
            #expect(followed[2] == followed[3], "the list marks the step the app is at")
            try Data(try await browser.screenshot()).write(to: URL(fileURLWithPath: PageTools.screenshots + "/live-page.png"))

            // A text the page cannot read as an action is refused with a reason.
            try await browser.type("not an action (", into: "#dispatch-text")
            try await browser.click("#app-dispatch")
            let refusal = try await wait(browser, "return window.statedbgLive.messages.at(-1);") { $0["kind"] == .string("error") }
            #expect(refusal["text"]?.stringValue?.hasPrefix("dispatch: ") == true, "\(refusal)")

        }
        #expect(setup.web.standardOutput.contains("page connected; 1 open"), "\(setup.web.standardOutput)")
        #expect(setup.web.standardOutput.contains("page: jump → the app's state is now step 5"), "\(setup.web.standardOutput)")
    }

    @Test func aPageWithoutTheTokenAndAForeignOriginAreRefused() async throws {
        let setup = try LiveSetup(steps: 3)
        defer { setup.stop() }
        try await WebDriver.session { browser in
            // The page without its fragment: the page loads (it holds no data) but gets nothing.
            try await browser.open("http://127.0.0.1:\(setup.port)/")
            let said = try await wait(browser, "return window.statedbgLive?.messages.at(-1) ?? null;") { $0["kind"] == .string("error") }
            #expect(said["text"]?.stringValue?.contains("no token") == true, "\(said)")
            #expect(try await browser.execute(Self.lastStep) == -1)
            // A wrong token: the stream is refused.
            let status = try await browser.executeAsync("""
                const done = arguments[arguments.length - 1];
                fetch('/events?token=0123456789abcdef0123456789abcdef').then((r) => done(r.status), () => done(-1));
                """)
            #expect(status == 401)
        }
        // A request from another site's page (its Origin), with the right token even: refused, and the
        // app gets no command.
        let body = #"{"command":"dispatch","text":"users.addUser(name: \"Mallory\", age: 1)","id":1}"#
        let foreign = try #require(try LoopbackHTTPConnection.exchange(port: setup.port, """
            POST /command HTTP/1.1\r\nHost: 127.0.0.1:\(setup.port)\r\nOrigin: http://attacker.example\r\nAuthorization: Bearer \(setup.token)\r\n\
            Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)
            """))
        #expect(foreign.status == 403)
        // A site whose name points at 127.0.0.1 (DNS rebinding) sends its own Host: refused.
        let rebound = try #require(try LoopbackHTTPConnection.exchange(port: setup.port, "GET / HTTP/1.1\r\nHost: attacker.example:\(setup.port)\r\n\r\n"))
        #expect(rebound.status == 403)
        let snapshot = try setup.command(#"{"command":"snapshot","id":2}"#)
        #expect(snapshot["state"]?.canonicalText.contains("Mallory") == false)
    }
}
