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

/// Reads a journal's step lines once, in file order and in large blocks, without indexing it: the way
/// for a search that visits every step (`changes`, `log`, a linear `bisect`) to run in memory that does
/// not grow with the journal, and to look at a line's bytes before deciding to parse it.
///
/// Every line is checked by the same rules as when a ``JournalReader`` opens the file
/// (``JournalLineValidator``): its checksum, steps consecutive and parents earlier steps, events after
/// steps already seen, the closing line's place; a damaged step line is handed over marked as such, a
/// damaged event is left out, and an incomplete last line ends the stream and is reported in ``torn``.
///
/// ```swift
/// let stream = try JournalStream(path: "Recordings/bank.jsonl")
/// try stream.forEachStep { line in
///     print(line.step, line.bytes.count)
///     return true
/// }
/// ```
package final class JournalStream {
    /// One step line, valid only during the call that hands it over.
    package struct StepLine {
        /// The step number.
        package var step: Int
        /// The 1-based line number.
        package var line: Int
        /// The time given, or where its digits are in ``bytes`` (read only when asked for: most
        /// searches never look at it).
        private var timeValue: Int64
        private var timeStart: Int
        /// What the number at ``timeStart`` counts from: the header's origin for a line that gives `ms`, else 0.
        private var timeOffset: Int64
        /// The step whose state the action was applied to.
        package var parent: Int
        // Safe because the stream hands a line to its caller only for the duration of the call, while the block buffer holding it is neither moved nor refilled.
        /// The line as written, without its line feed; valid only during the call.
        package var bytes: UnsafeRawBufferPointer
        /// Where the line starts in the file: what ``JournalStream/reread(at:count:into:)`` reads it back from.
        package var offset: Int64
        private var actionStartOrMinusOne: Int
        /// Whether the line holds a whole state rather than a patch.
        package var isKeyframe: Bool
        /// Whether the line cannot be trusted (its checksum fails); ``JournalStream/damage(of:)`` says why.
        /// A flag, not the error itself: the line is then plain bytes, which copy without reference
        /// counting as it is handed over and passed on several times per step.
        package var isDamaged: Bool
        /// The checksum of the bytes ``LineChecksum/verify(_:actual:)`` covers, as the stream computed
        /// it: what tells the same line when it is read back (``LineChecksum/coveredChecksum(of:)``).
        package var checksum: UInt32

        // Safe because the line keeps the bytes only as long as the caller's promise (see ``bytes``) holds.
        /// A line with these properties.
        package init(step: Int, line: Int, time: Int64, parent: Int, isKeyframe: Bool, bytes: UnsafeRawBufferPointer,
                     isDamaged: Bool = false, actionStart: Int? = nil, offset: Int64 = 0, timeStart: Int? = nil,
                     timeOffset: Int64 = 0, checksum: UInt32 = 0) {
            self.step = step
            self.line = line
            timeValue = time
            self.timeStart = timeStart ?? -1
            self.timeOffset = timeOffset
            self.parent = parent
            self.bytes = bytes
            self.offset = offset
            actionStartOrMinusOne = actionStart ?? -1
            self.isKeyframe = isKeyframe
            self.isDamaged = isDamaged
            self.checksum = checksum
        }

        /// When the action was applied, in milliseconds since 1970 (0 when the line is damaged).
        package var time: Int64 {
            // The header's origin is within 10^15 of 0 and the digits read at most 18: the sum fits.
            timeStart >= 0 ? timeOffset + StepLinePrefix.time(in: bytes, at: timeStart) : timeValue
        }

        /// Where the action's value starts in ``bytes`` when the line starts in the writer's layout
        /// (`{"step":N,…,"action":`), or `nil`.
        package var actionStart: Int? {
            get { actionStartOrMinusOne >= 0 ? actionStartOrMinusOne : nil }
            set { actionStartOrMinusOne = newValue ?? -1 }
        }
    }

    /// The path the journal was opened with.
    package let path: String
    /// The header line.
    package let header: JournalHeader
    /// The incomplete last line, known once the stream has reached it.
    package var torn: TornLine? { lines.torn }
    /// How many damaged lines the stream has passed.
    package private(set) var damagedLineCount = 0

    private let options: JournalReader.Options
    private var lines: BlockLines
    /// The rules every line keeps, and where the stream is: the step expected next.
    private var validator: JournalLineValidator
    private var actionScanner = StepLineScanner()
    /// Where the lines start that the site list of the line being handed over is followed from: the
    /// last keyframe line passed, or the first line after the header (``CallSiteList``).
    var siteSegment: (offset: Int64, line: Int, afterHeader: Bool) = (0, 2, true) {
        didSet {
            damagedLinesBeforeSiteSegment = damagedLineCount
            siteLinesEnd = siteSegment.offset
        }
    }
    /// ``damagedLineCount`` when the current site segment started: a line of the segment read back
    /// damaged when none was passed damaged changed after the stream checked it.
    var damagedLinesBeforeSiteSegment = 0
    /// Where the lines of the current site segment passed so far stop being able to change the site
    /// list or the site in force: just after the last one whose action is not a call alone (a string,
    /// version 6), or that was damaged or parsed whole; the segment's start when there is none. The
    /// lines after it carry the site on unchanged, and are not read back to follow it.
    // Unchecked exclusivity: set per line passed, in a search's loop. Safe because a stream is used by
    // one thread, and no access to it calls out while it is in progress.
    @exclusivity(unchecked) var siteLinesEnd: Int64 = 0
    /// The site list followed up to the line at `nextOffset` (not included), in the segment at `segmentOffset`.
    var siteListCache: (segmentOffset: Int64, nextOffset: Int64, nextLine: Int, list: CallSiteList)?
    /// Why the damaged line being handed over cannot be trusted.
    private var currentDamage: JournalError?

    /// Opens a journal and reads its header; the file is read `blockBytes` at a time (256 KiB by
    /// default: a block small enough to stay in the processor's cache while its lines are checked
    /// and searched is read faster than a larger one).
    ///
    /// A file of `readAheadFromBytes` or more (8 MiB by default) is read, split into lines and
    /// checksummed ahead on a second thread, a few blocks ahead of the search; the thread ends when
    /// the stream does. A smaller file is read on the caller's thread, where starting one would cost
    /// more than it saves.
    ///
    /// - Throws: ``JournalError`` for a missing or unreadable file or a missing or damaged header.
    package init(path: String, options: JournalReader.Options = JournalReader.Options(), blockBytes: Int = 1 << 18,
                 readAheadFromBytes: Int64 = 8 << 20) throws(JournalError) {
        self.path = path
        self.options = options
        let descriptor = try JournalDescriptor.openRegularFile(path)
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? Int64(info.st_size) : 0
        var lines = BlockLines(path: path, descriptor: descriptor, maxLineBytes: options.maxLineBytes, blockBytes: blockBytes,
                               readsAhead: size >= readAheadFromBytes)
        var validator = JournalLineValidator(path: path, collecting: false)
        let header: JournalHeader
        var headerEnd: Int64 = 0
        do throws(JournalError) {
            guard let first = try lines.next() else {
                if lines.torn != nil { throw JournalError(.incompleteHeader, path: path, line: 1) }
                throw JournalError(.emptyFile, path: path)
            }
            let parser = options.parser
            _ = try validator.check(line: 1, length: first.count, lastByte: first.last ?? 0, prefix: first,
                                    verdict: LineChecksum.verify(first, actual: lines.checksum)) { timeBase in
                Self.parse(first, parser: parser, timeBase: timeBase)
            }
            guard case .header(let value)? = validator.takeParsedLine() else { throw JournalError(.emptyFile, path: path) }
            header = value
            headerEnd = Int64(first.count) + 1
        } catch {
            lines.release()
            throw error
        }
        self.lines = lines
        self.header = header
        self.validator = validator
        siteSegment = (headerEnd, 2, true)
    }

    /// The last step the stream has passed.
    private var lastStep: Int { validator.lastStep }

    // Safe because the line is read only during the call.
    /// A whole line parsed, for the validator.
    private static func parse(_ line: UnsafeRawBufferPointer, parser: JSONParser, timeBase: StepTimeBase) -> Result<JournalLine, JournalLineError> {
        do throws(JournalLineError) {
            return .success(try JournalLine.parse(line, parser: parser, timeBase: timeBase))
        } catch {
            return .failure(error)
        }
    }

    deinit {
        lines.release()
    }

    /// Calls `body` with each step line in file order until it returns `false` or the file ends.
    ///
    /// - Throws: ``JournalError`` for a line that breaks the journal's rules (one that is not JSON, a step
    ///   out of order, a parent that is not an earlier step, …), with its line, and for a file that
    ///   cannot be read.
    package func forEachStep(_ body: (StepLine) -> Bool) throws(JournalError) {
        // Local copies while the loop runs: a stored property of a class is checked for exclusive
        // access at run time on every use, which cost a tenth of a search that skips most lines.
        var lines = self.lines
        var validator = self.validator
        defer {
            self.lines = lines
            self.validator = validator
        }
        let parser = options.parser
        // The validator places a line that gives `ms` only under a header that gives an origin.
        let timeOrigin = header.stepTimeBase.origin ?? 0
        while let bytes = try lines.next() {
            let number = lines.lineNumber
            let lastByte = bytes.last ?? 0
            let verdict = LineChecksum.verify(bytes, actual: lines.checksum)
            if let prefix = validator.placeNextStep(length: bytes.count, lastByte: lastByte, prefix: bytes, verdict: verdict) {
                let step = StepLine(step: prefix.step, line: number, time: 0, parent: prefix.parent ?? prefix.step - 1,
                                    isKeyframe: prefix.keyframe, bytes: bytes, actionStart: prefix.actionStart,
                                    offset: lines.lineOffset, timeStart: prefix.timeStart,
                                    timeOffset: prefix.timeIsSinceOrigin ? timeOrigin : 0, checksum: lines.checksum)
                if prefix.keyframe { siteSegment = (lines.lineOffset, number, false) }
                if prefix.actionStart >= bytes.count || bytes[prefix.actionStart] != UInt8(ascii: "\"") {
                    siteLinesEnd = lines.lineOffset + Int64(bytes.count) + 1
                }
                if !body(step) { return }
                continue
            }
            let outcome = try validator.check(line: number, length: bytes.count, lastByte: lastByte, prefix: bytes, verdict: verdict) { timeBase in
                Self.parse(bytes, parser: parser, timeBase: timeBase)
            }
            let step: StepLine
            let placedBefore: JournalLineValidator.DamagedStep?
            switch outcome {
            case .step(let prefix, let before):
                placedBefore = before
                step = StepLine(step: prefix.step, line: number, time: 0, parent: prefix.parent ?? prefix.step - 1,
                                isKeyframe: prefix.keyframe, bytes: bytes, actionStart: prefix.actionStart,
                                offset: lines.lineOffset, timeStart: prefix.timeStart,
                                timeOffset: prefix.timeIsSinceOrigin ? timeOrigin : 0, checksum: lines.checksum)
            case .parsedStep(let before):
                guard case .step(let record)? = validator.takeParsedLine() else { continue }
                placedBefore = before
                step = StepLine(step: record.step, line: number, time: record.time, parent: record.parentStep,
                                isKeyframe: record.isKeyframe, bytes: bytes, offset: lines.lineOffset, checksum: lines.checksum)
            case .damagedStep(let damaged):
                damagedLineCount += 1
                siteLinesEnd = lines.lineOffset + Int64(bytes.count) + 1
                currentDamage = damaged.damage(in: path)
                let line = StepLine(step: damaged.step, line: number, time: 0, parent: damaged.parent ?? damaged.step - 1,
                                    isKeyframe: damaged.keyframe, bytes: bytes, isDamaged: true)
                if !body(line) { return }
                continue
            case .damagedLine:
                // A damaged line whose place is unknown waits for the next line to tell; a damaged event is left out.
                damagedLineCount += 1
                siteLinesEnd = lines.lineOffset + Int64(bytes.count) + 1
                continue
            case .header, .event, .closing, .unplacedStep:
                _ = validator.takeParsedLine()
                continue
            }
            if let placedBefore {
                // The damaged line before this one was the missing step.
                currentDamage = placedBefore.damage(in: path)
                let damaged = StepLine(step: placedBefore.step, line: placedBefore.line, time: 0, parent: placedBefore.step - 1,
                                       isKeyframe: false, bytes: bytes, isDamaged: true)
                if !body(damaged) { return }
            }
            if step.isKeyframe { siteSegment = (lines.lineOffset, number, false) }
            // A line parsed whole, or in the layout after a damaged one: read back when following sites.
            siteLinesEnd = lines.lineOffset + Int64(bytes.count) + 1
            if !body(step) { return }
        }
    }

    /// Why `line`, handed over by ``forEachStep(_:)`` during the call that handed it over, cannot be
    /// trusted, or `nil` when it is intact.
    package func damage(of line: StepLine) -> JournalError? {
        line.isDamaged ? currentDamage : nil
    }

    /// Reads the rest of the file and returns its last step.
    package func readToEnd() throws(JournalError) -> Int {
        try forEachStep { _ in true }
        return lastStep
    }

    /// The last step of the file, read from its end without reading the lines between: what a search
    /// interrupted half-way reports as the end of its range. Reads the rest of the file when the last
    /// 64 KiB hold no intact step line in the writer's layout.
    package func lastStepFromEnd() throws(JournalError) -> Int {
        var info = stat()
        guard fstat(lines.descriptor, &info) == 0 else { return try readToEnd() }
        let size = Int64(info.st_size)
        let length = Int(min(size, 1 << 16))
        var tail = [UInt8](repeating: 0, count: length)
        // Safe because `pread` writes at most `length` bytes into the array of that size.
        let count = tail.withUnsafeMutableBytes { raw in pread(lines.descriptor, raw.baseAddress, length, off_t(size - Int64(length))) }
        guard count == length else { return try readToEnd() }
        // Complete lines only: the bytes after the last line feed are a torn line, and the first piece may be cut.
        var pieces = tail.split(separator: 0x0A, omittingEmptySubsequences: false)
        pieces.removeLast()
        if Int64(length) < size, !pieces.isEmpty { pieces.removeFirst() }
        for piece in pieces.reversed() {
            // Safe because the pointer is used only inside the closure, within the copy's count.
            let (found, isEvent): (Int?, Bool) = Array(piece).withUnsafeBytes { bytes in
                guard LineChecksum.verify(bytes) == .intact || (header.version < 2 && LineChecksum.verify(bytes) == .absent),
                      let prefix = StepLinePrefix(bytes) else { return (nil, JournalLineValidator.isEventLine(bytes)) }
                return (prefix.step, false)
            }
            if let found { return max(found, lastStep) }
            if !isEvent { break }
        }
        return try readToEnd()
    }

    /// The step a line holds, parsed whole.
    package func parse(_ line: StepLine) throws(JournalError) -> JournalStep {
        var record = try unresolvedStep(line)
        try resolveSite(of: &record.action, line: line)
        return record
    }

    /// ``parse(_:)`` with a site named by number left as its number.
    private func unresolvedStep(_ line: StepLine) throws(JournalError) -> JournalStep {
        if let damage = damage(of: line) { throw damage }
        let parsed: JournalLine
        do {
            parsed = try JournalLine.parse(line.bytes, parser: options.parser, timeBase: header.stepTimeBase)
        } catch {
            throw JournalError(.invalidLine(error), path: path, line: line.line)
        }
        guard case .step(let record) = parsed else {
            throw JournalError(.notAStep, path: path, line: line.line)
        }
        return record
    }

    /// A line's action, read without parsing its state when the line is in the writer's layout; a
    /// repeated action costs a hash and a comparison.
    package func action(of line: StepLine) throws(JournalError) -> JournalAction {
        if !line.isDamaged, var fast = actionScanner.scan(line.bytes) {
            try resolveSite(of: &fast.action, line: line)
            return fast.action
        }
        return try parse(line).action
    }

    /// Reads `count` bytes of the file from `offset` into `buffer` (resized to fit): the lines a
    /// search passed over, read back when it needs them after all.
    ///
    /// - Throws: ``JournalError`` when the file cannot be read or is shorter than that now.
    package func reread(at offset: Int64, count: Int, into buffer: inout [UInt8]) throws(JournalError) {
        if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
        let descriptor = lines.descriptor
        var done = 0
        while done < count {
            // Safe because `pread` writes at most `count - done` bytes at `done`, inside the buffer of at least `count`.
            let read = buffer.withUnsafeMutableBytes { raw in pread(descriptor, raw.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            if read < 0 {
                if errno == EINTR { continue }
                throw JournalError(.system(.read, errno: errno), path: path)
            }
            if read == 0 { throw JournalError(.fileShrank, path: path) }
            done += read
        }
    }

    /// Whether the bytes of a line read back are still as intact as when the stream checked them.
    // Safe because the line is read only during the call, within its count.
    package func isIntact(_ line: UnsafeRawBufferPointer) -> Bool {
        let verdict = LineChecksum.verify(line)
        return verdict == .intact || (verdict == .absent && header.version < 2)
    }

    /// The error a search meets when it needs the state of `step`, rebuilt through the damaged step
    /// `damaged` on line `line`.
    package func unreadable(_ step: Int, through damaged: Int, line: Int) -> JournalError {
        JournalError(.unreadableThroughDamage(step: step, damaged: damaged, line: line), path: path, line: line)
    }

}

/// A journal file's lines, read in large blocks into one buffer that grows only for a longer line.
///
/// The lines of a block are found and checksummed in batches (see ``LineChecksum/splitLines(_:capacity:ends:checksums:)``),
/// while the block is still in the processor's cache; ``checksum`` is that of the line last returned.
private struct BlockLines {
    let path: String
    let descriptor: Int32
    // Safe because the buffers are allocated once here, grown only by reallocating, and read or written only
    // below `filled` (the line buffer) and `batchCapacity` (the batch's arrays).
    let maxLineBytes: Int
    var buffer: UnsafeMutableRawBufferPointer
    /// The second thread that reads, splits and checksums the file ahead, and the block of it being
    /// read (whose buffer and line tables ``buffer``, ``ends`` and ``checksums`` then are), or `nil`
    /// when the lines are read here.
    let readAhead: BlockReadAhead?
    var block: BlockReadAhead.Block?
    /// The bytes of `buffer` that hold data read from the file, and where the next line starts.
    var filled = 0
    var start = 0
    /// The file offset of `buffer[0]`.
    var bufferOffset: Int64 = 0
    var atEnd = false
    /// The number of the line last returned.
    var lineNumber = 0
    var torn: TornLine?
    /// The lines found in the buffer and not yet returned: where each one's line feed is, counted
    /// from `batchBase`, and the checksum of its covered bytes.
    var ends: UnsafeMutablePointer<Int>
    var checksums: UnsafeMutablePointer<UInt32>
    var batchBase = 0
    var batchCount = 0
    var batchIndex = 0
    /// The checksum of the bytes the line last returned covers, for ``LineChecksum/verify(_:actual:)``.
    var checksum: UInt32 = 0
    /// Where the line last returned starts in the file.
    var lineOffset: Int64 = 0

    static let batchCapacity = 512
    // Safe because the stand-ins are only kept here, never read through, and freed once, in `release()`.
    /// What ``buffer``, ``ends`` and ``checksums`` point to until a stream that reads ahead takes its
    /// first block, kept to be freed in ``release()``.
    private var standIns: (buffer: UnsafeMutableRawBufferPointer, ends: UnsafeMutablePointer<Int>,
                           checksums: UnsafeMutablePointer<UInt32>)?

    init(path: String, descriptor: Int32, maxLineBytes: Int, blockBytes: Int, readsAhead: Bool) {
        self.path = path
        self.descriptor = descriptor
        self.maxLineBytes = maxLineBytes
        if readsAhead {
            readAhead = BlockReadAhead(path: path, descriptor: descriptor, maxLineBytes: maxLineBytes, blockBytes: blockBytes)
            // Safe because these stand-ins are never read (no batch is found in them) and are freed once, in `release()`.
            buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 16)
            ends = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            checksums = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
            standIns = (buffer, ends, checksums)
            return
        }
        readAhead = nil
        // Safe because the buffers are freed once, when the stream is closed, and never used after.
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(blockBytes, 4096), alignment: 16)
        ends = UnsafeMutablePointer<Int>.allocate(capacity: Self.batchCapacity)
        checksums = UnsafeMutablePointer<UInt32>.allocate(capacity: Self.batchCapacity)
    }

    // Safe because it is called once, when the stream is closed: the reading thread is stopped and joined
    // before its blocks and the file are released, and nothing reads the buffers after.
    func release() {
        if let readAhead {
            readAhead.stop()
            // The first block replaced them; the blocks themselves are the reading thread's to free.
            if let standIns {
                standIns.buffer.deallocate()
                standIns.ends.deallocate()
                standIns.checksums.deallocate()
            }
        } else {
            buffer.deallocate()
            ends.deallocate()
            checksums.deallocate()
        }
        _ = close(descriptor)
    }

    // Safe because the returned bytes lie within `buffer[start..<filled]` and stay valid until the next call,
    // which is the only one that moves or refills the buffer; the batch's offsets were found in that range.
    /// The next complete line, without its line feed; `nil` at the end of the file, where an
    /// incomplete last line is recorded in ``torn``.
    @inline(__always)
    mutating func next() throws(JournalError) -> UnsafeRawBufferPointer? {
        if batchIndex == batchCount {
            guard try nextBatch() else { return nil }
        }
        let end = batchBase + ends[batchIndex]
        checksum = checksums[batchIndex]
        batchIndex += 1
        let line = UnsafeRawBufferPointer(start: buffer.baseAddress! + start, count: end - start)
        lineOffset = bufferOffset + Int64(start)
        start = end + 1
        lineNumber += 1
        return line
    }

    // Safe because the search and the moves stay inside `buffer[start..<filled]`, and reads write below its count.
    /// Finds the next batch of complete lines, reading more of the file when the buffer holds none;
    /// `false` at the end of the file.
    private mutating func nextBatch() throws(JournalError) -> Bool {
        if let readAhead { return try nextBlock(from: readAhead) }
        while true {
            if start < filled {
                let region = UnsafeRawBufferPointer(start: buffer.baseAddress! + start, count: filled - start)
                let found = LineChecksum.splitLines(region, capacity: Self.batchCapacity, ends: ends, checksums: checksums)
                if found > 0 {
                    batchBase = start
                    batchCount = found
                    batchIndex = 0
                    return true
                }
            }
            if atEnd {
                if filled > start, torn == nil {
                    torn = TornLine(line: lineNumber + 1, offset: bufferOffset + Int64(start), length: filled - start)
                }
                return false
            }
            // Keep the partial line: move it to the front, growing the buffer for a long line.
            let partial = filled - start
            if start > 0 {
                if partial > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + start, partial) }
                bufferOffset += Int64(start)
                start = 0
                filled = partial
            }
            if filled == buffer.count {
                guard buffer.count <= maxLineBytes else {
                    throw JournalError(.lineTooLong(limit: maxLineBytes), path: path, line: lineNumber + 1)
                }
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
                larger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = larger
            }
            var count: Int
            repeat {
                count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            } while count < 0 && errno == EINTR
            if count < 0 { throw JournalError(.system(.read, errno: errno), path: path) }
            if count == 0 { atEnd = true } else { filled += count }
        }
    }

    // Safe because the block's buffer and line tables stay as the reading thread left them while the
    // reader holds the block: the thread fills only the blocks given back to it.
    /// Takes the next block the reading thread has filled, giving back the last one; `false` at the end
    /// of the file, an error where the reading stopped, each after the lines before it.
    private mutating func nextBlock(from readAhead: BlockReadAhead) throws(JournalError) -> Bool {
        while true {
            if let block {
                switch block.finish {
                case .end(let last):
                    if torn == nil { torn = last }
                    atEnd = true
                    return false
                case .failure(let error):
                    throw error
                case nil:
                    readAhead.recycle(block)
                    self.block = nil
                }
            }
            let next = readAhead.take()
            block = next
            buffer = next.buffer
            ends = next.ends
            checksums = next.checksums
            bufferOffset = next.offset
            start = 0
            filled = next.count > 0 ? next.ends[next.count - 1] + 1 : 0
            batchBase = 0
            batchCount = next.count
            batchIndex = 0
            if next.count > 0 { return true }
        }
    }
}
