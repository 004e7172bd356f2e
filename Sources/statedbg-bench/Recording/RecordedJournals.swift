/// The journals the recording scenario leaves for the reading scenario: written by `RecordingStore`
/// with the default options.
struct RecordedJournals: Sendable {
    var counter: String
    var counterSteps: Int
    var users: String
    var usersSteps: Int
}
