/// How ``RegisteredApp/serve(to:settings:isCancelled:started:)`` runs an app as a live process.
public struct ServeSettings: Sendable, Equatable {
    /// The random seed of the generated actions.
    public var seed: UInt64 = 1
    /// The pause between two generated actions, in milliseconds; 0 generates none (the app only
    /// takes actions from debuggers).
    public var intervalMilliseconds = 1000
    /// The most actions to generate; `nil` for no limit.
    public var maxSteps: Int?
    /// The recorder's options; the live channel is on whatever ``RecorderOptions/live`` says.
    public var options = RecorderOptions()
    /// Milliseconds since 1970 for each line's `time`.
    public var clock: @Sendable () -> Int64 = RecordingClock.wall

    /// The defaults: one action a second, seed 1, the default live socket.
    public init() {
        options.live = RecorderOptions.LiveChannel()
    }

    /// Two settings are equal when their fields other than the clock are (closures cannot be compared).
    public static func == (lhs: ServeSettings, rhs: ServeSettings) -> Bool {
        lhs.seed == rhs.seed && lhs.intervalMilliseconds == rhs.intervalMilliseconds && lhs.maxSteps == rhs.maxSteps
            && lhs.options == rhs.options
    }
}
