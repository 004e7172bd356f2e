import StateJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one pass over a journal file that ``JournalReader`` makes when it opens it.
///
/// It reads the file in 1 MiB chunks, so its memory does not grow with the file or with a line's
/// length. Step lines written by statedbg are classified from their first bytes; any other line (an
/// event, a hand-written step) is read and parsed whole.
struct JournalScanner {
    struct Result {
        var header: JournalHeader
        var events: [LocatedEvent]
        /// The closing line, when it is the last line.
        var closing: LocatedEvent? = nil
        var torn: TornLine?
        var validLength: Int64
        var lineCount: Int
        var index: JournalIndex
        var lineProblems: [JournalError]
        var lineProblemCount: Int
    }

    /// How many damaged lines a reader that is not collecting them keeps, to warn about.
    static let damagedLinesKept = 100

    private static let prefixCapacity = 96

    let path: String
    let descriptor: Int32
    let options: JournalReader.Options

    private var header: JournalHeader? {
        didSet { firstStep = header?.firstStep }
    }
    /// The header's first step, read on every line without copying the header.
    private var firstStep: Int?
    private var events: [LocatedEvent] = []
    /// The closing line, while no line has followed it.
    private var closing: LocatedEvent?
    private var index = JournalIndex()
    private var lastStepSeen: Int?
    private var lineProblems: [JournalError] = []
    /// Every damaged line, also those beyond the limit on ``lineProblems``.
    private var lineProblemCount = 0
    private var verifier = StreamingLineVerifier()
    /// A damaged line whose step number could not be read, kept until the next line tells: when that
    /// is the step after the one expected, the damaged line was the step expected.
    private var unplaced: (start: Int64, length: Int, line: Int, problem: Int?)?
    /// Set at the first missing step when damaged lines are collected: the steps after a gap cannot be
    /// rebuilt, so they are read for their own damage but no longer indexed.
    private var indexStopped = false

    init(path: String, descriptor: Int32, options: JournalReader.Options) {
        self.path = path
        self.descriptor = descriptor
        self.options = options
    }

