import StateJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

extension JournalError {
    /// What went wrong, with the values the sentence names: the one place a journal error's words are
    /// written (``message``).
    public enum Code: Sendable, Equatable {
        // Opening and the header.

        /// The path names no regular file: it is a directory, a FIFO, a device or a socket.
        case notARegularFile(SpecialFile)
        /// The file has no bytes.
        case emptyFile
        /// The file starts with a UTF-8 byte order mark.
        case byteOrderMark
        /// The file's only line has no line feed.
        case incompleteHeader
        /// The first line is not a statedbg journal header.
        case notAHeader(JournalLineError)
        /// The first line is a step or an event.
        case headerMissing(found: LineKind)
        /// The header's checksum does not match its bytes.
        case headerChecksumMismatch(recorded: UInt32, actual: UInt32)
        /// The header says version 2 or later but carries no checksum.
        case headerChecksumMissing(version: Int)
        /// A header line after the first line.
        case secondHeader

        // One line.

        /// A line with no bytes before its line feed.
        case emptyLine
        /// A line that ends with CR LF.
        case crlfLineEnd
        /// A line longer than ``JournalLimits/maxLineBytes`` (`limit`).
        case lineTooLong(limit: Int)
        /// A line that does not read as a journal line.
        case invalidLine(JournalLineError)
        /// A line whose checksum fails, or a line of version 2 or later without one.
        case damagedLine(DamagedPart, ChecksumFailure)
        /// The incomplete last line a writer that stopped mid-line left.
        case tornLine(TornLine)

        // The order of lines.

        /// An event that names a step after the last one before it.
        case eventAfterLaterStep(event: String, after: Int, lastStep: Int)
        /// A closing line that names another step than the last one before it.
        case misplacedClosing(after: Int, lastStep: Int)
        /// A line after a closing line that is not the `resumed` marker a resumed recording writes first.
        case continuesAfterClosing(found: LineKind, closedAfter: Int)
        /// A line after a `crashed` line, which a crash handler writes last.
        case continuesAfterCrash(found: LineKind, crashedAfter: Int)
        /// A step number that is not the next one: repeated or out of order.
        case stepRepeated(step: Int, expected: Int)
        /// A step number past the next one; `uncheckedAfter` when the check goes on without the states.
        case stepsMissing(step: Int, expected: Int, uncheckedAfter: Bool)
        /// A `parent` that is not an earlier step of the journal.
        case parentNotEarlier(step: Int, parent: Int)

        // Reading states.

        /// A step asked for that the journal does not have; `steps` is `nil` when it has none.
        case noSuchStep(Int, steps: ClosedRange<Int>?)
        /// A step whose state is rebuilt through the damaged line of step `damaged`, on `line`.
        case unreadableThroughDamage(step: Int, damaged: Int, line: Int)
        /// A line read again that no longer holds the step it held when the journal was opened.
        case lineChanged
        /// A line handed over as a step that is not one.
        case notAStep
        /// A step's patch that does not apply to its parent's state.
        case patchDoesNotApply(step: Int, parent: Int, JSONPatchError)
        /// A step whose rebuilt state does not hash to what its line records.
        case hashMismatch(step: Int, recorded: UInt64, actual: UInt64)
        /// A header whose initial state does not hash to what it records.
        case headerHashMismatch(recorded: UInt64, actual: UInt64)
        /// A step whose action's type tag is not the one its payload decodes as in the app's code.
        case mismatchedTag(step: Int, tagged: String, decodesAs: String)
        /// A step that names its call site by a number the journal's list of call sites does not reach:
        /// `known` sites were written whole since the last keyframe or the header.
        case undefinedSite(step: Int, number: Int, known: Int)
        /// A step line of a journal before version 6 that writes its action as its call alone (a string;
        /// `siteNull` false) or writes `"site":null`: forms that carry call sites, which only version 6 has.
        case carriedSiteForm(step: Int, siteNull: Bool, version: Int)
        /// The file got shorter while it was read.
        case fileShrank

