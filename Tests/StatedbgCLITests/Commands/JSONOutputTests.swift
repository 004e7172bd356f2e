import ExampleApps
import Foundation
import StateJSON
import TerminalKit
import Testing
import TestSupport

/// `--json` of bisect, changes, minimize and examples, on the shipped recordings: every line parses as
/// JSON and carries the members the command's help documents.
@Suite struct JSONOutputTests {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recordings").path

    /// Each line of `text` parsed as JSON.
    private func lines(_ text: String) throws -> [JSONValue] {
        try text.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    }

    @Test func bisectPrintsOneDocumentWithTheStepAndItsAction() throws {
        let folder = try TemporaryDirectory()
        let run = CommandRun.statedbg("bisect", "\(Self.recordings)/bank.jsonl", ".jenny < 5", "--json", in: folder, apps: Examples.all)
        #expect(run.status == .success)
        let document = try #require(try lines(run.output).first)
        #expect(try lines(run.output).count == 1)
        #expect(document["holds"] == .bool(true))
        #expect(document["step"] == .integer(7))
        #expect(document["action"]?["type"] == .string("bank.pay"))
        #expect(document["method"] == .string("linear"))
        #expect(document["firstStep"] == .integer(0))
        #expect(document["lastStep"] == .integer(50))
    }

    @Test func bisectThatNeverHoldsSaysSoWithANullStepAndStatusOne() throws {
        let folder = try TemporaryDirectory()
        let run = CommandRun.statedbg("bisect", "\(Self.recordings)/bank.jsonl", ".jenny > 100000", "--json", "--linear", in: folder, apps: Examples.all)
        #expect(run.status == .checkFailed)
        let document = try #require(try lines(run.output).first)
        #expect(document["holds"] == .bool(false))
        #expect(document["step"] == .null)
        #expect(document["action"] == .null)
        // The initial state and 46 of the 50 keyframes: the 4 whose `.jenny` has the bytes of the last one read are not parsed.
        #expect(document["statesRead"] == .integer(47))
    }

    @Test func changesPrintsALinePerChangeThenASummary() throws {
        let folder = try TemporaryDirectory()
        let run = CommandRun.statedbg("changes", "\(Self.recordings)/users-negative-age.jsonl", ".users[4].age", "--json", in: folder, apps: Examples.all)
        #expect(run.status == .success)
        let parsed = try lines(run.output)
        #expect(parsed.count == 7)
        #expect(parsed[0]["step"] == .integer(22))
        #expect(parsed[0]["changes"] == [["new": 90, "path": ".users[4].age"]])
        #expect(parsed[5]["changes"] == [["new": -1, "old": 24, "path": ".users[4].age"]])
        #expect(parsed[5]["action"]?["label"] == .string("users.updateAge(id: 5, age: -1)"))
        #expect(parsed[6] == ["summary": ["changes": 6, "firstStep": 1, "lastStep": 60, "path": ".users[4].age"]])
    }

    @Test func minimizePrintsTheKeptStepsAndTheFileWritten() throws {
        let folder = try TemporaryDirectory()
        let run = CommandRun.statedbg("minimize", "\(Self.recordings)/users-negative-age.jsonl", "any(.users[*].age < 0)",
                                      "-o", "@min.jsonl", "--json", in: folder, apps: Examples.all)
        #expect(run.status == .success)
        let document = try #require(try lines(run.output).first)
        #expect(document["keptSteps"] == [1, 2, 3, 9, 52])
        #expect(document["originalActions"] == .integer(60))
        #expect(document["stepsWritten"] == .integer(5))
        #expect(document["output"] == .string("min.jsonl"))
        #expect(FileManager.default.fileExists(atPath: folder.file("min.jsonl")))
    }

    @Test func examplesPrintsTheRegisteredApps() throws {
        let folder = try TemporaryDirectory()
        let run = CommandRun.statedbg("examples", "--json", in: folder, apps: Examples.all)
        #expect(run.status == .success)
        let apps = try #require(try lines(run.output).first?["apps"]?.arrayValue)
        #expect(apps.compactMap { $0["id"]?.stringValue } == Examples.all.map(\.id))
        #expect(apps.allSatisfy { $0["canRecord"] == .bool(true) && $0["summary"]?.stringValue?.isEmpty == false })
        let none = CommandRun.statedbg("examples", "--json", in: folder, apps: [])
        #expect(none.output == "{\"apps\":[]}\n")
    }
}