    /// Scans the file; with `earlier`, the scan of the same file when it was shorter, only the bytes
    /// after the earlier scan's last whole line are read (a journal followed while it grows).
    mutating func scan(continuing earlier: Result? = nil) throws(JournalError) -> Result {
        let start = earlier?.validLength ?? 0
        if let earlier {
            header = earlier.header
            events = earlier.events
            closing = earlier.closing
            index = earlier.index
            lineProblems = earlier.lineProblems
            lineProblemCount = earlier.lineProblemCount
            lastStepSeen = earlier.header.firstStep - 1 + earlier.index.count
            if lseek(descriptor, off_t(start), SEEK_SET) < 0 {
                throw .system(.ioError, path, "cannot read the journal", errno: errno)
            }
        }
        // A small journal gets a buffer of its own size (plus a byte, to see the end in one read):
        // clearing a whole MiB to open a few lines cost more than the reading did.
        var info = stat()
        let fileSize = fstat(descriptor, &info) == 0 ? Int(clamping: Int64(info.st_size) - start) : Int.max
        var chunk = [UInt8](repeating: 0, count: fileSize < 1 << 20 ? max(fileSize, 0) + 1 : 1 << 20)
        var prefix: [UInt8] = []
        prefix.reserveCapacity(Self.prefixCapacity)
        var lineStart: Int64 = start
        var lineLength = 0
        var lineNumber = (earlier?.lineCount ?? 0) + 1
        var fileOffset: Int64 = start
        var lastByte: UInt8 = 0

        while true {
            // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
            let count = chunk.withUnsafeMutableBytes { raw in
                var result: Int
                repeat {
                    result = read(descriptor, raw.baseAddress!, raw.count)
                } while result < 0 && errno == EINTR
                return result
            }
            if count < 0 { throw .system(.ioError, path, "cannot read the journal", errno: errno) }
            if count == 0 { break }
            var position = 0
            while position < count {
                // Find the next line feed in this chunk (memchr is many times faster than a byte loop).
                let end = chunk.withUnsafeBytes { raw -> Int in
                    guard let found = memchr(raw.baseAddress! + position, 0x0A, count - position) else { return count }
                    return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
                }
                let take = end - position
                if prefix.count < Self.prefixCapacity {
                    let room = min(Self.prefixCapacity - prefix.count, take)
                    prefix.append(contentsOf: chunk[position..<position + room])
                }
                // A line whole in this chunk (most are) is checked in one call; one that spans chunks is
                // fed to the verifier piece by piece.
                let whole = lineLength == 0 && end < count
                if take > 0 {
                    lastByte = chunk[end - 1]
                    if !whole { chunk.withUnsafeBytes { verifier.feed(UnsafeRawBufferPointer(rebasing: $0[position..<end])) } }
                }
                lineLength += take
                if lineLength > options.maxLineBytes {
                    throw JournalError(.malformed, path: path, line: lineNumber,
                                       "the line is longer than \(options.maxLineBytes >> 20) MiB, the most a journal line may hold; this file was not written by a statedbg recorder.")
                }
                if end < count {
                    let verdict = whole
                        ? chunk.withUnsafeBytes { LineChecksum.verify(UnsafeRawBufferPointer(rebasing: $0[position..<end])) }
                        : verifier.finish()
                    try handleOrCollect(start: lineStart, length: lineLength, number: lineNumber, prefix: prefix,
                                        lastByte: lastByte, verdict: verdict)
                    lineNumber += 1
                    lineStart = fileOffset + Int64(end) + 1
                    lineLength = 0
                    prefix.removeAll(keepingCapacity: true)
                    position = end + 1
                } else {
                    position = end
                }
            }
            fileOffset += Int64(count)
        }

        var torn: TornLine?
        if lineLength > 0 {
            if lineNumber == 1 {
                // A lone unterminated first line: judge it as the header it should be.
                try handleLine(start: 0, length: lineLength, number: 1, prefix: prefix, lastByte: lastByte, verdict: verifier.finish())
            }
            torn = TornLine(line: lineNumber, offset: lineStart, length: lineLength)
        }
        guard let header else {
            throw JournalError(.malformed, path: path, "the file is empty; a journal starts with a header line written by a statedbg recorder.")
        }
        return Result(header: header, events: events, closing: closing, torn: torn, validLength: lineStart,
                      lineCount: lineNumber - 1, index: index, lineProblems: lineProblems, lineProblemCount: lineProblemCount)
    }

    /// Handles a line; with ``JournalReader/Options/lineProblemLimit`` set, a damaged line after the
    /// header is noted and left out instead of ending the scan.
    private mutating func handleOrCollect(start: Int64, length: Int, number: Int, prefix: [UInt8], lastByte: UInt8,
                                          verdict: LineChecksum.Verdict) throws(JournalError) {
        // A line after the closing line: the recording was resumed.
        closing = nil
        // The verdict first: binding the header copies it, which every intact line would pay for.
        if verdict != .intact, number > 1, length > 0, lastByte != 0x0D, let header, verdict != .absent || header.version >= 2 {
            noteDamaged(start: start, length: length, number: number, prefix: prefix, verdict: verdict)
            return
        }
        defer { unplaced = nil }
        do {
            try handleLine(start: start, length: length, number: number, prefix: prefix, lastByte: lastByte, verdict: verdict)
        } catch {
            guard let limit = options.lineProblemLimit, number > 1, header != nil, error.category == .malformed else { throw error }
            lineProblemCount += 1
            if lineProblems.count < limit { lineProblems.append(error) }
        }
    }