        // Writing.

        /// A file is already at the path and replacing it was not asked for.
        case fileExists
        /// A write to a file already closed.
        case alreadyClosed
        /// A line the writer did not write because no reader would read it.
        case unreadableLine(UnreadableLine)

        /// A system call that failed, with its `errno`.
        case system(Operation, errno: Int32)
        /// A problem another module describes in its own words.
        case described(Category, String)
    }

    /// What a file is when it is not a regular file.
    public enum SpecialFile: Sendable, Equatable {
        case directory
        /// A FIFO, a device or a socket.
        case fifoDeviceOrSocket
    }

    /// A kind of journal line, as an error names what it found.
    public enum LineKind: Sendable, Equatable {
        case step(Int)
        case event(String)

        /// `a step`, `an event`.
        var withArticle: String {
            switch self {
            case .step: "a step"
            case .event: "an event"
            }
        }

        /// `step 41`, `the marker event`.
        var named: String {
            switch self {
            case .step(let step): "step \(step)"
            case .event(let name): "the \(name) event"
            }
        }
    }

    /// Where a damaged line is placed in the journal.
    public enum DamagedPart: Sendable, Equatable {
        /// The line stands where step `step` is expected, and is taken for it.
        case step(Int)
        /// An event line, after step `after`.
        case event(after: Int)
        /// A line whose step number cannot be trusted.
        case unplaced
    }

    /// How a line's checksum fails.
    public enum ChecksumFailure: Sendable, Equatable {
        /// The line records `recorded` but its bytes give `actual`.
        case mismatch(recorded: UInt32, actual: UInt32)
        /// The line does not end with a checksum, though its journal's version says every line does.
        case missing
    }

    /// A line the writer refused, and why (see ``JournalLimits``): what a recorder reports when it
    /// stops before a step that no reader would read.
    ///
    /// ```text
    /// step 41 was not written: "state" nests arrays and objects deeper than 511 levels, the most a journal line holds there; no statedbg reader would read it.
    /// ```
    public struct UnreadableLine: Error, Sendable, Equatable, CustomStringConvertible {
        /// The step the line would have held, or `nil` for the header or an event.
        public var step: Int?
        /// What no reader would read in it.
        public var problem: JournalLineError

        /// A refusal of the line of `step` (`nil` for the header or an event).
        public init(step: Int?, problem: JournalLineError) {
            self.step = step
            self.problem = problem
        }

        /// The refusal as a sentence.
        public var description: String {
            let line = step.map { "step \($0)" } ?? "the line"
            return "\(line) was not written: \(problem.description.withoutFinalPeriod); no statedbg reader would read it."
        }
    }

    /// The system call that failed.
    public enum Operation: Sendable, Equatable {
        /// Opening the journal to read it.
        case open
        case read
        /// Starting the thread that reads a large journal ahead of its reader.
        case startReadingThread
        case create
        /// Moving a file written under a temporary name to its own.
        case moveIntoPlace
        case openForAppending
        /// Cutting a torn last line off before appending.
        case cutTornLine
        case write
        case sync
        /// Syncing the directory a new journal was moved into, so that its name reaches the disk.
        case syncDirectory
        /// Reading the journal to copy it before a repair; `partialRemoved` once the copy had begun.
        case readForBackup(partialRemoved: Bool)
        case createBackup
        /// Writing the copy made before a repair (the partial copy is removed).
        case writeBackup
    }
}

extension JournalError.Code {
    /// The broad class of failure, which decides the exit status of the command line.
    public var category: JournalError.Category {
        switch self {
        case .notARegularFile: .noInput
        case .fileExists: .refused
        case .fileShrank, .alreadyClosed: .ioError
        case .system(let operation, let code):
            switch operation {
            case .open, .openForAppending: JournalError.Category.opening(errno: code)
            default: .ioError
            }
        case .described(let category, _): category
        default: .malformed
        }
    }

