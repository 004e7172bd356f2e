#if canImport(WebKit) && canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
import StatePageBridge
import StateRecorder
import SwiftUI

/// The live timeline page of the app's own recorder as a SwiftUI view (``LivePageViewController``
/// inside), for a sheet or a debug screen:
///
/// ```swift
/// .sheet(isPresented: $showsTimeline) { LivePageView(recorder: store.recorder) }
/// ```
///
/// Not built here (no Apple platform): written against the documented SwiftUI API and read, not run.
public struct LivePageView {
    private let makeController: @MainActor () -> LivePageViewController

    /// The live page of `recorder` (whose options give it a live channel the app may connect to).
    public init<State, Action>(recorder: Recorder<State, Action>, limits: PageBridge.Limits = PageBridge.Limits()) {
        makeController = { LivePageViewController(recorder: recorder, limits: limits) }
    }
}

#if canImport(UIKit)
extension LivePageView: UIViewControllerRepresentable {
    /// Makes the page's controller.
    public func makeUIViewController(context: Context) -> LivePageViewController {
        makeController()
    }

    /// Nothing to update: the page follows the app by itself.
    public func updateUIViewController(_ controller: LivePageViewController, context: Context) {}

    /// Ends the page's connection when SwiftUI removes the view.
    public static func dismantleUIViewController(_ controller: LivePageViewController, coordinator: ()) {
        controller.close()
    }
}
#else
extension LivePageView: NSViewControllerRepresentable {
    /// Makes the page's controller.
    public func makeNSViewController(context: Context) -> LivePageViewController {
        makeController()
    }

    /// Nothing to update: the page follows the app by itself.
    public func updateNSViewController(_ controller: LivePageViewController, context: Context) {}

    /// Ends the page's connection when SwiftUI removes the view.
    public static func dismantleNSViewController(_ controller: LivePageViewController, coordinator: ()) {
        controller.close()
    }
}
#endif
#endif