    /// A line whose checksum does not match, or a line of version 2 or later without one: noted, never fatal, and,
    /// unless it is an event, indexed as the step expected there, so that the steps after it keep
    /// their numbers and only the states rebuilt through it are lost.
    private mutating func noteDamaged(start: Int64, length: Int, number: Int, prefix: [UInt8], verdict: LineChecksum.Verdict) {
        lineProblemCount += 1
        unplaced = nil
        let isEvent = prefix.starts(with: Self.eventPrefix)
        var step: Int?
        if !isEvent, !indexStopped, let firstStep {
            let expected = firstStep + index.count
            if let fast = StepLinePrefix(prefix), fast.step == expected {
                let parent = fast.parent.flatMap { $0 >= firstStep - 1 && $0 < expected ? $0 : nil }
                placeDamaged(start: start, length: length, line: number, keyframe: fast.keyframe, parent: parent)
                step = expected
            } else {
                unplaced = (start, length, number, nil)
            }
        }
        let kept = lineProblems.count < (options.lineProblemLimit ?? Self.damagedLinesKept)
        if unplaced != nil, kept { unplaced?.problem = lineProblems.count }
        guard kept else { return }
        let what: String
        if let step {
            what = "step \(step) is damaged"
        } else if isEvent {
            what = "the event after step \(lastStepSeen ?? 0) is damaged"
        } else {
            what = Self.unplacedDamage
        }
        let why: String
        switch verdict {
        case .mismatch(let recorded, let actual):
            why = "the line records checksum \(LineChecksum.hex(recorded)) but its bytes give \(LineChecksum.hex(actual)); it was changed after it was written"
        default:
            why = "it does not end with the checksum every line of a journal of version 2 or later ends with; it was cut short or changed"
        }
        lineProblems.append(JournalError(.malformed, path: path, line: number, "\(what): \(why)."))
    }

    private static let eventPrefix = Array(#"{"event":"#.utf8)
    private static let unplacedDamage = "the line is damaged"

    /// Indexes a damaged line as the step expected next; reading a state through it fails.
    private mutating func placeDamaged(start: Int64, length: Int, line: Int, keyframe: Bool, parent: Int?) {
        guard let firstStep else { return }
        let expected = firstStep + index.count
        index.append(offset: start, length: length, line: line, keyframe: keyframe, step: expected, parent: parent)
        index.damagedLines[expected] = line
        lastStepSeen = expected
    }

    private mutating func handleLine(start: Int64, length: Int, number: Int, prefix: [UInt8], lastByte: UInt8,
                                     verdict: LineChecksum.Verdict) throws(JournalError) {
        if number == 1, prefix.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw JournalError(.malformed, path: path, line: 1, "the file starts with a UTF-8 byte order mark; journals are plain UTF-8, so remove the first three bytes.")
        }
        if length == 0 {
            throw JournalError(.malformed, path: path, line: number, "the line is empty; every journal line holds one JSON object.")
        }
        if lastByte == 0x0D {
            throw JournalError(.malformed, path: path, line: number, "the line ends with CR LF; journal lines end with LF alone (convert the file with `tr -d '\\r'`).")
        }
        if number > 1, let fast = StepLinePrefix(prefix) {
            try record(step: fast.step, keyframe: fast.keyframe, parent: fast.parent, start: start, length: length, line: number)
            return
        }
        let parsed: JournalLine
        do {
            parsed = try readAndParse(start: start, length: length)
        } catch let error as JournalLineError {
            if number == 1 {
                throw JournalError(.malformed, path: path, line: 1, "the first line is not a statedbg journal header: \(error.description.withoutFinalPeriod).")
            }
            throw .malformed(path, line: number, error)
        } catch let error as JournalError {
            throw error
        } catch {
            throw JournalError(.ioError, path: path, line: number, "\(error)")
        }
        switch parsed {
        case .header(let value):
            guard number == 1 else {
                throw JournalError(.malformed, path: path, line: number, "a second header line; a journal has one header, on its first line (were two files joined?).")
            }
            if case .mismatch(let recorded, let actual) = verdict {
                throw JournalError(.malformed, path: path, line: 1, "the header is damaged: the line records checksum \(LineChecksum.hex(recorded)) but its bytes give \(LineChecksum.hex(actual)); it was changed after it was written.")
            }
            if verdict == .absent, value.version >= 2 {
                throw JournalError(.malformed, path: path, line: 1, "the header is damaged: it says version \(value.version) but does not end with the checksum every line of a journal of version 2 or later ends with.")
            }
            header = value
            lastStepSeen = value.firstStep - 1
        case .step(let step):
            guard number > 1 else { throw missingHeader(found: "a step") }
            try record(step: step.step, keyframe: step.isKeyframe, parent: step.parent, start: start, length: length, line: number)
        case .event(let event):
            guard number > 1 else { throw missingHeader(found: "an event") }
            let last = lastStepSeen ?? 0
            guard event.after <= last else {
                throw JournalError(.malformed, path: path, line: number,
                                   "the \(event.name) event says it follows step \(event.after), but the last step before it is \(last).")
            }
            if case .closed = event {
                guard event.after == last else {
                    throw JournalError(.malformed, path: path, line: number,
                                       "the closing line says the recording was closed after step \(event.after), but the last step before it is \(last).")
                }
                closing = LocatedEvent(line: number, event: event)
            } else {
                events.append(LocatedEvent(line: number, event: event))
            }
        }
    }

