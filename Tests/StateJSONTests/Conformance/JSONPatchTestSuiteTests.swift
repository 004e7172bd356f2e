import Testing
@testable import StateJSON

/// Every active case of json-patch-tests (`tests.json` and `spec_tests.json`, the second taken
/// from RFC 6902's own examples): applying `patch` to `doc` gives `expected`, or fails when the
/// case has an `error`. Cases marked `disabled` are skipped, as the suite asks.
@Suite(.conformanceSuitesPresent)
struct JSONPatchTestSuiteTests {
    /// One case, named for messages by its file, position and comment.
    struct Case {
        var name: String
        var document: JSONValue
        var patch: JSONValue
        var expected: JSONValue?
        var error: String?
    }

    /// The active cases of `file`, and how many were disabled.
    static func cases(in file: String) throws -> (active: [Case], disabled: Int) {
        let suite = try JSONValue(parsing: try ConformanceSuite.bytes("json-patch-tests/\(file)"))
        let entries = try #require(suite.arrayValue, "\(file) is not an array of cases")
        var active: [Case] = []
        var disabled = 0
        for (position, entry) in entries.enumerated() {
            if entry["disabled"] == true {
                disabled += 1
                continue
            }
            let name = "\(file)[\(position)] \(entry["comment"]?.stringValue ?? "")"
            active.append(Case(
                name: name, document: try #require(entry["doc"], "\(name) has no doc"),
                patch: try #require(entry["patch"], "\(name) has no patch"),
                expected: entry["expected"], error: entry["error"]?.stringValue))
        }
        return (active, disabled)
    }

    /// Runs one case: the result must equal `expected` exactly (keys and strings by their scalars,
    /// numbers by their case and value), or an `error` case must throw.
    static func run(_ testCase: Case) {
        let result: JSONValue
        do {
            result = try JSONPatch(jsonValue: testCase.patch).apply(to: testCase.document)
        } catch {
            if testCase.error == nil { Issue.record("\(testCase.name): failed with \(error)") }
            return
        }
        if let error = testCase.error {
            Issue.record("\(testCase.name): should fail (\(error)) but gave \(result.canonicalText)")
        } else if let expected = testCase.expected {
            #expect(result == expected, "\(testCase.name)")
        }
    }

    @Test func passesEveryActiveCaseOfTestsJSON() throws {
        let (cases, disabled) = try Self.cases(in: "tests.json")
        #expect(cases.count == 92 && disabled == 3, "tests.json has 92 active and 3 disabled cases")
        for testCase in cases { Self.run(testCase) }
    }

    @Test func passesEveryActiveCaseOfSpecTestsJSON() throws {
        let (cases, disabled) = try Self.cases(in: "spec_tests.json")
        #expect(cases.count == 16 && disabled == 1, "spec_tests.json has 16 active and 1 disabled cases")
        for testCase in cases { Self.run(testCase) }
    }
}