    /// The sentence a person reads, without the location.
    public var message: String {
        switch self {
        case .notARegularFile(let kind):
            let what = kind == .directory ? "a directory" : "a FIFO, device or socket"
            return "this is \(what), not a journal file; journals are read from regular files."
        case .emptyFile:
            return "the file is empty; a journal starts with a header line written by a statedbg recorder."
        case .byteOrderMark:
            return "the file starts with a UTF-8 byte order mark; journals are plain UTF-8, so remove the first three bytes."
        case .incompleteHeader:
            return "the header line is incomplete (it has no line feed); a journal starts with a whole header line."
        case .notAHeader(let problem):
            return "the first line is not a statedbg journal header: \(problem.description.withoutFinalPeriod)."
        case .headerMissing(let found):
            return "the first line is \(found.withArticle), not the header; a journal starts with a header line (is the beginning of the file missing?)."
        case .headerChecksumMismatch(let recorded, let actual):
            return "the header is damaged: \(Self.reason(.mismatch(recorded: recorded, actual: actual)))."
        case .headerChecksumMissing(let version):
            return "the header is damaged: it says version \(version) but does not end with the checksum every line of a journal of version 2 or later ends with."
        case .secondHeader:
            return "a second header line; a journal has one header, on its first line (were two files joined?)."
        case .emptyLine:
            return "the line is empty; every journal line holds one JSON object."
        case .crlfLineEnd:
            return "the line ends with CR LF; journal lines end with LF alone (convert the file with `tr -d '\\r'`)."
        case .lineTooLong(let limit):
            return "\(JournalLineError.tooLong(limit: limit).description); statedbg reads no longer line, and its recorder writes none."
        case .invalidLine(let problem):
            return "\(problem.description.withoutFinalPeriod)."
        case .damagedLine(let part, let failure):
            let what: String
            switch part {
            case .step(let step): what = "step \(step) is damaged"
            case .event(let after): what = "the event after step \(after) is damaged"
            case .unplaced: what = "the line is damaged"
            }
            return "\(what): \(Self.reason(failure))."
        case .tornLine(let torn):
            return "\(torn); `statedbg check --repair` cuts it off."
        case .eventAfterLaterStep(let event, let after, let last):
            return "the \(event) event says it follows step \(after), but the last step before it is \(last)."
        case .misplacedClosing(let after, let last):
            return "the closing line says the recording was closed after step \(after), but the last step before it is \(last)."
        case .continuesAfterClosing(let found, let closedAfter):
            return "\(found.named) follows the closing line of step \(closedAfter), but a recording resumed there begins with the \"resumed\" marker; the recording was closed, and these lines come from elsewhere (were two recordings joined?)."
        case .continuesAfterCrash(let found, let crashedAfter):
            return "\(found.named) follows the crashed line (the app crashed after step \(crashedAfter)), but a crash handler writes that line last; these lines were added to a crash journal afterwards (were two recordings joined?)."
        case .stepRepeated(let step, let expected):
            return "step \(step) comes again or out of order; the step expected here is \(expected), and steps must be consecutive."
        case .stepsMissing(let step, let expected, let unchecked):
            let missing = step - 1 == expected ? "step \(expected) is missing" : "steps \(expected) to \(step - 1) are missing"
            let rest = unchecked ? " The states after the gap cannot be rebuilt, so they are not checked." : ""
            return "step \(step) comes after step \(expected - 1); \(missing), and steps must be consecutive.\(rest)"
        case .parentNotEarlier(let step, let parent):
            return "step \(step) names parent \(parent), which is not an earlier step of this journal."
        case .noSuchStep(let step, let steps):
            let range = steps.map { "\($0.lowerBound) to \($0.upperBound)" } ?? "none: the journal has no steps"
            return "there is no step \(step); the steps are \(range)."
        case .unreadableThroughDamage(let step, let damaged, let line):
            let what = step == damaged ? "its line is damaged" : "it is rebuilt through step \(damaged), whose line (\(line)) is damaged"
            return "step \(step) cannot be read: \(what); `statedbg check` lists every damaged line."
        case .lineChanged:
            return "the line changed since the journal was opened; open it again."
        case .notAStep:
            return "the line is not a step."
        case .patchDoesNotApply(let step, let parent, let error):
            return "step \(step)'s patch does not apply to the state of step \(parent): \(error)"
        case .hashMismatch(let step, let recorded, let actual):
            return "step \(step) records hash \(StateFingerprint.hex(recorded)) but its rebuilt state hashes to \(StateFingerprint.hex(actual)); the journal was edited or damaged."
        case .headerHashMismatch(let recorded, let actual):
            return "the header records hash \(StateFingerprint.hex(recorded)) but its initial state hashes to \(StateFingerprint.hex(actual)); the journal was edited or damaged."
        case .mismatchedTag(let step, let tagged, let decodesAs):
            return "step \(step) is damaged: its action is tagged \(tagged), but its payload decodes as \(decodesAs)."
        case .undefinedSite(let step, let number, let known):
            let listed = known == 0 ? "no call site is written whole" : known == 1 ? "only 1 call site is written whole" : "only \(known) call sites are written whole"
            return "step \(step) names call site \(number), but \(listed) since the last keyframe (or the header); a line that starts the site list is missing, or the journal was edited."
        case .carriedSiteForm(let step, let siteNull, let version):
            let form = siteNull ? "writes its action's site as null" : "writes its action as a call alone (a string)"
            return "step \(step) \(form), but the header says version \(version), and only version 6 on carries call sites from line to line; the journal was edited, or its header is wrong."
        case .fileShrank:
            return "the file became shorter while it was being read; open it again."
        case .fileExists:
            return "the file already exists; choose another name or pass --force to replace it."
        case .alreadyClosed:
            return "the journal is already closed."
        case .unreadableLine(let refused):
            return refused.description
        case .system(let operation, let code):
            return "\(Self.phrase(operation)): \(SystemError.message(for: code))."
        case .described(_, let message):
            return message
        }
    }

