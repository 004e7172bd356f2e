#if canImport(WebKit)
import Foundation
import StatePageBridge
import WebKit

/// The web view showing the live page, and its WebKit ends of the bridge: the bridge script injected at
/// document start, the `statedbg` message handler passing the page's requests to the ``PageBridge``,
/// and `evaluateJavaScript` handing the page the bridge's messages. Everything else is the bridge's.
///
/// Not built here (no Apple platform): written against the documented WebKit API and read, not run.
@MainActor
final class LivePageWebView: NSObject, WKNavigationDelegate, WKScriptMessageHandler {
    /// Makes the bridge once the page has loaded, delivering through the closure it is given.
    typealias BridgeMaker = @MainActor (_ deliver: @escaping @Sendable ([String], @escaping @Sendable () -> Void) -> Void) -> PageBridge

    let webView: WKWebView
    private let makeBridge: BridgeMaker
    private var bridge: PageBridge?

    init(makeBridge: @escaping BridgeMaker) {
        self.makeBridge = makeBridge
        let content = WKUserContentController()
        content.addUserScript(WKUserScript(source: PageBridge.webKitBridgeScript, injectionTime: .atDocumentStart,
                                           forMainFrameOnly: true))
        let configuration = WKWebViewConfiguration()
        configuration.userContentController = content
        webView = WKWebView(frame: .zero, configuration: configuration)
        super.init()
        // The content controller holds its handlers strongly; through a weak one it does not keep this alive.
        content.add(WeakScriptMessageHandler(self), name: PageBridge.messageHandlerName)
        webView.navigationDelegate = self
        webView.loadHTMLString(PageBridge.livePageHTML, baseURL: nil)
    }

    /// The page has run its script and connected to `window.statedbgBridge`: the bridge starts now, so
    /// that the app's messages find the page listening.
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        bridge?.close()
        bridge = makeBridge { [weak webView] messages, delivered in
            let script = PageBridge.deliveryScript(messages)
            Task { @MainActor [weak webView] in
                // A page that is gone takes nothing more; its bridge is being closed.
                guard let webView else { return }
                webView.evaluateJavaScript(script) { _, _ in delivered() }
            }
        }
    }

    /// A request from the page, as JSON text.
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard message.name == PageBridge.messageHandlerName, let text = message.body as? String else { return }
        bridge?.receive(text)
    }

    /// Ends the page's connection to the app and lets go of the message handler.
    func close() {
        bridge?.close()
        bridge = nil
        webView.configuration.userContentController.removeScriptMessageHandler(forName: PageBridge.messageHandlerName)
        webView.navigationDelegate = nil
    }
}

/// Passes messages on to a handler it does not keep alive.
@MainActor
private final class WeakScriptMessageHandler: NSObject, WKScriptMessageHandler {
    private weak var target: (any WKScriptMessageHandler)?

    init(_ target: any WKScriptMessageHandler) {
        self.target = target
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        target?.userContentController(userContentController, didReceive: message)
    }
}
#endif
