import StateJSON
import StateJournal

/// What a recorder decides before its journal exists, in one place: the live channel asked for (by the
/// options, or else by the environment, which is read here and nowhere else), where states are captured
/// (``CaptureMode``), and the snapshotter that encodes them, primed for that mode.
struct RecorderSetup<State> {
    /// The live channel to open, if any.
    let live: RecorderOptions.LiveChannel?
    /// Where states are captured.
    let mode: CaptureMode
    /// Encodes the states; it encodes the first one too, so that the first step is diffed from it.
    let states: StateSnapshotter<State>
    /// Decodes a state read back from the journal for a travel; `nil` when the state is not `Decodable`.
    ///
    /// Looked up here, where the recorder is made: a type of a target isolated to the main actor
    /// conforms to `Decodable` only there, and a travel may run on another thread.
    let decodeState: StateDecoder<State>?

    init(initialState: State, options: RecorderOptions, owner: StateOwner<State>) {
        live = options.live ?? RecorderOptions.LiveChannel.fromEnvironment()
        mode = CaptureMode.choose(for: State.self, options: options, live: live != nil, owner: owner)
        let conformances = StateConformances<State>.lookUp()
        states = conformances.makeSnapshotter()
        decodeState = conformances.decoder
        // Before the first state is encoded, so that the first step is encoded from it and not from scratch.
        if mode.encodesOnCallingThread { states.keepOwnCopies() }
    }

    /// Makes the headers of a recorder's journal files: the first, and those it rolls over to, created
    /// at the time given (milliseconds since 1970).
    ///
    /// The writer thread gives the time of the last step it wrote rather than read the recorder's
    /// clock: a fixed clock (``RecordingClock/fixed(start:step:)``) advances on every reading, and
    /// readings from two threads would number the steps' times by how the threads happened to run.
    func headerMaker<Action>(
        for _: Action.Type, app: String, schema: AppSchema, schemaVersion: Int = 1, options: RecorderOptions
    ) -> @Sendable (_ firstStep: Int, _ state: JSONValue, _ previousFile: String?, _ created: Int64) -> JournalHeader {
        let coding = states.coding
        return { firstStep, state, previous, created in
            var header = JournalHeader(
                tool: JournalFormat.tool, app: app,
                stateType: String(reflecting: State.self), actionType: String(reflecting: Action.self),
                schema: schema.jsonValue, schemaHash: schema.fingerprint,
                created: RecordingClock.iso8601(milliseconds: created), firstStep: firstStep, previousFile: previous,
                options: options.jsonValue, initialState: state, hash: 0)
            header.stateCoding = coding
            header.schemaVersion = schemaVersion
            header.version = options.formatVersion
            // The first header's creation is the session's time origin (version 6 on); a header the
            // recorder rolls over to takes the first one's instead (``JournalBuilder/continuation(after:policy:)``).
            if header.version >= 6 { header.origin = created }
            return header
        }
    }
}
