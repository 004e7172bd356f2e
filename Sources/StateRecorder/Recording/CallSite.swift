/// Where an action was dispatched: a file and a line, as `#fileID` and `#line` give them.
///
/// The recorder stores it with the step (`"site":"UsersApp/ProfileView.swift:42"`), and `show`, `log`
/// and the REPL print it, like the action trace of Redux DevTools. Recording call sites is on by
/// default; turn it off with ``RecorderOptions/recordsCallSites``.
///
/// ```swift
/// recorder.record(action, state: store.state)                    // this line is the site
/// recorder.record(action, state: store.state, site: nil)         // no site
/// print(CallSite(fileID: "UsersApp/ProfileView.swift", line: 42))
/// ```
/// ```text
/// UsersApp/ProfileView.swift:42
/// ```
public struct CallSite: Sendable, Hashable, CustomStringConvertible {
    /// The file, as `#fileID` gives it: `Module/File.swift`.
    public var fileID: String
    /// The line.
    public var line: Int

    /// The site of the caller, or the given file and line.
    public init(fileID: String = #fileID, line: Int = #line) {
        self.fileID = fileID
        self.line = line
    }

    /// `File.swift:42`, as journals store it.
    public var description: String { "\(fileID):\(line)" }
}
