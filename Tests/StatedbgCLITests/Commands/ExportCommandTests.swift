import TestSupport
import Foundation
import StatedbgCLI
import TerminalKit
import Testing

/// `statedbg export --test` for an app with a store of its own (``TallyFixture``), registered with
/// and without the Swift name its code knows it by.
@Suite struct ExportCommandTests {
    private static let named = {
        var app = TallyFixture.app
        app.swiftName = "TallyFixture.app"
        return app
    }()

    @Test func aRegistrationWithoutASwiftNameStopsTheExportWithWhatToSet() throws {
        let directory = try TemporaryDirectory()
        try TallyFixture.record(TallyFixture.app, TallyFixture.session, to: directory.file("t.jsonl"))

        let run = CommandRun.statedbg("export", "@t.jsonl", "--test", in: directory, apps: [TallyFixture.app])

        #expect(run.status == .usage)
        #expect(run.output == "")
        #expect(run.error == """
            statedbg: error: The app "tally" does not say how its code names it, so the test cannot replay it; set \
            swiftName: on its registration (AppDefinition(id: "tally", swiftName: "MyApp.definition", …) or \
            RecordableApp(id: "tally", swiftName: "MyApp.app", …)), or pass the expression with --app.

            """)
        let given = CommandRun.statedbg("export", "@t.jsonl", "--test", "--app", "TallyFixture.app", in: directory,
                                        apps: [TallyFixture.app])
        #expect(given.status == .success)
        #expect(given.output.contains("\n        let result = assertReplay(Self.recording, app: TallyFixture.app)\n"))
    }

    @Test func writesBothFrameworksSideBySideUnderTheirOwnNames() throws {
        let directory = try TemporaryDirectory()
        try TallyFixture.record(TallyFixture.app, TallyFixture.session, to: directory.file("t.jsonl"))

        let suite = CommandRun.statedbg("export", "@t.jsonl", "--test", "-o", "@TTests.swift", in: directory, apps: [Self.named])
        let xctest = CommandRun.statedbg("export", "@t.jsonl", "--test", "--xctest", "-o", "@TXCTests.swift", in: directory,
                                         apps: [Self.named])
        let named = CommandRun.statedbg("export", "@t.jsonl", "--test", "--name", "TallyRegressionTests", "--no-testable",
                                        in: directory, apps: [Self.named])

        #expect([suite.status, xctest.status, named.status] == [.success, .success, .success])
        #expect(xctest.output == "wrote a regression test for t.jsonl to TXCTests.swift\n")
        let suiteSource = try String(contentsOfFile: directory.file("TTests.swift"), encoding: .utf8)
        let xctestSource = try String(contentsOfFile: directory.file("TXCTests.swift"), encoding: .utf8)
        #expect(suiteSource.contains("\n@testable import StatedbgCLITests\n"))
        #expect(suiteSource.contains("\n@Suite struct TReplayTests {\n"))
        #expect(xctestSource.contains("\nfinal class TReplayXCTests: XCTestCase {\n"))
        #expect(named.output.contains("\nimport StatedbgCLITests\n"))
        #expect(named.output.contains("\n@Suite struct TallyRegressionTests {\n"))
        #expect(named.output.contains("run `statedbg export t.jsonl --test --name TallyRegressionTests --no-testable` to regenerate"))

        let badName = CommandRun.statedbg("export", "@t.jsonl", "--test", "--name", "Tally Tests", in: directory, apps: [Self.named])
        #expect(badName.status == .usage)
        #expect(badName.error == """
            statedbg: error: "Tally Tests" cannot name the test's type; use letters, digits and underscores, not starting with a digit.

            """)
    }
}
