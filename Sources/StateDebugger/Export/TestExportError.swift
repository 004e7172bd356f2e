/// Why ``TestExporter`` could not write a test for a recording.
///
/// ```text
/// The app "users" does not say how its code names it, so the test cannot replay it; set swiftName: on its registration (AppDefinition(id: "users", swiftName: "MyApp.definition", …) or RecordableApp(id: "users", swiftName: "MyApp.app", …)), or pass the expression with --app.
/// ```
package enum TestExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The recording could not be read.
    case recording(DebuggerError)
    /// The recording was made by another app than the one given.
    case otherApp(path: String, recorded: String, given: String)
    /// The app's registration has no ``StateRecorder/RegisteredApp/swiftName`` and no expression was given.
    case noSwiftName(app: String)
    /// The app's registration names no module and its state type's name gives none.
    case noModuleName(app: String, stateType: String)
    /// The app expression is empty.
    case emptyAppExpression
    /// The name asked for the test's type is not a Swift identifier.
    case invalidTypeName(String)
    /// The replay of the recording through the app's current code cannot reach its end whatever the
    /// reducer does (`reason` says why), so a test made from it could never pass.
    case neverPasses(path: String, reason: String)
    /// The replay of the recording runs no action through the reducer (`reason` says why), so a test
    /// made from it could never fail.
    case neverFails(path: String, reason: String)

    /// The exit status the command line uses for this error.
    package var exitStatus: Int32 {
        switch self {
        case .recording(let error): error.exitStatus
        case .otherApp, .noSwiftName, .noModuleName, .emptyAppExpression, .invalidTypeName: 64
        case .neverPasses, .neverFails: 65
        }
    }

    package var description: String {
        switch self {
        case .recording(let error):
            error.description
        case .otherApp(let path, let recorded, let given):
            "\(path): the recording was made by the app \"\(recorded)\", but the test would replay it with \"\(given)\"; pass the app whose id is \"\(recorded)\"."
        case .noSwiftName(let app):
            "The app \"\(app)\" does not say how its code names it, so the test cannot replay it; set swiftName: on its registration (AppDefinition(id: \"\(app)\", swiftName: \"MyApp.definition\", …) or RecordableApp(id: \"\(app)\", swiftName: \"MyApp.app\", …)), or pass the expression with --app."
        case .noModuleName(let app, let stateType):
            "The app \"\(app)\" does not say which module declares it, and its state type \(stateType) names none; set moduleName on its registration."
        case .emptyAppExpression:
            "The app expression is empty; pass the Swift expression that names the app's registration, such as BankApp.app."
        case .neverPasses(let path, let reason):
            "\(path): a test made from this recording could never pass: \(reason.withoutFinalPeriod)."
        case .neverFails(let path, let reason):
            "\(path): a test made from this recording could never fail: \(reason.withoutFinalPeriod)."
        case .invalidTypeName(let name):
            "\"\(name)\" cannot name the test's type; use letters, digits and underscores, not starting with a digit."
        }
    }
}
