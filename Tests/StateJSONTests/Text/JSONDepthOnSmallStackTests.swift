import Foundation
import StateJSON
import Testing

@Suite struct JSONDepthOnSmallStackTests {
    /// Hostile input must fail cleanly, and the deepest accepted input must parse, serialize,
    /// hash and compare, on a thread with a 512 KiB stack (a secondary thread's default on Darwin).
    @Test func deepInputIsSafeOnA512KiBStack() {
        final class Outcome: @unchecked Sendable {
            var lines: [String] = []
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let deepest = String(repeating: "[{\"a\":", count: 256) + "1" + String(repeating: "}]", count: 256)
            do {
                let value = try JSONValue(parsing: deepest)
                outcome.lines.append("parsed \(value.serialized().count) bytes")
                outcome.lines.append("equal \(value == (try JSONValue(parsing: value.canonicalText)))")
                outcome.lines.append("hash \(value.canonicalHash == JSONHash.hash(value.serialized()))")
            } catch {
                outcome.lines.append("\(error)")
            }
            do {
                _ = try JSONValue(parsing: String(repeating: "[", count: 1_000_000))
            } catch {
                outcome.lines.append("\(error)")
            }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(outcome.lines == [
            "parsed 2049 bytes",
            "equal true",
            "hash true",
            "line 1, column 513: arrays and objects are nested deeper than the limit of 512.",
        ])
    }
}
