import Foundation
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// The caller's source location, and the one place that turns a message into a test failure in
/// whichever framework is running the test.
struct TestFailureReporter {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// Records a failure: a Swift Testing issue inside a `@Test`, otherwise an XCTest failure.
    func fail(_ message: String) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #else
        FileHandle.standardError.write(Data("\(filePath):\(line): error: \(message)\n".utf8))
        #endif
    }

    /// Reports something that does not fail the test: a Swift Testing warning, or a line on standard
    /// error under XCTest, which has no warnings.
    func note(_ message: String) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: sourceLocation)
            return
        }
        #endif
        FileHandle.standardError.write(Data("\(filePath):\(line): warning: \(message)\n".utf8))
    }

    #if canImport(Testing)
    private var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
    #endif
}
