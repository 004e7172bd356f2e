import Foundation
import Synchronization

/// Time sources for recorders, and the timestamp format of journal headers.
public enum RecordingClock {
    /// The wall clock, in milliseconds since 1970-01-01 UTC.
    public static let wall: @Sendable () -> Int64 = {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }

    /// A clock that starts at `start` and advances `step` milliseconds on every reading: reproducible files.
    public static func fixed(start: Int64 = 1_767_225_600_000, step: Int64 = 1000) -> @Sendable () -> Int64 {
        let counter = Counter(start: start, step: step)
        return { counter.next() }
    }

    /// `2026-11-21T22:40:00.000Z` for a number of milliseconds since 1970.
    public static func iso8601(milliseconds: Int64) -> String {
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        let dayMilliseconds = milliseconds - days * 86_400_000
        // Civil date from days since 1970-01-01 (proleptic Gregorian), by eras of 400 years.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let hours = dayMilliseconds / 3_600_000
        let minutes = dayMilliseconds / 60_000 % 60
        let seconds = dayMilliseconds / 1000 % 60
        let millis = dayMilliseconds % 1000
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(millis, 3))Z"
    }

    private final class Counter: Sendable {
        private let value: Mutex<Int64>
        private let step: Int64

        init(start: Int64, step: Int64) {
            value = Mutex(start)
            self.step = step
        }

        func next() -> Int64 {
            value.withLock { current in
                defer { current += step }
                return current
            }
        }
    }
}
