extension TestExporter {
    /// How ``TestExporter`` writes a test: the framework, how the file names the app and its own type,
    /// and how it imports the app's module.
    ///
    /// ```swift
    /// // An XCTest case beside the Swift Testing suite of the same recording, for a library whose
    /// // types are public.
    /// let options = TestExporter.Options(framework: .xcTest, testableImport: false)
    /// let source = try TestExporter.makeSource(recording: "Recordings/bank.jsonl", app: BankApp.app, options: options)
    /// ```
    package struct Options: Sendable, Equatable {
        /// Swift Testing (the default) or XCTest.
        package var framework: Framework
        /// The Swift expression naming the app's registration; the registration's
        /// ``StateRecorder/RegisteredApp/swiftName`` when `nil`.
        package var appExpression: String?
        /// The name of the generated suite or test case; when `nil`, made from the recording's file
        /// name, ending in `ReplayTests` for Swift Testing and `ReplayXCTests` for XCTest, so that
        /// the two files of one recording can live in the same test target.
        package var typeName: String?
        /// Whether the app's module is imported with `@testable` (the default), so that the test sees
        /// an app's internal types. Turn it off for a module built without testing enabled (a release
        /// build) whose types are public.
        package var testableImport: Bool

        /// Options for a test; the defaults write a Swift Testing suite that `@testable import`s the app.
        package init(framework: Framework = .swiftTesting, appExpression: String? = nil, typeName: String? = nil,
                    testableImport: Bool = true) {
            self.framework = framework
            self.appExpression = appExpression
            self.typeName = typeName
            self.testableImport = testableImport
        }
    }
}
