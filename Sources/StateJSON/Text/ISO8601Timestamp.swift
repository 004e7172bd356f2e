import Foundation

/// ISO 8601 timestamps in UTC with millisecond precision, written and read without `DateFormatter`
/// (which is slow, locale-sensitive and not available the same way on every platform).
///
/// ```swift
/// ISO8601Timestamp.format(milliseconds: 1_767_225_600_123)   // "2026-01-01T00:00:00.123Z"
/// ```
package enum ISO8601Timestamp {
    private static let millisecondsPerDay: Int64 = 86_400_000

    /// `2024-03-01T12:34:56.789Z`; the date is rounded to the nearest millisecond.
    package static func format(_ date: Date) -> String {
        format(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    /// `2024-03-01T12:34:56.789Z` for a number of milliseconds since 1970-01-01 UTC.
    package static func format(milliseconds total: Int64) -> String {
        var days = total / millisecondsPerDay
        var inDay = total % millisecondsPerDay
        if inDay < 0 {
            inDay += millisecondsPerDay
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        let hour = inDay / 3_600_000
        let minute = inDay / 60_000 % 60
        let second = inDay / 1000 % 60
        let millisecond = inDay % 1000
        var text = year < 0 ? "-" : ""
        text += pad(abs(year), 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        text += "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2) + "." + pad(millisecond, 3) + "Z"
        return text
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, returning `nil` for anything else.
    package static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int64? {
            guard index + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for _ in 0..<digits {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
                index += 1
            }
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "t")
        else { return nil }
        index += 1
        guard let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
            (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction: Int64 = 0
        var fractionDigits = 0
        if expect(".") {
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                if fractionDigits < 9 {
                    fraction = fraction * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                    fractionDigits += 1
                }
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds: Int64 = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "z") {
            index += 1
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHour = number(2), expect(":"), let offsetMinute = number(2), offsetHour < 24,
                offsetMinute < 60
            else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
            - offsetSeconds
        if fractionDigits <= 3 {
            // The same arithmetic as the millisecond strategy, so a formatted date reads back exactly.
            var milliseconds = fraction
            for _ in fractionDigits..<3 { milliseconds *= 10 }
            return Date(timeIntervalSince1970: Double(seconds * 1000 + milliseconds) / 1000)
        }
        var nanoseconds = fraction
        for _ in fractionDigits..<9 { nanoseconds *= 10 }
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (eras of 400 years, March-based).
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