    private func missingHeader(found: String) -> JournalError {
        JournalError(.malformed, path: path, line: 1, "the first line is \(found), not the header; a journal starts with a header line (is the beginning of the file missing?).")
    }

    private mutating func record(step: Int, keyframe: Bool, parent: Int?, start: Int64, length: Int, line: Int) throws(JournalError) {
        // Only the first step number, not a copy of the whole header (schema, options) per line.
        guard let firstStep else { throw missingHeader(found: "a step") }
        if indexStopped {
            lastStepSeen = max(lastStepSeen ?? step, step)
            return
        }
        if let pending = unplaced, pending.line == line - 1, step == firstStep + index.count + 1 {
            // The damaged line before this one was the missing step.
            placeDamaged(start: pending.start, length: pending.length, line: pending.line, keyframe: false, parent: nil)
            if let problem = pending.problem {
                lineProblems[problem].message = "step \(step - 1) is damaged" + lineProblems[problem].message.dropFirst(Self.unplacedDamage.count)
            }
        }
        unplaced = nil
        let expected = firstStep + index.count
        guard step == expected else {
            if step < expected {
                throw JournalError(.malformed, path: path, line: line, "step \(step) comes again or out of order; the step expected here is \(expected), and steps must be consecutive.")
            }
            let missing = step - 1 == expected ? "step \(expected) is missing" : "steps \(expected) to \(step - 1) are missing"
            var message = "step \(step) comes after step \(expected - 1); \(missing), and steps must be consecutive."
            if options.lineProblemLimit != nil {
                indexStopped = true
                lastStepSeen = step
                message += " The states after the gap cannot be rebuilt, so they are not checked."
            }
            throw JournalError(.malformed, path: path, line: line, message)
        }
        if let parent, parent < firstStep - 1 || parent >= step {
            throw JournalError(.malformed, path: path, line: line, "step \(step) names parent \(parent), which is not an earlier step of this journal.")
        }
        index.append(offset: start, length: length, line: line, keyframe: keyframe, step: step, parent: parent)
        lastStepSeen = step
    }

    private func readAndParse(start: Int64, length: Int) throws -> JournalLine {
        var buffer = [UInt8](repeating: 0, count: length)
        let descriptor = self.descriptor
        let path = self.path
        // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
        try buffer.withUnsafeMutableBytes { raw throws in
            var done = 0
            while done < length {
                let count = pread(descriptor, raw.baseAddress! + done, length - done, off_t(start) + off_t(done))
                if count < 0 {
                    if errno == EINTR { continue }
                    throw JournalError.system(.ioError, path, "cannot read the journal", errno: errno)
                }
                if count == 0 { throw JournalError(.ioError, path: path, "the file became shorter while it was being read.") }
                done += count
            }
        }
        return try buffer.withUnsafeBytes { raw throws(JournalLineError) in
            try JournalLine.parse(raw, parser: options.parser)
        }
    }
}
