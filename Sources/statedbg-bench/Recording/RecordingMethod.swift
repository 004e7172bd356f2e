/// The three ways the recording scenario runs an app.
enum RecordingMethod: String, CaseIterable, Sendable {
    /// A plain store: no recording at all.
    case store
    /// `RecordingStore` with the default options.
    case recorder
    /// ``NaiveRecorder``.
    case naive
}
