import StatePage
import StateRecorder

/// The live timeline page's way to the app it shows, inside the app: journal lines from the recorder as
/// they are written, and the page's travel, dispatch and pause sent back to the recorder, as
/// `statedbg attach` sends them. Everything but the web view: StatePageWebKit shows the page with it.
///
/// The recorder must let the app connect to its live channel (`RecorderOptions.LiveChannel.inProcess`):
///
/// ```swift
/// var options = RecorderOptions()
/// options.live = .inProcessOnly
/// let store = try RecordingStore(app: UsersApp.app, journal: path, options: options)
/// let bridge = PageBridge(recorder: store.recorder) { messages, delivered in
///     // Hand `messages` to the page (on the main thread), then say so.
///     delivered()
/// }
/// bridge.receive(#"{"command":"jump","step":3,"id":1}"#)
/// ```
///
/// Messages go to `deliver` one batch at a time: the next batch waits until the page said it has the
/// last (`delivered`). What waits for a slow page is bounded (``Limits/bufferedBytes``): past it the
/// bridge stops reading, the recorder's live channel keeps what follows up to its own limit for a
/// client (`RecorderOptions.LiveChannel.clientBufferBytes`) and then drops the page,
/// which is told why. The app never waits for the page. ``close()`` (or letting go of the bridge)
/// ends the connection.
public final class PageBridge: Sendable {
    /// How much a page may cost the app.
    public struct Limits: Sendable, Equatable {
        /// The bytes of messages that may wait for the page before the bridge stops reading the app's
        /// channel. Default: 4 MiB.
        public var bufferedBytes = 4 << 20
        /// The requests the page may have sent that the app has not answered; a request past them is
        /// refused at once. Default: 32.
        public var pendingRequests = 32
        /// The longest request the page may send, in bytes. Default: 64 KiB.
        public var requestBytes = 64 << 10

        /// The defaults.
        public init() {}
    }

    private let connection: PageConnection

    /// Connects to `recorder`'s live channel from inside the app and starts delivering its messages.
    /// A recorder whose channel the app cannot connect to is told to the page as an error message.
    ///
    /// - Parameters:
    ///   - recorder: The app's recorder, whose options gave it a live channel with `inProcess`.
    ///   - limits: How much the page may cost the app.
    ///   - deliver: Called with the messages for the page, each a JSON object's text
    ///     (``deliveryScript(_:)`` makes the script that hands them to the page), on whichever thread has
    ///     them: the bridge's own, or the one that called ``receive(_:)`` or `delivered`. Hand them on
    ///     without waiting there, and call `delivered` once the page has them, from any thread.
    public init<State, Action>(recorder: Recorder<State, Action>, limits: Limits = Limits(),
                               deliver: @escaping @Sendable (_ messages: [String], _ delivered: @escaping @Sendable () -> Void) -> Void) {
        connection = PageConnection(connect: recorder.connectInProcess, limits: limits) { messages, delivered in
            deliver(messages.map { String(decoding: $0.json, as: UTF8.self) }, delivered)
        }
    }

    deinit {
        connection.close()
    }

    /// Takes a request the page sent (JSON text, as the WebKit bridge posts it) and sends it to the app;
    /// its reply comes as a message. A request the bridge cannot send (not JSON, too long, a command
    /// the page may not send, an action it cannot read) gets an error reply at once. Never waits for
    /// the app: callable on the main thread.
    public func receive(_ request: String) {
        connection.receive(Array(request.utf8))
    }

    /// Ends the page's connection: nothing more is delivered, and the app's live channel forgets the
    /// page. Callable from any thread, more than once.
    public func close() {
        connection.close()
    }

    /// The live page to show: the timeline page, taking the app's messages from the WebKit bridge
    /// (``webKitBridgeScript``), which the web view must inject at document start.
    public static var livePageHTML: String {
        String(decoding: PageDocument.livePage(bridge: .injected), as: UTF8.self)
    }

    /// The script that defines `window.statedbgBridge` in the web view: requests go to the script
    /// message handler named `statedbg` as JSON text (pass each to ``receive(_:)``), and messages come
    /// through ``deliveryScript(_:)``.
    public static var webKitBridgeScript: String {
        PageDocument.webKitBridge
    }

    /// The name of the script message handler the WebKit bridge posts the page's requests to.
    public static let messageHandlerName = "statedbg"

    /// The script that hands `messages` (as `deliver` gave them) to the page, in order: for the web
    /// view to evaluate.
    public static func deliveryScript(_ messages: [String]) -> String {
        messages.map { "window.statedbgBridge.deliver(\($0));" }.joined(separator: "\n")
    }
}
