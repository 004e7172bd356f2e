import StateJSON

/// The rules a journal's lines keep, checked line by line in file order: the one place they are
/// written, which ``JournalScanner`` (opening a ``JournalReader``, and so `statedbg check`) and
/// ``JournalStream`` (the one-pass searches) both feed.
///
/// A line is checked in this order: the header first (no byte order mark, a header and nothing else,
/// its checksum); then for every other line, no empty line and no CR LF end, its checksum, and its place:
/// steps consecutive, parents earlier steps, events after steps already seen, the closing line after
/// the last step and followed by nothing but the marker a resumed recording begins with, a `crashed`
/// line followed by nothing, no second header. A step line in the writer's layout is placed from its first bytes
/// (``StepLinePrefix``); any other line is parsed whole, through the caller's `parse`.
///
/// A damaged line (its checksum fails) is never the end of reading: it is placed as the step expected
/// there when its first bytes say so, and otherwise held until the next line tells whether it was that
/// step. With ``collecting`` set (`statedbg check`), the steps after a gap are no longer placed, only
/// counted, and a line that breaks a rule without hiding its place (a line after the closing or the `crashed` line)
/// is noted (``takeNotedProblem()``) and read on.
///
/// What it returns holds no reference (a line parsed whole is kept aside, ``takeParsedLine()``), so
/// that checking a line costs about what reading its first bytes does: a search passes millions a second.
struct JournalLineValidator {
    /// A damaged line placed as a step.
    struct DamagedStep {
        var step: Int
        var line: Int
        var keyframe: Bool
        /// The parent its first bytes name, when that is an earlier step; `nil` for the step before.
        var parent: Int?
        var failure: JournalError.ChecksumFailure

        /// Why the line cannot be trusted.
        func damage(in path: String) -> JournalError {
            JournalError(.damagedLine(.step(step), failure), path: path, line: line)
        }
    }

    /// What a line is, once it passed. A line parsed whole (the header, an event, a step in another
    /// layout) is kept aside for ``takeParsedLine()``.
    enum Outcome {
        /// The header (the first line).
        case header
        /// An intact step line in the writer's layout, in its place, read from its first bytes.
        /// `placedBefore` is the damaged line before it, which it shows was the step before it.
        case step(StepLinePrefix, placedBefore: DamagedStep?)
        /// An intact step line in another layout, parsed whole, in its place.
        case parsedStep(placedBefore: DamagedStep?)
        /// A step after a gap, which a collecting check counts but does not place.
        case unplacedStep(Int)
        /// A damaged line taken for the step expected there.
        case damagedStep(DamagedStep)
        /// A damaged line whose place is not known (yet: the next line may tell), or a damaged event
        /// line: ``damage(of:_:line:)`` says why.
        case damagedLine(JournalError.DamagedPart, JournalError.ChecksumFailure)
        /// An event other than the closing line.
        case event
        /// The closing line.
        case closing
    }

    /// The journal's path, for the errors.
    let path: String
    /// Whether the caller notes every damaged line and reads on (`statedbg check`).
    let collecting: Bool
    /// Whether the header has passed.
    private(set) var hasHeader = false
    /// The step the next step line must hold.
    private(set) var expectedStep = 0
    /// The last step seen: the step before ``expectedStep``, or the highest step counted after a gap.
    private(set) var lastStep = 0
    /// Whether the steps after a gap are counted rather than placed (only when ``collecting``).
    private(set) var placingStopped = false
    /// The step the closing line just read names, while no line has followed it.
    private var closedAfter: Int?
    /// The step the `crashed` line just read names, while no line has followed it: a crash handler
    /// writes it last.
    private var crashedAfter: Int?
    /// The damaged line read last, when its place is not known: its line and why it is damaged.
    private var unplaced: (line: Int, failure: JournalError.ChecksumFailure)?
    /// A problem found in a line that was read on all the same (only when ``collecting``).
    private var notedProblem: JournalError?
    /// Whether ``notedProblem`` holds one: tested on every line without touching the error.
    private(set) var hasNotedProblem = false
    /// The header's version (0 before the header): lines of version 2 and later carry a checksum.
    private var version = 0
    /// The header's first step, read on every line without copying the header.
    private var firstStep = 1
    /// What the step lines' `ms` counts from (version 6); a line that gives `ms` without an origin is refused.
    private var timeBase = StepTimeBase.unknown
    /// The line last parsed whole, until the caller takes it.
    private var parsedLine: JournalLine?

