import StateLive

extension Recorder {
    /// A new connection to the recorder's live channel from inside the app (``RecorderOptions/LiveChannel/inProcess``):
    /// the client's end of a connected pair of sockets, which the caller owns and closes. The channel
    /// serves it as it serves `statedbg attach`.
    ///
    /// - Throws: `LiveChannelError` when the recorder opened no live channel, or one without
    ///   `inProcess`, or it is closed.
    package func connectInProcess() throws(LiveChannelError) -> Int32 {
        guard let live else {
            throw LiveChannelError("The recorder has no live channel; give it one that the app may connect to: options.live = .inProcessOnly (or set inProcess on the channel it has).")
        }
        guard let listener = live.server.transports.lazy.compactMap({ $0 as? LiveInProcessListener }).first else {
            throw LiveChannelError("The recorder's live channel does not let the app connect to it; set inProcess on it (options.live?.inProcess = true), or use options.live = .inProcessOnly.")
        }
        return try listener.connect()
    }
}
