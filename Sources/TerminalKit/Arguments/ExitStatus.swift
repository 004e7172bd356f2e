/// A process exit status from the BSD `sysexits` convention.
///
/// Commands return one of these so scripts can tell a failed check from a typo on the command line:
///
/// ```swift
/// let status: ExitStatus = divergenceFound ? .checkFailed : .success
/// exit(status.rawValue)
/// ```
package struct ExitStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric status handed to `exit`.
    package var rawValue: Int32

    /// Creates a status from its numeric value.
    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `0`: the command did what was asked.
    package static let success = ExitStatus(rawValue: 0)
    /// `1`: the command ran but a check it performs failed (a divergence, a predicate that never held).
    package static let checkFailed = ExitStatus(rawValue: 1)
    /// `64` (`EX_USAGE`): the command line was wrong.
    package static let usage = ExitStatus(rawValue: 64)
    /// `65` (`EX_DATAERR`): an input file was malformed.
    package static let dataError = ExitStatus(rawValue: 65)
    /// `66` (`EX_NOINPUT`): an input file did not exist or could not be opened.
    package static let noInput = ExitStatus(rawValue: 66)
    /// `70` (`EX_SOFTWARE`): an internal error, a bug in the program.
    package static let internalError = ExitStatus(rawValue: 70)
    /// `74` (`EX_IOERR`): reading or writing failed.
    package static let ioError = ExitStatus(rawValue: 74)

    /// The numeric value, as printed in the `EXIT STATUS:` help block.
    package var description: String { String(rawValue) }
}
