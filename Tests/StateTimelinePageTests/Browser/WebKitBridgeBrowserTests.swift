import Foundation
import StateJSON
import StatePage
import Testing
import TestSupport

/// The WebKit bridge's script (`bridge-webkit.js`, which an app's web view injects at document start)
/// in a real browser, with a stub of WebKit's `window.webkit.messageHandlers.statedbg` that records what
/// is posted to it: the page's requests go to the handler as JSON text, and the app's messages reach the
/// page's receive callback in order.
@Suite(.serialized, .enabled(if: WebDriver.shouldRun, "no browser: install chromium and chromedriver (apt-get install chromium chromium-driver) to run the browser tests"))
struct WebKitBridgeBrowserTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// A page with the bridge injected first (as the web view does), `stub` defining `window.webkit` or
    /// not, and nothing connected: each test connects as the timeline page does.
    private func page(withHandler: Bool) throws -> String {
        let stub = withHandler ? """
            window.posted = [];
            window.webkit = {messageHandlers: {statedbg: {postMessage: function (body) { window.posted.push(body); }}}};
            """ : ""
        let html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>bridge</title>
            <script>\(stub)</script>
            <script>\(PageDocument.webKitBridge)</script>
            </head><body></body></html>
            """
        let path = folder.file(withHandler ? "bridge.html" : "bridge-alone.html")
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        return URL(fileURLWithPath: path).absoluteString
    }

    @Test func postsThePagesRequestsAsJSONTextToTheHandler() async throws {
        try await WebDriver.session { browser in
            try await browser.open(try page(withHandler: true))
            let posted = try await browser.execute("""
                window.statedbgBridge.connect(function (message) {});
                window.statedbgBridge.send({command: "jump", step: 3, id: 1});
                window.statedbgBridge.send({command: "dispatch", text: "users.addUser(name: \\"Ada\\", age: 36)", id: 2});
                var refusals = [];
                [42, undefined, function () {}].forEach(function (bad) {
                    try { window.statedbgBridge.send(bad); } catch (error) { refusals.push(error.name); }
                });
                return {posted: window.posted, refusals: refusals};
                """)
            #expect(posted == [
                "posted": [#"{"command":"jump","step":3,"id":1}"#, #"{"command":"dispatch","text":"users.addUser(name: \"Ada\", age: 36)","id":2}"#],
                "refusals": ["TypeError", "TypeError", "TypeError"],
            ])
        }
    }

    @Test func deliversTheAppsMessagesToTheReceiverInOrderAlsoThoseBeforeItConnected() async throws {
        try await WebDriver.session { browser in
            try await browser.open(try page(withHandler: true))
            let received = try await browser.execute("""
                var bridge = window.statedbgBridge;
                bridge.deliver({type: "hello", greeting: {app: "users"}});
                bridge.deliver({type: "lines", lines: ["{\\"format\\":\\"statedbg-journal\\"}"]});
                var received = [];
                bridge.connect(function (message) {
                    if (message.type === "notice") { throw new Error("a page that fails on one message"); }
                    received.push(message);
                });
                bridge.deliver({type: "notice", notice: {live: "paused"}});
                bridge.deliver({type: "reply", reply: {reply: 1, ok: true, step: 3}});
                var again = null;
                try { bridge.connect(function () {}); } catch (error) { again = error.message; }
                window.statedbgBridge = null;
                return {received: received, again: again, kept: window.statedbgBridge === bridge, frozen: Object.isFrozen(bridge)};
                """)
            #expect(received == [
                "received": [
                    ["type": "hello", "greeting": ["app": "users"]],
                    ["type": "lines", "lines": [#"{"format":"statedbg-journal"}"#]],
                    ["type": "reply", "reply": ["reply": 1, "ok": true, "step": 3]],
                ],
                "again": "statedbgBridge is connected already; a page connects once.",
                "kept": true,
                "frozen": true,
            ])
        }
    }

    @Test func tellsThePageWhenNoAppIsThere() async throws {
        try await WebDriver.session { browser in
            try await browser.open(try page(withHandler: false))
            let received = try await browser.execute("""
                var received = [];
                window.statedbgBridge.connect(function (message) { received.push(message); });
                window.statedbgBridge.send({command: "status", id: 1});
                return received;
                """)
            #expect(received == [
                ["type": "error", "message": "This page is not inside an app that shows it: the web view has no message handler named statedbg."],
                ["type": "error", "message": "The page cannot reach the app: the web view has no message handler named statedbg."],
            ])
        }
    }
}
