#if canImport(WebKit) && (canImport(UIKit) || canImport(AppKit))
import StatePageBridge
import StateRecorder
import WebKit
#if canImport(UIKit)
import UIKit

/// The platform's view controller class the live page's controller is.
public typealias _LivePagePlatformViewController = UIViewController
#else
import AppKit

/// The platform's view controller class the live page's controller is.
public typealias _LivePagePlatformViewController = NSViewController
#endif

/// The live timeline page of the app's own recorder, in a web view: the steps as they are recorded, the
/// state, the diffs, and travel, dispatch and pause acting on the app through the recorder (see
/// `PageBridge`). A `UIViewController` on iOS, an `NSViewController` on macOS.
///
/// ```swift
/// present(UINavigationController(rootViewController: LivePageViewController(recorder: store.recorder)), animated: true)
/// ```
///
/// The recorder's options must give it a live channel the app may connect to
/// (`options.live = .inProcessOnly`); without one the page says so. Not built here (no Apple platform):
/// written against the documented UIKit, AppKit and WebKit API and read, not run.
public final class LivePageViewController: _LivePagePlatformViewController {
    private let page: LivePageWebView

    /// The live page of `recorder`.
    ///
    /// - Parameters:
    ///   - recorder: The app's recorder, with a live channel the app may connect to.
    ///   - limits: How much the page may cost the app.
    public init<State, Action>(recorder: Recorder<State, Action>, limits: PageBridge.Limits = PageBridge.Limits()) {
        page = LivePageWebView { deliver in PageBridge(recorder: recorder, limits: limits, deliver: deliver) }
        super.init(nibName: nil, bundle: nil)
        title = "statedbg"
    }

    /// Not available: the page needs a recorder.
    @available(*, unavailable, message: "Use init(recorder:limits:)")
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The page's web view is the controller's view.
    public override func loadView() {
        view = page.webView
    }

    #if canImport(UIKit)
    /// Adds the Done button that dismisses the page.
    public override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [weak self] _ in
            self?.dismiss(animated: true)
        })
    }

    /// Ends the page's connection once the page is dismissed or popped.
    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        let leaving = isBeingDismissed || isMovingFromParent || navigationController?.isBeingDismissed == true
        if leaving { close() }
    }
    #else
    /// Ends the page's connection once the page's view leaves its window.
    public override func viewDidDisappear() {
        super.viewDidDisappear()
        close()
    }
    #endif

    /// Ends the page's connection to the app (the controller does it when it is dismissed); the page
    /// then shows what it had.
    public func close() {
        page.close()
    }
}
#endif
