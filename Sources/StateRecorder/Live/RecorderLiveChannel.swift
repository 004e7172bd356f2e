import StateJSON
import StateJournal
import StateLive

/// A recorder's live channel: the server (from StateLive) streaming the journal's lines, and the
/// recorder's side of it (``RecorderLiveApp``) answering the debugger's commands.
final class RecorderLiveChannel<State, Action>: Sendable {
    let server: LiveServer
    let app: RecorderLiveApp<State, Action>

    private init(server: LiveServer, app: RecorderLiveApp<State, Action>) {
        self.server = server
        self.app = app
    }

    /// Opens `channel` for a journal whose builder stands after its last step, and says where it listens
    /// when the channel announces; a failure is told to `onError` and the app records on without it.
    static func open(
        _ channel: RecorderOptions.LiveChannel, appID: String, actions: ActionRegistry, builder: JournalBuilder,
        path: String, keyframePolicy: KeyframePolicy, appTimeout: Duration, onError: @escaping @Sendable (String) -> Void,
        makeRolloverHeader: @Sendable (Int, JSONValue, String) -> JournalHeader
    ) -> RecorderLiveChannel? {
        var header: [UInt8] = []
        if builder.lastStep == builder.header.firstStep - 1 {
            builder.writeHeader(into: &header)
        } else {
            // A resumed journal: the channel starts from the state it resumes at, in the journal's own
            // version, whose rule the streamed lines' hashes follow.
            let resumed = makeRolloverHeader(builder.lastStep + 1, builder.lastState, JournalSegmentName.fileName(path))
            builder.continuation(after: resumed, policy: keyframePolicy).writeHeader(into: &header)
        }
        let app = RecorderLiveApp<State, Action>(appID: appID, actions: actions, schema: builder.header.schema)
        let announce = channel.announce
        let report: @Sendable (LiveDialer.Event) -> Void = { event in
            if event.isError { onError(event.description) } else { announce(event.description) }
        }
        // The socket, the port and the dialer open each on its own: one that did not is told, the
        // others serve.
        let (transports, failures) = channel.openTransports(report: report)
        guard !transports.isEmpty else {
            let reasons = failures.map(\.description).joined(separator: " ")
            onError("statedbg could not open the live channel, and records without it: \(reasons)")
            return nil
        }
        for failure in failures {
            onError("statedbg could not open part of the live channel, and serves through the rest: \(failure)")
        }
        do {
            var configuration = channel.serverConfiguration
            configuration.appCommandTimeout = appTimeout
            let server = try LiveServer(transports: transports, configuration: configuration,
                                        header: header, firstStep: builder.lastStep + 1, app: app)
            if channel.announces { server.announcement.forEach(channel.announce) }
            return RecorderLiveChannel(server: server, app: app)
        } catch {
            onError("statedbg could not open the live channel, and records without it: \(error)")
            return nil
        }
    }

    /// Where the channel listens, and the debugger it dials.
    var endpoints: LiveChannelEndpoints {
        LiveChannelEndpoints(socketPath: server.socketPath, tcp: server.tcp.map { LiveChannelEndpoints.TCP(port: $0.port, token: $0.token) },
                             dialOut: server.dialer.map { "\($0.endpoint)" })
    }

    /// Whether a debugger set any trap; ``trapIfMet(_:state:step:)`` is worth calling only then.
    var hasTraps: Bool { app.traps.anyArmed }

    /// Called on the app's dispatching thread after it recorded `step`: when the step meets a trap a
    /// debugger set, raises SIGTRAP here if a debugger is attached to the app, so that it stops with
    /// the dispatching thread's stack, and tells the client that set it either way. Without a debugger
    /// attached nothing is raised: the signal would end the app.
    func trapIfMet(_ action: Action, state: State, step: Int) {
        let hits = app.traps.hits(action: action, state: state, step: step)
        guard !hits.isEmpty else { return }
        let attached = AttachedDebugger.isAttached
        for hit in hits {
            server.tell(LiveNotice(.trap(number: hit.trap.number, step: step, condition: hit.trap.condition.text, stopped: attached)),
                        to: hit.owner)
        }
        if attached {
            // The debugger stops here: `bt` shows the app's dispatch; `continue` lets the app run on.
            AttachedDebugger.trapIfAttached()
        }
    }

    /// Closes the channel and lets go of the app's hooks: they usually capture its store, which holds
    /// the recorder, so that a closed recorder and its store are freed.
    func close() {
        server.close()
        app.withHooks { hooks in
            hooks.dispatch = nil
            hooks.pause = nil
            hooks.resume = nil
        }
    }
}
