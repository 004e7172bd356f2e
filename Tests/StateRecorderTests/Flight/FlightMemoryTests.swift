import Foundation
@testable import StateRecorder
import Testing
import TestSupport

/// A flight recorder's memory stays bounded whatever the session's length.
@Suite struct FlightMemoryTests {
    /// The process's resident memory in bytes (Linux: /proc/self/statm), or `nil` where it cannot be read.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test(.slowTestsRequested)
    func residentMemoryStaysFlatOverAMillionStepsAfterTheFirstWindow() throws {
        let directory = try TemporaryDirectory()
        var options = RecorderOptions()
        options.flight = .lastSteps(1000, redaction: Redaction(), journal: URL(fileURLWithPath: directory.file("flight.jsonl")))
        options.background = .ignore
        let recorder = try Recorder<[Int], String>(journal: "unused.jsonl", app: "counter", initialState: [0, 0],
                                                   options: options, clock: RecordingClock.fixed(start: 0, step: 1))
        let flight = try #require(recorder.flight)
        var afterWindow: (resident: Int?, kept: Int) = (nil, 0)
        for step in 1...1_000_000 {
            recorder.record("increment", state: [step, step % 7])
            if step == 20_000 {
                recorder.flush()
                afterWindow = (Self.residentBytes(), flight.contents().bytes.count)
            }
        }
        recorder.flush()
        let kept = flight.contents()
        #expect(kept.lastStep == 1_000_000)
        #expect(kept.steps >= 1000 && kept.steps <= 1250)
        #expect(kept.bytes.count <= afterWindow.kept * 2, "the kept journal stays the window's size")
        if let before = afterWindow.resident, let after = Self.residentBytes() {
            // A leak of even 32 bytes a step would add 30 MB; other tests running meanwhile add a little.
            #expect(after <= before + (16 << 20), "resident memory grew from \(before >> 20) MB to \(after >> 20) MB")
        }
        try recorder.close()
    }
}