    init(path: String, collecting: Bool) {
        self.path = path
        self.collecting = collecting
    }

    /// A validator that goes on after the lines of an earlier scan of the same journal, which read
    /// `header`, placed the steps up to `lastStep` and ended with its closing line (`closedAfter`) or not.
    init(path: String, collecting: Bool, continuingAfter header: JournalHeader, lastStep: Int, closedAfter: Int?,
         crashedAfter: Int? = nil) {
        self.init(path: path, collecting: collecting)
        accept(header)
        self.lastStep = lastStep
        expectedStep = lastStep + 1
        self.closedAfter = closedAfter
        self.crashedAfter = crashedAfter
    }

    private static let eventPrefix: StaticString = #"{"event":"#

    // Safe because the bytes are only read during the call.
    /// Whether a line starts as the writer starts an event line.
    static func isEventLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        starts(bytes, with: eventPrefix)
    }

    // Safe because the prefix is only read, within its count, during the call, and never kept.
    /// The common case, tried first and small enough to inline into a reader's loop: an intact step line
    /// in the writer's layout that holds the next step, with no damaged or closing line before it
    /// waiting to be judged. Places it and returns its first bytes read; `nil` for any other line, which
    /// ``check(line:length:lastByte:prefix:verdict:parse:)`` then judges (and places).
    @inline(__always)
    mutating func placeNextStep(length: Int, lastByte: UInt8, prefix: UnsafeRawBufferPointer,
                                verdict: LineChecksum.Verdict) -> StepLinePrefix? {
        guard hasHeader, length > 0, lastByte != 0x0D, closedAfter == nil, crashedAfter == nil, unplaced == nil, !placingStopped,
              verdict == .intact || (verdict == .absent && version < 2),
              let fast = StepLinePrefix(prefix), fast.step == expectedStep, !fast.timeIsSinceOrigin || timeBase.origin != nil else { return nil }
        if let parent = fast.parent, parent < firstStep - 1 || parent >= fast.step { return nil }
        expectedStep += 1
        lastStep = fast.step
        return fast
    }

    // Safe because the prefix is only read, within its count, during the call, and never kept.
    /// Checks the next line and says what it is.
    ///
    /// - Parameters:
    ///   - line: The line's 1-based number.
    ///   - length: The line's length in bytes, without its line feed.
    ///   - lastByte: The line's last byte (before the line feed); anything when it is empty.
    ///   - prefix: The line's first bytes: at least the first 96, or the whole line when shorter.
    ///   - verdict: What the line's checksum says.
    ///   - parse: Reads and parses the whole line, for a line not placed from its first bytes, under the
    ///     time base given (the header's, ``JournalHeader/stepTimeBase``).
    /// - Throws: ``JournalError`` for a line that breaks a rule; a damaged line is not one.
    mutating func check(line: Int, length: Int, lastByte: UInt8, prefix: UnsafeRawBufferPointer,
                        verdict: LineChecksum.Verdict,
                        parse: (StepTimeBase) throws(JournalError) -> Result<JournalLine, JournalLineError>) throws(JournalError) -> Outcome {
        if let fast = placeNextStep(length: length, lastByte: lastByte, prefix: prefix, verdict: verdict) {
            return .step(fast, placedBefore: nil)
        }
        guard hasHeader else {
            parsedLine = .header(try checkHeader(length: length, lastByte: lastByte, prefix: prefix, verdict: verdict, parse: parse))
            return .header
        }
        if length == 0 { throw error(.emptyLine, line) }
        if lastByte == 0x0D { throw error(.crlfLineEnd, line) }
        let closed = closedAfter
        closedAfter = nil
        let crashed = crashedAfter
        crashedAfter = nil
        if verdict != .intact, verdict != .absent || version >= 2 {
            return damaged(line: line, prefix: prefix, verdict: verdict)
        }
        let pending = unplaced
        unplaced = nil
        // A line that gives `ms` where the header gives no origin is parsed, which says what is wrong.
        if let fast = StepLinePrefix(prefix), !fast.timeIsSinceOrigin || timeBase.origin != nil {
            if let closed { try note(.continuesAfterClosing(found: .step(fast.step), closedAfter: closed), line) }
            if let crashed { try note(.continuesAfterCrash(found: .step(fast.step), crashedAfter: crashed), line) }
            if placingStopped { return countUnplaced(fast.step) }
            return .step(fast, placedBefore: try place(step: fast.step, parent: fast.parent, line: line, pending: pending))
        }
        let parsed: JournalLine
        switch try parse(timeBase) {
        case .success(let value): parsed = value
        case .failure(let problem): throw error(.invalidLine(problem), line)
        }
        switch parsed {
        case .header:
            throw error(.secondHeader, line)
        case .step(let step):
            if let closed { try note(.continuesAfterClosing(found: .step(step.step), closedAfter: closed), line) }
            if let crashed { try note(.continuesAfterCrash(found: .step(step.step), crashedAfter: crashed), line) }
            if placingStopped { return countUnplaced(step.step) }
            let placedBefore = try place(step: step.step, parent: step.parent, line: line, pending: pending)
            parsedLine = parsed
            return .parsedStep(placedBefore: placedBefore)
        case .event(let event):
            if let closed, !Self.isResumption(event) {
                try note(.continuesAfterClosing(found: .event(event.name), closedAfter: closed), line)
            }
            if let crashed { try note(.continuesAfterCrash(found: .event(event.name), crashedAfter: crashed), line) }
            guard event.after <= lastStep else {
                throw error(.eventAfterLaterStep(event: event.name, after: event.after, lastStep: lastStep), line)
            }
            guard case .closed = event else {
                if case .crashed = event { crashedAfter = event.after }
                parsedLine = parsed
                return .event
            }
            guard event.after == lastStep else { throw error(.misplacedClosing(after: event.after, lastStep: lastStep), line) }
            closedAfter = event.after
            parsedLine = parsed
            return .closing
        }
    }

    // Safe because the prefix is only read, within its count, during the call.
    /// The first line, which must be the header.
    private mutating func checkHeader(length: Int, lastByte: UInt8, prefix: UnsafeRawBufferPointer, verdict: LineChecksum.Verdict,
                                      parse: (StepTimeBase) throws(JournalError) -> Result<JournalLine, JournalLineError>) throws(JournalError) -> JournalHeader {
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { throw error(.byteOrderMark, 1) }
        if length == 0 { throw error(.emptyLine, 1) }
        if lastByte == 0x0D { throw error(.crlfLineEnd, 1) }
        switch try parse(.unknown) {
        case .failure(let problem):
            throw error(.notAHeader(problem), 1)
        case .success(.step(let step)):
            throw error(.headerMissing(found: .step(step.step)), 1)
        case .success(.event(let event)):
            throw error(.headerMissing(found: .event(event.name)), 1)
        case .success(.header(let header)):
            if case .mismatch(let recorded, let actual) = verdict {
                throw error(.headerChecksumMismatch(recorded: recorded, actual: actual), 1)
            }
            if verdict == .absent, header.version >= 2 { throw error(.headerChecksumMissing(version: header.version), 1) }
            accept(header)
            return header
        }
    }

    private mutating func accept(_ header: JournalHeader) {
        hasHeader = true
        version = header.version
        timeBase = header.stepTimeBase
        firstStep = header.firstStep
        expectedStep = header.firstStep
        lastStep = header.firstStep - 1
    }

    /// A step after a gap, once steps are no longer placed.
    private mutating func countUnplaced(_ step: Int) -> Outcome {
        lastStep = max(lastStep, step)
        return .unplacedStep(step)
    }

    /// Places a step line: the next step, its parent an earlier step. Returns the damaged line before
    /// it when this line shows that it was the step before.
    @inline(__always)
    private mutating func place(step: Int, parent: Int?, line: Int,
                                pending: (line: Int, failure: JournalError.ChecksumFailure)?) throws(JournalError) -> DamagedStep? {
        // The damaged line just before this one was the step expected, when this one is the step after it.
        var placedBefore: DamagedStep?
        if let pending, pending.line == line - 1, step == expectedStep + 1 {
            placedBefore = DamagedStep(step: expectedStep, line: pending.line, keyframe: false, parent: nil, failure: pending.failure)
        } else if step != expectedStep {
            if step < expectedStep { throw error(.stepRepeated(step: step, expected: expectedStep), line) }
            if collecting {
                placingStopped = true
                lastStep = step
            }
            throw error(.stepsMissing(step: step, expected: expectedStep, uncheckedAfter: collecting), line)
        }
        if let parent, parent < firstStep - 1 || parent >= step {
            throw error(.parentNotEarlier(step: step, parent: parent), line)
        }
        // Placed only now, with the line that shows it: a reader indexes both or neither.
        expectedStep = step + 1
        lastStep = step
        return placedBefore
    }

    // Safe because the prefix is only read, within its count, during the call.
    /// A line whose checksum fails, or a line of version 2 or later without one: placed as the step
    /// expected there when its first bytes say it is that step, so that the steps after it keep their
    /// numbers and only the states rebuilt through it are lost.
    private mutating func damaged(line: Int, prefix: UnsafeRawBufferPointer, verdict: LineChecksum.Verdict) -> Outcome {
        unplaced = nil
        let failure: JournalError.ChecksumFailure
        if case .mismatch(let recorded, let actual) = verdict {
            failure = .mismatch(recorded: recorded, actual: actual)
        } else {
            failure = .missing
        }
        if Self.isEventLine(prefix) { return .damagedLine(.event(after: lastStep), failure) }
        if !placingStopped, let fast = StepLinePrefix(prefix), fast.step == expectedStep {
            let step = expectedStep
            let parent = fast.parent.flatMap { $0 >= firstStep - 1 && $0 < step ? $0 : nil }
            expectedStep += 1
            lastStep = step
            return .damagedStep(DamagedStep(step: step, line: line, keyframe: fast.keyframe, parent: parent, failure: failure))
        }
        if !placingStopped { unplaced = (line, failure) }
        return .damagedLine(.unplaced, failure)
    }

    /// Why a damaged line that was not placed as a step cannot be trusted.
    func damage(of part: JournalError.DamagedPart, _ failure: JournalError.ChecksumFailure, line: Int) -> JournalError {
        error(.damagedLine(part, failure), line)
    }

    /// The line just checked, when it was parsed whole (``Outcome/header``, ``Outcome/parsedStep(placedBefore:)``,
    /// ``Outcome/event``, ``Outcome/closing``), once.
    mutating func takeParsedLine() -> JournalLine? {
        defer { parsedLine = nil }
        return parsedLine
    }

    /// The problem noted in the line just checked, once (``hasNotedProblem``).
    mutating func takeNotedProblem() -> JournalError? {
        defer {
            notedProblem = nil
            hasNotedProblem = false
        }
        return notedProblem
    }

    /// Whether an event is the marker a recording resumed after its closing line begins with.
    private static func isResumption(_ event: JournalEvent) -> Bool {
        if case .marker(_, _, JournalEvent.resumedMarkerName) = event { return true }
        return false
    }

    /// A problem that does not hide the line's place: noted when collecting, thrown otherwise.
    private mutating func note(_ code: JournalError.Code, _ line: Int) throws(JournalError) {
        let problem = error(code, line)
        guard collecting else { throw problem }
        notedProblem = problem
        hasNotedProblem = true
    }

    private func error(_ code: JournalError.Code, _ line: Int) -> JournalError {
        JournalError(code, path: path, line: line)
    }

    // Safe because the bytes are only read, within their count (checked first), during the call.
    private static func starts(_ bytes: UnsafeRawBufferPointer, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let text = prefix.utf8Start
        for index in 0..<count where bytes[index] != text[index] { return false }
        return true
    }
}
