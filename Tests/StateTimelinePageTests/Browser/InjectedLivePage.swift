import Foundation
import StateJSON
import StatePage

/// A live page whose bridge is injected, as an app's web view injects it: a script defined before the
/// page's own hands it journal lines from the page itself, `perMessage` lines a `lines` message, one
/// message per task. It lets a test feed a page any journal without an app or a server. The last `held`
/// lines wait until the test calls `window.releaseFeed()`.
enum InjectedLivePage {
    static func make(lines: [String], perMessage: Int, held: Int = 0) -> [UInt8] {
        let feed = PageDocument.scriptSafe(Array(JSONValue.array(lines.map { .string($0) }).canonicalText.utf8))
        let nonce = PageDocument.randomNonce()
        var page = PageDocument.livePage(nonce: nonce, bridge: .injected)
        let bridge = """
            <script type="application/json" id="feed">\(String(decoding: feed, as: UTF8.self))</script>
            <script nonce="\(nonce)">
            window.statedbgBridge = {
              sent: [],
              connect(receive) {
                this.receive = receive;
                const lines = JSON.parse(document.getElementById('feed').textContent);
                receive({type: 'hello', greeting: {app: 'test', pid: 1, lastStep: 0, currentStep: 0, paused: false}});
                let at = 0;
                let end = lines.length - \(held);
                window.feedStarted = performance.now();
                const next = () => {
                  receive({type: 'lines', lines: lines.slice(at, Math.min(end, at + \(perMessage)))});
                  at = Math.min(end, at + \(perMessage));
                  if (at < end) setTimeout(next, 0); else if (end === lines.length) window.feedDone = performance.now();
                };
                window.releaseFeed = () => { end = lines.length; setTimeout(next, 0); };
                setTimeout(next, 0);
              },
              send(request) { this.sent.push(request); },
            };
            </script>
            """
        if let head = page.firstRange(of: Array("<head>".utf8)) {
            page.insert(contentsOf: Array(bridge.utf8), at: head.upperBound)
        }
        return page
    }
}
