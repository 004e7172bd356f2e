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

    private var events: [LocatedEvent] = []
    /// The closing line, while no line has followed it.
    private var closing: LocatedEvent?
    private var index = JournalIndex()
    private var lineProblems: [JournalError] = []
    /// Every damaged line, also those beyond the limit on ``lineProblems``.
    private var lineProblemCount = 0
    private var verifier = StreamingLineVerifier()
    /// The damaged line read last, when its place is not known yet: where it is, so that it can be
    /// indexed when the next line shows it was the step expected, and where its problem is listed.
    private var unplaced: (start: Int64, length: Int, line: Int, problem: Int?)?

    init(path: String, descriptor: Int32, options: JournalReader.Options) {
        self.path = path
        self.descriptor = descriptor
        self.options = options
    }

    /// Whether damaged and misplaced lines are noted and read on (`statedbg check`).
    private var collecting: Bool { options.lineProblemLimit != nil }

    /// Scans the file; with `earlier`, the scan of the same file when it was shorter, only the bytes
    /// after the earlier scan's last whole line are read (a journal followed while it grows).
    mutating func scan(continuing earlier: Result? = nil) throws(JournalError) -> Result {
        let start = earlier?.validLength ?? 0
        var validator = JournalLineValidator(path: path, collecting: collecting)
        var header = earlier?.header
        if let earlier {
            validator = JournalLineValidator(path: path, collecting: collecting, continuingAfter: earlier.header,
                                             lastStep: earlier.header.firstStep - 1 + earlier.index.count,
                                             closedAfter: earlier.closing?.event.after,
                                             crashedAfter: earlier.events.last.flatMap { last in
                                                 guard case .crashed = last.event, last.line == earlier.lineCount else { return nil }
                                                 return last.event.after
                                             })
            events = earlier.events
            closing = earlier.closing
            index = earlier.index
            lineProblems = earlier.lineProblems
            lineProblemCount = earlier.lineProblemCount
            if lseek(descriptor, off_t(start), SEEK_SET) < 0 {
                throw JournalError(.system(.read, errno: errno), path: path)
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
            if count < 0 { throw JournalError(.system(.read, errno: errno), path: path) }
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
                    throw JournalError(.lineTooLong(limit: options.maxLineBytes), path: path, line: lineNumber)
                }
                if end < count {
                    let verdict = whole
                        ? chunk.withUnsafeBytes { LineChecksum.verify(UnsafeRawBufferPointer(rebasing: $0[position..<end])) }
                        : verifier.finish()
                    try handle(start: lineStart, length: lineLength, number: lineNumber, prefix: prefix,
                               lastByte: lastByte, verdict: verdict, validator: &validator, header: &header)
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
                try handle(start: 0, length: lineLength, number: 1, prefix: prefix, lastByte: lastByte,
                           verdict: verifier.finish(), validator: &validator, header: &header)
            }
            torn = TornLine(line: lineNumber, offset: lineStart, length: lineLength)
        }
        guard let header else { throw JournalError(.emptyFile, path: path) }
        return Result(header: header, events: events, closing: closing, torn: torn, validLength: lineStart,
                      lineCount: lineNumber - 1, index: index, lineProblems: lineProblems, lineProblemCount: lineProblemCount)
    }

    /// Checks a line (``JournalLineValidator``) and indexes it; with ``JournalReader/Options/lineProblemLimit``
    /// set, a damaged or misplaced line after the header is noted and left out instead of ending the scan.
    private mutating func handle(start: Int64, length: Int, number: Int, prefix: [UInt8], lastByte: UInt8,
                                 verdict: LineChecksum.Verdict, validator: inout JournalLineValidator,
                                 header: inout JournalHeader?) throws(JournalError) {
        // The closing line closes the journal only while no line follows it.
        if closing != nil { closing = nil }
        // Safe because the prefix's bytes are read only inside the closure, within their count.
        if let fast = prefix.withUnsafeBytes({ validator.placeNextStep(length: length, lastByte: lastByte, prefix: $0, verdict: verdict) }) {
            unplaced = nil
            index.append(offset: start, length: length, line: number, keyframe: fast.keyframe, step: fast.step, parent: fast.parent,
                         bareCall: Self.isBareCall(prefix, actionStart: fast.actionStart))
            return
        }
        try handleOther(start: start, length: length, number: number, prefix: prefix, lastByte: lastByte, verdict: verdict,
                        validator: &validator, header: &header)
    }

    /// Any line but the next step in the writer's layout: kept out of ``handle(start:length:number:prefix:lastByte:verdict:validator:header:)``,
    /// which runs for every line and is fastest small.
    @inline(never)
    private mutating func handleOther(start: Int64, length: Int, number: Int, prefix: [UInt8], lastByte: UInt8,
                                      verdict: LineChecksum.Verdict, validator: inout JournalLineValidator,
                                      header: inout JournalHeader?) throws(JournalError) {
        var failure: JournalError?
        // Safe because the prefix's bytes are read only inside the closure, within their count.
        let outcome: JournalLineValidator.Outcome? = prefix.withUnsafeBytes { raw in
            do throws(JournalError) {
                return try validator.check(line: number, length: length, lastByte: lastByte, prefix: raw, verdict: verdict) {
                    (timeBase: StepTimeBase) throws(JournalError) in try readAndParse(start: start, length: length, timeBase: timeBase)
                }
            } catch {
                failure = error
                return nil
            }
        }
        if validator.hasNotedProblem, let noted = validator.takeNotedProblem() { note(noted) }
        guard let outcome else {
            unplaced = nil
            guard let failure, collecting, number > 1, validator.hasHeader, failure.category == .malformed else {
                throw failure ?? JournalError(.emptyFile, path: path)
            }
            note(failure)
            return
        }
        switch outcome {
        case .step(let placed, let placedBefore):
            indexStep(placed.step, keyframe: placed.keyframe, parent: placed.parent,
                      bareCall: Self.isBareCall(prefix, actionStart: placed.actionStart), start: start, length: length, line: number,
                      after: placedBefore)
        case .parsedStep(let placedBefore):
            guard case .step(let step)? = validator.takeParsedLine() else { return }
            indexStep(step.step, keyframe: step.isKeyframe, parent: step.parent, start: start, length: length, line: number,
                      after: placedBefore)
        case .header:
            unplaced = nil
            if case .header(let value)? = validator.takeParsedLine() { header = value }
        case .event:
            unplaced = nil
            if case .event(let event)? = validator.takeParsedLine() { events.append(LocatedEvent(line: number, event: event)) }
        case .closing:
            unplaced = nil
            if case .event(let event)? = validator.takeParsedLine() { closing = LocatedEvent(line: number, event: event) }
        case .damagedStep(let damaged):
            unplaced = nil
            index.append(offset: start, length: length, line: number, keyframe: damaged.keyframe, step: damaged.step, parent: damaged.parent)
            index.damagedLines[damaged.step] = number
            note(damaged.damage(in: path))
        case .damagedLine(let part, let why):
            if part == .unplaced {
                let kept = lineProblems.count < (options.lineProblemLimit ?? Self.damagedLinesKept)
                unplaced = (start, length, number, kept ? lineProblems.count : nil)
            } else {
                unplaced = nil
            }
            note(validator.damage(of: part, why, line: number))
        case .unplacedStep:
            unplaced = nil
        }
    }

    /// Indexes a step line, after the damaged line before it when the line showed it was the step before.
    private mutating func indexStep(_ step: Int, keyframe: Bool, parent: Int?, bareCall: Bool = false, start: Int64, length: Int, line: Int,
                                    after placedBefore: JournalLineValidator.DamagedStep?) {
        if let placedBefore, let pending = unplaced, pending.line == placedBefore.line {
            index.append(offset: pending.start, length: pending.length, line: pending.line, keyframe: false,
                         step: placedBefore.step, parent: nil)
            index.damagedLines[placedBefore.step] = pending.line
            if let problem = pending.problem { lineProblems[problem] = placedBefore.damage(in: path) }
        }
        unplaced = nil
        index.append(offset: start, length: length, line: line, keyframe: keyframe, step: step, parent: parent, bareCall: bareCall)
    }

    /// Whether a step line's first bytes show its action is a call alone: a string, where an action
    /// written any other way is an object.
    private static func isBareCall(_ prefix: [UInt8], actionStart: Int) -> Bool {
        actionStart < prefix.count && prefix[actionStart] == UInt8(ascii: "\"")
    }

    /// Keeps a problem, up to the limit, and counts it.
    private mutating func note(_ problem: JournalError) {
        lineProblemCount += 1
        if lineProblems.count < (options.lineProblemLimit ?? Self.damagedLinesKept) { lineProblems.append(problem) }
    }

    /// Reads a whole line back and parses it: for a line not placed from its first bytes.
    private func readAndParse(start: Int64, length: Int, timeBase: StepTimeBase) throws(JournalError) -> Swift.Result<JournalLine, JournalLineError> {
        let parser = options.parser
        var buffer = [UInt8](repeating: 0, count: length)
        var failure: JournalError?
        // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
        buffer.withUnsafeMutableBytes { raw in
            var done = 0
            while done < length {
                let count = pread(descriptor, raw.baseAddress! + done, length - done, off_t(start) + off_t(done))
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = JournalError(.system(.read, errno: errno), path: path)
                    return
                }
                if count == 0 {
                    failure = JournalError(.fileShrank, path: path)
                    return
                }
                done += count
            }
        }
        if let failure { throw failure }
        // Safe because the pointer is used only inside the closure, within the buffer's count.
        return buffer.withUnsafeBytes { raw in
            do throws(JournalLineError) {
                return .success(try JournalLine.parse(raw, parser: parser, timeBase: timeBase))
            } catch {
                return .failure(error)
            }
        }
    }
}
