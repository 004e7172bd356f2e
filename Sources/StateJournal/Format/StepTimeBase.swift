/// What a step line's time counts from: the header's ``JournalHeader/origin``, which a version 6 line's
/// `ms` member counts milliseconds from (a line's `time` member is absolute in every version).
///
/// A step line is read with the base of the header above it; one read without its header (through
/// ``JournalStep/init(jsonValue:)``) takes ``unknown``, under which `ms` cannot be turned into a time.
package struct StepTimeBase: Sendable, Equatable {
    /// The header's version (0 when the line is read without its header).
    package var version: Int
    /// The origin `ms` counts from; `nil` when the header gives none or its version has no `ms`.
    package var origin: Int64?

    /// A base.
    package init(version: Int, origin: Int64?) {
        self.version = version
        self.origin = origin
    }

    /// A line read without its header.
    package static let unknown = StepTimeBase(version: 0, origin: nil)

    /// The absolute time of a step line that gives `ms` (milliseconds since the origin), or why it has none.
    func time(ms: Int64, step: Int) throws(JournalLineError) -> Int64 {
        guard let origin else {
            let why = switch version {
            case 0: "counts from the header's \"origin\", but the line was read without its header"
            case ..<6: "is a member of version 6 step lines, but the header says version \(version)"
            default: "counts from the header's \"origin\", but the header has none"
            }
            throw .invalidValue(field: "ms", reason: "on step \(step) \(why)")
        }
        let (time, overflow) = origin.addingReportingOverflow(ms)
        guard !overflow else {
            throw .invalidValue(field: "ms", reason: "on step \(step) is \(ms), which added to the header's origin \(origin) is out of range")
        }
        return time
    }
}
