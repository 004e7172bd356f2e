import ExampleApps
import Foundation
import StateJSON
import StatePage
import StatePageBridge
import StateRecorder
import StateSync
import Testing
import TestSupport

/// The live page end to end inside an app, as StatePageWebKit shows it, with Chromium in the web view's
/// place: the page's document with the WebKit bridge injected first, a stub of WebKit's message handler,
/// and a ``PageBridge`` to a recording users app. What the page posts goes to the bridge; what the bridge
/// delivers is evaluated in the page (as `evaluateJavaScript` does). Runs once the page has its live mode.
@Suite(.serialized, .enabled(if: WebDriver.shouldRun, "no browser: install chromium and chromedriver (apt-get install chromium chromium-driver) to run the browser tests"),
       .enabled(if: PageDocument.js.contains("statedbgBridge"), "the timeline page has no live mode to test"))
struct LivePageWebKitBridgeTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// The live page as the web view loads it, with the stub handler and the bridge script run first
    /// (WebKit runs user scripts outside the page's policy; here they carry the page's nonce).
    private func page() throws -> String {
        let nonce = PageDocument.randomNonce()
        var html = String(decoding: PageDocument.livePage(nonce: nonce, bridge: .injected), as: UTF8.self)
        let injected = """
            <script nonce="\(nonce)">
            window.posted = [];
            window.webkit = {messageHandlers: {statedbg: {postMessage: function (body) { window.posted.push(body); }}}};
            \(PageBridge.webKitBridgeScript)
            </script>
            """
        let head = try #require(html.range(of: "<head>"))
        html.insert(contentsOf: "\n" + injected, at: head.upperBound)
        let path = folder.file("live.html")
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        return URL(fileURLWithPath: path).absoluteString
    }

    /// Carries messages both ways between the page and the bridge until `condition` holds, 10 seconds at
    /// most; whether it did.
    private func exchange(_ browser: WebDriver, _ bridge: PageBridge, _ outbox: Outbox,
                          until condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<200 {
            let messages = outbox.takeAll()
            if !messages.isEmpty { try await browser.execute(PageBridge.deliveryScript(messages)) }
            if case .array(let posted) = try await browser.execute("return window.posted.splice(0);") {
                for request in posted { if let text = request.stringValue { bridge.receive(text) } }
            }
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test func showsTheAppsStepsAndActsOnTheAppThroughTheBridge() async throws {
        var options = RecorderOptions()
        options.live = .inProcessOnly
        options.appExecutor = .anyThread
        let store = try RecordingStore(app: UsersApp.app, journal: folder.file("users.jsonl"), options: options)
        defer { try? store.close() }
        for (name, age) in [("Ada", 36), ("Bob", 7), ("Cy", 50)] { store.dispatch(.addUser(name: name, age: age)) }
        let outbox = Outbox()
        let bridge = PageBridge(recorder: store.recorder) { messages, delivered in
            outbox.append(messages)
            delivered()
        }
        defer { bridge.close() }
        let lastStep = "return window.statedbgTimeline && window.statedbgTimeline.timeline ? window.statedbgTimeline.timeline.lastStep : -1;"
        try await WebDriver.session { browser in
            try await browser.open(try page())
            #expect(try await exchange(browser, bridge, outbox) { try await browser.execute(lastStep) == 3 },
                    "the page did not show the app's 3 steps")
            store.dispatch(.addUser(name: "Dee", age: 20))
            #expect(try await exchange(browser, bridge, outbox) { try await browser.execute(lastStep) == 4 },
                    "a step the app recorded did not appear")
            try await browser.execute("document.getElementById('action-list').scrollTop = 0; window.statedbgTimeline.page.drawRows();")
            try await browser.click(".row[data-step='1']")
            try await browser.click("#app-jump")
            #expect(try await exchange(browser, bridge, outbox) { store.currentStep == 1 },
                    "the app is at step \(store.currentStep), not the step the page jumped it to")
            #expect(store.state.users.map(\.name) == ["Ada"])
            try await browser.type(#"users.addUser(name: "Grace", age: 85)"#, into: "#dispatch-text")
            try await browser.click("#app-dispatch")
            #expect(try await exchange(browser, bridge, outbox) { store.state.users.map(\.name).contains("Grace") },
                    "the action typed into the page did not reach the app: \(store.state.users.map(\.name))")
            #expect(try await exchange(browser, bridge, outbox) { try await browser.execute(lastStep) == 5 },
                    "the dispatched step did not appear")
        }
    }
}

/// The messages the bridge delivered that the page has not been given yet.
private final class Outbox: Sendable {
    private let messages = Locked<[String]>([])

    func append(_ more: [String]) {
        messages.withLock { $0 += more }
    }

    func takeAll() -> [String] {
        messages.withLock { messages -> [String] in
            defer { messages = [] }
            return messages
        }
    }
}