    private static func reason(_ failure: JournalError.ChecksumFailure) -> String {
        switch failure {
        case .mismatch(let recorded, let actual):
            "the line records checksum \(LineChecksum.hex(recorded)) but its bytes give \(LineChecksum.hex(actual)); it was changed after it was written"
        case .missing:
            "it does not end with the checksum every line of a journal of version 2 or later ends with; it was cut short or changed"
        }
    }

    private static func phrase(_ operation: JournalError.Operation) -> String {
        switch operation {
        case .open: "cannot open the journal"
        case .read: "cannot read the journal"
        case .startReadingThread: "cannot start the thread that reads the journal"
        case .create: "cannot create the journal"
        case .moveIntoPlace: "cannot move the new file into place"
        case .openForAppending: "cannot open the journal for appending"
        case .cutTornLine: "cannot cut the torn last line"
        case .write: "cannot write to the journal"
        case .sync: "cannot sync the journal to disk"
        case .syncDirectory: "cannot sync the journal's directory to disk"
        case .readForBackup(let removed): "cannot read the journal to back it up" + (removed ? "; the partial backup was removed" : "")
        case .createBackup: "cannot create the backup of the journal before repairing it"
        case .writeBackup: "cannot write the backup of the journal, so it was not repaired; the partial backup was removed"
        }
    }
}

extension JournalError.Category {
    /// The category of a failure to open a file for reading: ``noInput`` when the path names no file
    /// that can be read (missing, not permitted, a symbolic link loop, a name too long, a component that
    /// is not a directory), ``ioError`` when the system failed (out of descriptors or memory, an I/O error).
    public static func opening(errno code: Int32) -> JournalError.Category {
        switch code {
        case ENOENT, EACCES, EPERM, ENOTDIR, ELOOP, ENAMETOOLONG: .noInput
        default: .ioError
        }
    }
}
