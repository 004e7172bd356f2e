import TestFixtures
import TestSupport
import StateTesting
import XCTest

/// `assertReplay` outside Swift Testing reports through XCTest; the override catches what it records.
final class XCTestReportingTests: XCTestCase {
    private var failures: [(description: String, file: String, line: Int)] = []

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                expected: Bool) {
        failures.append((description, filePath, lineNumber))
    }

    func testAFailingReplayIsAnXCTestFailureAtTheCallersLine() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.add(2)], app: TestApps.app, to: folder.file("counter.jsonl"))

        assertReplay(path, app: TestApps.broken); let line = #line

        let recorded = failures
        failures = []
        XCTAssertEqual(recorded.map(\.description), ["""
            step 1 counter.add(2): state differs from the recording (Recorded: -, Actual: +)
              {
            -   "count": 2,
            +   "count": 4,
                "notes": []
              }
            """])
        XCTAssertEqual(recorded.map(\.line), [line])
        XCTAssertEqual(recorded.map(\.file), [#filePath])
    }

    func testAPassingReplayRecordsNothing() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.add(2)], app: TestApps.app, to: folder.file("counter.jsonl"))

        assertReplay(path, app: TestApps.app)

        XCTAssertEqual(failures.count, 0)
    }
}
