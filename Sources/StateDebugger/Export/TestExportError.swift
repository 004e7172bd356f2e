/// Why ``TestExporter`` could not write a test for a recording.
///
/// ```text
/// bank.jsonl: the recording was made by the app "bank", but the test would replay it with "counter"; pass the app whose id is "bank".
/// ```
public enum TestExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The recording could not be read.
    case recording(DebuggerError)
    /// The recording was made by another app than the one given.
    case otherApp(path: String, recorded: String, given: String)
    /// A type's name cannot be written in source code (a local or private type).
    case unnameableType(String, role: String)
    /// The app expression is empty.
    case emptyAppExpression

    /// The exit status the command line uses for this error.
    public var exitStatus: Int32 {
        switch self {
        case .recording(let error): error.exitStatus
        case .otherApp, .unnameableType, .emptyAppExpression: 64
        }
    }

    public var description: String {
        switch self {
        case .recording(let error):
            error.description
        case .otherApp(let path, let recorded, let given):
            "\(path): the recording was made by the app \"\(recorded)\", but the test would replay it with \"\(given)\"; pass the app whose id is \"\(recorded)\"."
        case .unnameableType(let name, let role):
            "The \(role) type \(name) cannot be named from another file (it is local or private); make it internal or public to generate a test."
        case .emptyAppExpression:
            "The app expression is empty; pass the Swift expression that names the RecordableApp, such as BankApp.app."
        }
    }
}
