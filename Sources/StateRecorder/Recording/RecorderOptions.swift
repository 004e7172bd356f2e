import Foundation
import StateJSON
import StateJournal

/// How a ``RecordingStore`` writes its journal.
///
/// ```swift
/// var options = RecorderOptions()
/// options.durability = .everyStep(sync: false)   // the default: nothing acknowledged is lost if the app crashes
/// options.snapshots = .patches(keyframeInterval: 1000)
/// options.redaction = try Redaction(paths: [".session.token"], keys: ["password"])
/// ```
public struct RecorderOptions: Sendable, Equatable {
    /// How the state of each step is stored.
    public enum Snapshots: Sendable, Equatable {
        /// A patch against the previous step, with a whole state (a keyframe) whenever the patches
        /// since the last keyframe add up to more than twice the state's size, so rebuilding any step
        /// reads at most about three times the state, and every `keyframeInterval` steps once they add
        /// up to half of it, so keyframes never take more than twice the bytes of the patches they serve.
        case patches(keyframeInterval: Int)
        /// A whole state on every step: larger files that `grep` can search.
        case everyStep
    }

    /// When written lines are handed to the operating system (and, with `sync`, to the disk).
    ///
    /// | policy | survives a crash of the app | survives a power cut |
    /// |---|---|---|
    /// | `everyStep(sync: false)` | every acknowledged step | what the OS had written back |
    /// | `everyStep(sync: true)` | every acknowledged step | every acknowledged step |
    /// | `batched(steps:milliseconds:)` | all but at most the last batch | what the OS had written back |
    /// | `onClose` | nothing until ``RecordingStore/close()`` | nothing until close |
    ///
    /// With `sync: true` each write is followed by `fsync`, on Apple platforms by `fcntl(F_FULLFSYNC)`,
    /// without which the drive may hold the bytes in its cache. Under every policy a new journal file
    /// (the first, and each one rolled over to) takes its name only once its header is on the disk, and
    /// its directory is synced after, so that a power cut leaves the name with the file.
    ///
    /// A step is *acknowledged* once ``RecordingStore/acknowledgedStep`` reaches it. Under `everyStep`
    /// the writer hands every line to the OS before acknowledging it, batching the lines that queued up
    /// while it was writing (a group commit), so the cost stays low when dispatches come fast.
    public enum Durability: Sendable, Equatable {
        case everyStep(sync: Bool)
        case batched(steps: Int, milliseconds: Int)
        case onClose
    }

    /// What happens when the journal reaches ``maxFileBytes``.
    public enum Limit: Sendable, Equatable {
        /// Stop recording (the app goes on); the journal ends with a marker saying why.
        case stop
        /// Close the file and continue in a new one beside it, named `NAME.2.jsonl`, `NAME.3.jsonl`, …,
        /// whose header carries the current state as its initial state.
        case roll
    }

    /// The keyframe policy that ``snapshots`` stands for.
    package var keyframePolicy: KeyframePolicy {
        switch snapshots {
        case .patches(let interval): KeyframePolicy(interval: interval)
        case .everyStep: .everyStep
        }
    }

    /// How states are stored. Default: patches, with a keyframe interval of 4,096 steps.
    public var snapshots: Snapshots = .patches(keyframeInterval: 4096)
    /// When lines reach the OS. Default: every step, without `fsync`.
    public var durability: Durability = .everyStep(sync: false)
    /// What to hide before anything reaches the disk.
    public var redaction: Redaction = Redaction()
    /// The largest journal file, in bytes; `nil` for no limit.
    public var maxFileBytes: Int64?
    /// What to do at ``maxFileBytes``.
    public var limit: Limit = .roll
    /// How many steps may wait for the writer before `dispatch` waits for it (backpressure).
    ///
    /// The recent-state ring (``recentStates``) holds each state longer than the queue does; the
    /// state it lets go of travels to the writer with the next step and is freed there, so that freeing
    /// the app's old states (each object in them released) never slows dispatch. For a large
    /// state fewer steps wait (about 16 MB of the state's JSON in all, and at least 8 steps), since each
    /// waiting state holds its own copy of every array the app changed after it. The writer hands
    /// slots back half a queue at a time, so a long queue also means few wake-ups: with 128 slots a
    /// counter app outrunning its writer slept and woke both threads every 35 steps.
    public var queueCapacity: Int = 1024
    /// How many recent states stay in memory for fast undo, redo and jump, when states are captured on
    /// the writer thread (see ``StateCapture``; captured on the calling thread, none do); older ones are
    /// read back from the journal. For a large state fewer stay (about 16 MB of the state's JSON in all, and at
    /// least 8), since each holds its own copy of every array the app changed after it.
    public var recentStates: Int = 2048
    /// What to do when the journal's path already names a file. Default: keep it and record into a
    /// new numbered file beside it (see ``ExistingJournalPolicy``).
    public var existingJournal: ExistingJournalPolicy = .startNewFile
    /// Replace an existing file at the journal's path: `existingJournal == .replace`. Setting it to
    /// `false` makes an existing file an error (``ExistingJournalPolicy/fail``).
    public var overwrite: Bool {
        get { existingJournal == .replace }
        set { existingJournal = newValue ? .replace : .fail }
    }
    /// Whether each step records where its action was dispatched (``CallSite``). Default: on.
    public var recordsCallSites: Bool = true
    /// How the recorder captures states (see ``StateCapture``). Default: `.automatic`.
    public var stateCapture: StateCapture = .automatic
    /// A live channel for `statedbg attach`; `nil` (the default) opens one only when the environment
    /// variable `STATEDBG_LIVE` asks (see ``LiveChannel``).
    public var live: LiveChannel?
    /// Where the recorder calls the functions the app gave it (`setState`, the travelling reducer's
    /// dispatch, the live channel's dispatch, pause and resume); `nil` (the default): on the main
    /// actor when the recorder is made on the main thread, on any thread otherwise (see ``AppExecutor``).
    public var appExecutor: AppExecutor?
    /// How long the recorder waits for ``appExecutor`` to start one of the app's functions before it
    /// gives up: the debugger's command then fails, ``Recorder/undo(_:)`` throws, and the function never
    /// runs. Default: 5 seconds.
    public var appExecutorTimeout: Duration = .seconds(5)
    /// What the recorder does when the app goes to the background or is about to terminate (see
    /// ``Backgrounding``). Default: ``Backgrounding/flushAndEnd``.
    public var background: Backgrounding = .flushAndEnd
    /// Flight recorder mode: keep only the last steps, in memory, and write them as a journal on a
    /// crash, on going to the background, or on ``Recorder/dump(to:)`` (see ``FlightRecording``).
    /// The recorder then writes nothing at the path its initializer was given, and ``maxFileBytes`` has
    /// no effect. `nil` (the default) records every step into the journal file.
    public var flight: FlightRecording?
    /// Where the recorder hears that the app goes to the background: `NotificationCenter.default`, or
    /// a test's own center.
    package var lifecycleNotifications = LifecycleNotifications.default
    /// The format version a new journal is written in: the current one, or an earlier one to make a
    /// journal exactly as an earlier statedbg wrote it (the tests of the shipped recordings do).
    package var formatVersion = JournalFormat.currentVersion

