// Safe because it holds the decoder (itself Sendable) and one function that makes a new snapshotter, keeping nothing
// between calls (hence `@unchecked`).
/// The `Codable` conformances of an app's state type, looked up once, where the app was described or its
/// recorder made: a type of a target isolated to the main actor conforms to `Encodable` and `Decodable`
/// only there, and the journal's writer, the live channel and a test's replay run elsewhere.
struct StateConformances<State>: @unchecked Sendable {
    /// Decodes the state; `nil` when the state type is not `Decodable`.
    let decoder: StateDecoder<State>?
    private let snapshotter: () -> StateSnapshotter<State>

    private init(decoder: StateDecoder<State>?, snapshotter: @escaping () -> StateSnapshotter<State>) {
        self.decoder = decoder
        self.snapshotter = snapshotter
    }

    /// The conformances as the calling thread sees them.
    static func lookUp() -> StateConformances {
        StateConformances(decoder: StateDecoder.make(), snapshotter: StateSnapshotter<State>.maker())
    }

    /// A new snapshotter of the state: `Codable` when the state type is `Encodable`, reflection otherwise.
    func makeSnapshotter() -> StateSnapshotter<State> {
        snapshotter()
    }
}
