#if canImport(WebKit) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import StatePageBridge
import StateRecorder
import UIKit

/// A window that shows the live timeline page of the app's recorder when the device is shaken (as
/// SwiftyState's debugger opens), over whatever the window presents. Make the scene's window one:
///
/// ```swift
/// window = LivePageWindow(windowScene: scene, recorder: store.recorder)
/// ```
///
/// Shaking again while the page shows does nothing; its Done button closes it. Not built here (no
/// Apple platform): written against the documented UIKit API and read, not run.
open class LivePageWindow: UIWindow {
    private var makePage: (@MainActor () -> UIViewController)?

    /// A window of `windowScene` that shows `recorder`'s live page on a shake.
    public init<State, Action>(windowScene: UIWindowScene, recorder: Recorder<State, Action>,
                               limits: PageBridge.Limits = PageBridge.Limits()) {
        super.init(windowScene: windowScene)
        makePage = { UINavigationController(rootViewController: LivePageViewController(recorder: recorder, limits: limits)) }
    }

    /// A window that shows no page, having no recorder. UIKit's own initializers may call this one;
    /// overriding it keeps Swift from trapping on a missing initializer then.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A window from a storyboard: it shows no page, having no recorder.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// On a shake, presents the page over the topmost presented controller, unless it shows already.
    open override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        super.motionEnded(motion, with: event)
        guard motion == .motionShake, let makePage, var top = rootViewController else { return }
        while let presented = top.presentedViewController { top = presented }
        let showing = (top as? UINavigationController)?.viewControllers.first is LivePageViewController
        guard !showing else { return }
        top.present(makePage(), animated: true)
    }
}
#endif
