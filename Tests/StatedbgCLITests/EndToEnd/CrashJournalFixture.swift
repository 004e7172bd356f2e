import ExampleApps
import Foundation
import StateJSON
import StateJournal
import StateRecorder
import TestSupport

/// Crash journals of the shopping list as the format describes them, made without a crash: the 49 steps
/// seed 9 records before the crash, then the lines a crash handler writes (`actionInFlight`, `crashed`),
/// or a variation on them that a reader must handle.
enum CrashJournalFixture {
    /// The action that crashes the shopping list after seed 9's 49 steps: the selection is past the end.
    static let toggleSelected = action(#"{"label":"shopping.toggleSelected","payload":{"toggleSelected":{}},"type":"shopping.toggleSelected"}"#)
    /// An action that does not crash there.
    static let selectFirst = action(#"{"label":"shopping.select(index: 0)","payload":{"select":{"index":0}},"type":"shopping.select"}"#)
    /// The steps before the crash.
    static let steps = 49
    /// The time of the events: after the fixed clock's last step.
    static let time: Int64 = 1_767_225_650_000

    static func action(_ text: String) -> JournalAction {
        // The literals above are valid actions; a test using a broken one fails on it.
        (try? JournalAction(jsonValue: JSONValue(parsing: text))) ?? JournalAction(type: "broken", label: "broken", payload: .null)
    }

    /// Writes `name` in `directory`: seed 7's steps, then `events` in place of the closing line.
    @discardableResult
    static func write(_ name: String, in directory: TemporaryDirectory, steps: Int = steps, events: [JournalEvent]) throws -> String {
        let path = directory.file(name)
        _ = try ShoppingApp.app.record(to: path, steps: steps, seed: 9, options: RecorderOptions(), clock: RecordingClock.fixed())
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // The recording ends with its closing line; a crash journal has the crash's lines instead.
        bytes.removeLast()
        guard let end = bytes.lastIndex(of: 0x0A), String(decoding: bytes[(end + 1)...], as: UTF8.self).hasPrefix(#"{"event":"closed""#) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        bytes.removeSubrange((end + 1)...)
        for event in events { event.write(to: &bytes) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A crash journal as a fatal signal writes it: the action in flight, then the signal.
    @discardableResult
    static func crash(_ name: String = "crash.jsonl", in directory: TemporaryDirectory, inFlight: JournalAction = toggleSelected,
                      signal: String = "SIGILL", number: Int32 = SIGILL) throws -> String {
        try write(name, in: directory, events: [
            .actionInFlight(after: steps, time: time, action: inFlight),
            .crashed(after: steps, time: time + 1, signal: signal, signalNumber: number),
        ])
    }
}