    /// ``appExecutor``, or when it is `nil`, the main actor on the main thread and any thread elsewhere.
    var resolvedAppExecutor: AppExecutor {
        appExecutor ?? (MainQueue.isCurrent ? .mainActor : .anyThread)
    }

    /// When the recorder turns a state into JSON.
    ///
    /// On the writer thread, dispatch only retains the state and queues it: encoding, diffing,
    /// fingerprinting and freeing happen on the writer thread, but the queued and recent states hold
    /// the app's arrays, so a store that changes its state in place copies each array it changes whole
    /// (copy-on-write); a store whose reducer returns a changed copy pays that copy anyway.
    /// On the calling thread, the recorder encodes, diffs and fingerprints the state there, keeps copies
    /// of its own of the arrays it compares, and hands its writer thread only the serialized patch:
    /// nothing holds the app's state once the call returns, so the app's next change to it happens in
    /// place, and what an object in the state holds is read before the app can change it.
    ///
    /// Whether a state may hold objects is decided from its type, before the first step: a class, an
    /// existential (`any P`), a function that is not `@Sendable`, or an enum with payloads anywhere
    /// inside (in a struct, a tuple, an optional, an array, a set, a dictionary or a `ChunkedArray`) may;
    /// strings, numbers, `Data`, `Date`, `URL` and other Foundation values, enums without payloads, and
    /// `@Sendable` functions (which capture only Sendable values, and which the encoder never calls)
    /// cannot. The state type's own `Sendable` conformance plays no part.
    public enum StateCapture: Sendable, Equatable {
        /// On the calling thread for a ``RecordingStore`` whose state has storage to copy (arrays,
        /// dictionaries, strings: the store changes its state in place) that neither limits its file size
        /// (``RecorderOptions/maxFileBytes``), redacts (``RecorderOptions/redaction``: undo must not read
        /// redacted states back) nor opens a live channel, and for a state whose type may hold objects
        /// (they may change after the call returns); on the writer thread otherwise: a ``Recorder`` fed
        /// a value state by the app's own store, whose reducer returns a changed copy anyway, and
        /// plain-data states.
        case automatic
        /// Always on the calling thread, inside ``Recorder/record(_:state:site:)``: for large states
        /// changed in place.
        case onCallingThread
        /// On the writer thread, taking the app's word that no object in the state changes after it
        /// was recorded where the type cannot tell (an existential, a function, an enum with payloads);
        /// a state with a class anywhere in its type is still captured on the calling thread.
        case onWriterThread
    }

    /// The defaults.
    public init() {}

    /// The options as the journal header records them.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        switch snapshots {
        case .patches(let interval):
            members.append(("snapshots", "patches"))
            members.append(("keyframeInterval", .integer(Int64(interval))))
        case .everyStep:
            members.append(("snapshots", "everyStep"))
        }
        switch durability {
        case .everyStep(let sync):
            members.append(("durability", sync ? "everyStepSync" : "everyStep"))
        case .batched(let steps, let milliseconds):
            members.append(("durability", "batched"))
            members.append(("batchSteps", .integer(Int64(steps))))
            members.append(("batchMilliseconds", .integer(Int64(milliseconds))))
        case .onClose:
            members.append(("durability", "onClose"))
        }
        if let maxFileBytes {
            members.append(("maxFileBytes", .integer(maxFileBytes)))
            members.append(("limit", limit == .stop ? "stop" : "roll"))
        }
        if !redaction.isEmpty { members.append(("redaction", redaction.jsonValue)) }
        // A flight recording states its rules even when there are none: an empty list is a choice.
        if let flight { members.append(("flight", flight.jsonValue(redaction: redaction))) }
        return .object(JSONObject(members))
    }
}
