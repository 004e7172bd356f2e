import StateJSON
import StateEncoding

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a journal without loading it: one scan builds an index of where each step is, and any step's
/// state is rebuilt from the nearest keyframe before it.
///
/// Opening checks the structure (a header first, consecutive step numbers, events that follow steps
/// already seen) and tolerates a torn last line, which it reports in ``torn``. Full checks of every
/// line, patch and hash happen as states are read, or all at once with ``validate(limit:)``.
///
/// ```swift
/// let reader = try JournalReader(path: "Recordings/bank-overdraft.jsonl")
/// reader.lastStep                           // 40
/// let state = try reader.state(at: 12)      // JSONValue
/// let action = try reader.step(12).action   // JournalAction
/// ```
///
/// Not thread-safe: it keeps a read buffer and the last state it rebuilt.
package final class JournalReader {
    /// Limits and checks.
    package struct Options: Sendable {
        /// The longest line accepted, in bytes. A longer line is an error, never a huge allocation.
        package var maxLineBytes: Int = JournalLimits.maxLineBytes
        /// Check every rebuilt state against the hash its line records.
        package var verifyHashes: Bool = true
        /// The JSON parser and its limits (``JournalLimits/parser``).
        package var parser: JSONParser = JournalLimits.parser
        /// When set, a damaged line after the header (not JSON, blank, a step out of order, an event
        /// after a step that is not there) does not stop the reader: up to this many are kept in
        /// ``JournalReader/lineProblems`` and the lines left out, so that `statedbg check` can list
        /// them all. `nil` (the default) refuses the file at its first damaged line.
        package var lineProblemLimit: Int?

        /// The defaults: 64 MiB lines, hashes verified.
        package init() {}

        /// What `statedbg check` reads with: every damaged or misplaced line noted (the first `limit`
        /// kept), and a member named twice refused (``JournalLimits/checkingParser``): readers take its
        /// last value, but another reader may take the first.
        package static func checking(limit: Int) -> Options {
            var options = Options()
            options.lineProblemLimit = limit
            options.parser = JournalLimits.checkingParser
            return options
        }
    }

    /// The path the journal was opened with.
    package let path: String
    /// The options in force.
    package let options: Options
    /// The header line.
    package let header: JournalHeader
    /// Every event, in file order.
    package let events: [LocatedEvent]
    /// The closing line (``JournalEvent/closed(after:time:)``) when it is the journal's last line: the
    /// recorder closed the file and nothing more will be written to it. Not one of ``events``.
    package let closing: LocatedEvent?
    /// The incomplete last line, if the writer stopped mid-line.
    package let torn: TornLine?
    /// The length of the file up to the end of its last complete line.
    package let validLength: Int64
    /// The number of complete lines.
    package let lineCount: Int
    /// The damaged lines found while opening, in file order: with ``Options/lineProblemLimit`` set, up
    /// to that many of any kind; without it, up to 100 lines whose checksum fails (every other damaged
    /// line stops the reader). A command that reads the journal warns about them.
    package let lineProblems: [JournalError]
    /// How many damaged lines there are, also those beyond the ones kept in ``lineProblems``.
    package let lineProblemCount: Int

    private let index: JournalIndex
    private var descriptor: Int32
    /// Bytes of the file from ``windowStart``: the block read last, so that reading the steps after a
    /// keyframe, or one step after another, costs one read per block instead of one per line.
    private var window: [UInt8] = []
    private var windowStart: Int64 = 0
    private var windowCount = 0
    /// How much a read brings in beyond the line asked for.
    private static let windowBytes = 1 << 18
    private var stepLineScanner = StepLineScanner()
    private var cache: (step: Int, state: JSONValue)?
    /// The site list after step `through`, followed from the keyframe (or the header, step `start` =
    /// ``baseStep``) at `start`: what names the call sites of the steps after it (``CallSiteList``).
    // Unchecked exclusivity: replay reads this on every step. Safe because a reader is used by one
    // thread, and no access to it calls out while it is in progress.
    @exclusivity(unchecked) var siteListCache: (start: Int, through: Int, list: CallSiteList)?
    /// Follows the cached state through the patches applied to it, so that checking the states one
    /// after another costs about their changes.
    private let fingerprinter: PatchedStateFingerprinter
    /// The step whose state ``fingerprinter`` follows: the cached one, or `nil`.
    private var fingerprintedStep: Int?

    /// Opens and indexes a journal.
    ///
    /// - Throws: ``JournalError`` for a missing or unreadable file, an empty file, a missing or newer
    ///   header, out-of-order steps or an event that refers to a step not yet written, each with its line.
    package convenience init(path: String, options: Options = Options()) throws(JournalError) {
        try self.init(path: path, options: options, continuing: nil)
    }

    /// The same journal with the lines written since this reader opened it: only the bytes after
    /// ``validLength`` are read (and a torn last line read again), so following a growing journal costs
    /// what it appends, not its length. The caller checks that the file was not replaced or cut.
    package func withAppendedLines() throws(JournalError) -> JournalReader {
        try JournalReader(path: path, options: options, continuing: JournalScanner.Result(
            header: header, events: events, closing: closing, torn: nil, validLength: validLength, lineCount: lineCount,
            index: index, lineProblems: lineProblems, lineProblemCount: lineProblemCount))
    }

    private init(path: String, options: Options, continuing earlier: JournalScanner.Result?) throws(JournalError) {
        self.path = path
        self.options = options
        let descriptor = try JournalDescriptor.openRegularFile(path)
        self.descriptor = descriptor
        do {
            var scanner = JournalScanner(path: path, descriptor: descriptor, options: options)
            let result = try scanner.scan(continuing: earlier)
            header = result.header
            fingerprinter = PatchedStateFingerprinter(scheme: result.header.fingerprintScheme)
            events = result.events
            closing = result.closing
            torn = result.torn
            validLength = result.validLength
            lineCount = result.lineCount
            index = result.index
            lineProblems = result.lineProblems
            lineProblemCount = result.lineProblemCount
        } catch {
            _ = close(descriptor)
            throw error
        }
    }

    deinit {
        if descriptor >= 0 { _ = close(descriptor) }
    }

    /// The step of the header's initial state: 0, or the last step of the file this one continues.
    package var baseStep: Int { header.firstStep - 1 }
    /// The last complete step (``baseStep`` when there is none).
    package var lastStep: Int { baseStep + index.count }
    /// The number of complete steps.
    package var stepCount: Int { index.count }
    /// The step numbers of the keyframes, ascending.
    package var keyframeSteps: [Int] { index.keyframePositions.map { $0 + header.firstStep } }

    /// Whether every line carries a checksum (format version 2 and later): only then is a change to an
    /// action, a time or a patch that leaves the states' hashes intact detected.
    package var linesAreChecksummed: Bool { header.version >= 2 }

    /// The line of a step whose checksum failed, or `nil` when the step's line is intact.
    package func damagedLine(ofStep step: Int) -> Int? {
        index.damagedLines[step]
    }

    /// The last keyframe at or before `step`, or ``baseStep`` when there is none (the header holds the state).
    func keyframe(atOrBefore step: Int) -> Int {
        guard step > baseStep else { return baseStep }
        return index.previousKeyframe(from: step - header.firstStep).map { $0 + header.firstStep } ?? baseStep
    }

    func refuseDamaged(_ step: Int, reading wanted: Int) throws(JournalError) {
        guard let line = index.damagedLines[step] else { return }
        throw JournalError(.unreadableThroughDamage(step: wanted, damaged: step, line: line), path: path, line: line)
    }

    /// Whether `step` names the initial state or a complete step.
    package func contains(step: Int) -> Bool {
        step >= baseStep && step <= lastStep
    }

    /// The 1-based line of a step (the header's line, 1, for the base step).
    package func line(ofStep step: Int) -> Int {
        guard step > baseStep, step <= lastStep else { return 1 }
        return index.line(at: step - header.firstStep)
    }

    // Safe because `body` gets bytes valid only during the call and the line's length is taken from the index.
    /// Calls `body` with a step's line as written (without its line feed), unparsed, for callers that
    /// need only part of it at high speed, such as the debugger's replay, which reads the action and
    /// hash of every step. The bytes are valid only during the call.
    ///
    /// ```swift
    /// let length = try reader.withLineBytes(ofStep: 12) { $0.count }
    /// ```
    func withLineBytes<T>(ofStep step: Int, _ body: (UnsafeRawBufferPointer) -> T) throws(JournalError) -> T {
        try checkRange(step, allowBase: false)
        try refuseDamaged(step, reading: step)
        let position = step - header.firstStep
        do {
            return try readLine(offset: index.offset(at: position), length: index.length(at: position)) { bytes throws(JournalLineError) in
                body(bytes)
            }
        } catch let error as JournalError {
            throw error
        } catch {
            throw JournalError(.ioError, path: path, line: line(ofStep: step), "\(error)")
        }
    }

    // Safe because `body` gets bytes valid only during its call, each a slice of the block read, within the indexed
    // lengths.
    /// Calls `body` with the line of each step in `steps`, in order, unparsed, reading the file in
    /// large blocks instead of one read per line: the fast path for a replay that visits every step.
    /// `body` returns `false` to stop early. The bytes are valid only during each call.
    ///
    /// ```swift
    /// try reader.forEachStepLine(1...reader.lastStep) { step, line in line.count > 0 }
    /// ```
    func forEachStepLine(_ steps: ClosedRange<Int>, blockBytes: Int = 1 << 20,
                         _ body: (Int, UnsafeRawBufferPointer) -> Bool) throws(JournalError) {
        try checkRange(steps.lowerBound, allowBase: false)
        try checkRange(steps.upperBound, allowBase: false)
        var block: [UInt8] = []
        var position = steps.lowerBound - header.firstStep
        let end = steps.upperBound - header.firstStep
        while position <= end {
            // Gather the following lines that fit in one block (always at least one line).
            let start = index.offset(at: position)
            var last = position
            while last < end, index.offset(at: last + 1) + Int64(index.length(at: last + 1)) - start <= Int64(blockBytes) { last += 1 }
            let length = Int(index.offset(at: last) + Int64(index.length(at: last)) - start)
            if block.count < length { block = [UInt8](repeating: 0, count: length) }
            var failure: JournalError?
            block.withUnsafeMutableBytes { raw in
                do throws(JournalError) {
                    try readFully(into: raw, count: length, at: start)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            let keepGoing = block.withUnsafeBytes { raw in
                for current in position...last {
                    let offset = Int(index.offset(at: current) - start)
                    let line = UnsafeRawBufferPointer(rebasing: raw[offset..<offset + index.length(at: current)])
                    if !body(header.firstStep + current, line) { return false }
                }
                return true
            }
            if !keepGoing { return }
            position = last + 1
        }
    }

    /// The action and recorded hash of a step, read without parsing its state: the fast path of a
    /// replay, which compares only these two. Lines in the writer's layout are scanned, and actions
    /// are cached by their bytes; any other line is parsed whole.
    ///
    /// ```swift
    /// let (action, hash) = try reader.actionAndHash(ofStep: 12)
    /// ```
    package func actionAndHash(ofStep step: Int) throws(JournalError) -> (action: JournalAction, hash: UInt64) {
        var read = try unresolvedActionAndHash(ofStep: step)
        try resolveSite(of: &read.action, step: step)
        return read
    }

    /// ``actionAndHash(ofStep:)`` with a site named by number left as its number.
    func unresolvedActionAndHash(ofStep step: Int) throws(JournalError) -> (action: JournalAction, hash: UInt64) {
        let fast = try withLineBytes(ofStep: step) { stepLineScanner.scan($0) }
        if let fast { return fast }
        let record = try unresolvedStep(step)
        return (record.action, record.hash)
    }

    /// Calls `body` with the action and recorded hash of each step in `steps`, in order, reading the
    /// file in large blocks: the fast path for a replay that visits every step. `body` returns `false`
    /// to stop early.
    ///
    /// ```swift
    /// try reader.forEachActionAndHash(1...reader.lastStep) { step, action, hash in true }
    /// ```
    ///
    /// - Throws: ``JournalError`` for a step out of range, a damaged line or a line that cannot be read.
    package func forEachActionAndHash(_ steps: ClosedRange<Int>, blockBytes: Int = 1 << 20,
                                     _ body: (Int, JournalAction, UInt64) -> Bool) throws(JournalError) {
        var failure: JournalError?
        try forEachStepLine(steps, blockBytes: blockBytes) { step, line in
            do throws(JournalError) {
                try refuseDamaged(step, reading: step)
                if var fast = stepLineScanner.scan(line) {
                    try resolveSite(of: &fast.action, step: step)
                    return body(step, fast.action, fast.hash)
                }
                var record = try parseStep(line, step: step)
                try resolveSite(of: &record.action, step: step)
                return body(step, record.action, record.hash)
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
    }

    // Safe because the bytes are read only during the call, within their count, and never kept.
    private func parseStep(_ bytes: UnsafeRawBufferPointer, step: Int) throws(JournalError) -> JournalStep {
        let line = self.line(ofStep: step)
        let parsed: JournalLine
        do {
            parsed = try JournalLine.parse(bytes, parser: options.parser, timeBase: header.stepTimeBase)
        } catch {
            throw JournalError(.invalidLine(error), path: path, line: line)
        }
        guard case .step(let record) = parsed, record.step == step else { throw JournalError(.lineChanged, path: path, line: line) }
        return record
    }

    /// The step whose state a step's action was applied to.
    package func parent(ofStep step: Int) -> Int {
        index.parents[step] ?? step - 1
    }

    /// The first step from `step` on, up to `last`, whose line the scan did not find intact with its
    /// action a call alone; `last + 1` when there is none.
    func firstNotBareCall(from step: Int, through last: Int) -> Int {
        guard step > baseStep, last <= lastStep, step <= last else { return step }
        return index.firstNotBareCall(from: step - header.firstStep, before: last + 1 - header.firstStep) + header.firstStep
    }

    /// Whether a step's line holds a whole state.
    package func isKeyframe(_ step: Int) -> Bool {
        step == baseStep || index.isKeyframe(at: step - header.firstStep)
    }

    /// Reads and parses a step's line.
    package func step(_ step: Int) throws(JournalError) -> JournalStep {
        var record = try unresolvedStep(step)
        try resolveSite(of: &record.action, step: step)
        return record
    }

    /// ``step(_:)`` with a site named by number left as its number.
    func unresolvedStep(_ step: Int) throws(JournalError) -> JournalStep {
        try checkRange(step, allowBase: false)
        try refuseDamaged(step, reading: step)
        let position = step - header.firstStep
        let line = index.line(at: position)
        let parsed: JournalLine
        do {
            parsed = try readLine(offset: index.offset(at: position), length: index.length(at: position)) { bytes throws(JournalLineError) in
                try JournalLine.parse(bytes, parser: options.parser, timeBase: header.stepTimeBase)
            }
        } catch let error as JournalLineError {
            throw JournalError(.invalidLine(error), path: path, line: line)
        } catch let error as JournalError {
            throw error
        } catch {
            throw JournalError(.ioError, path: path, line: line, "\(error)")
        }
        guard case .step(let record) = parsed, record.step == step else { throw JournalError(.lineChanged, path: path, line: line) }
        return record
    }

    /// A step's whole state or patch and its recorded hash, read without parsing its action: for a
    /// reader that follows the states itself, as a journal read through migrations does.
    package func content(ofStep step: Int) throws(JournalError) -> (value: JournalStep.Content, hash: UInt64) {
        try checkRange(step, allowBase: false)
        try refuseDamaged(step, reading: step)
        return try content(ofStep: step, checkingWholeLine: false)
    }

    /// The state after `step` (``baseStep`` gives the initial state), rebuilt from the nearest keyframe
    /// and checked against the recorded hash when ``Options/verifyHashes`` is on.
    ///
    /// Reading the step after the last one read applies that step's patch alone, in place, so reading
    /// every step in order costs about the size of their changes.
    package func state(at step: Int) throws(JournalError) -> JSONValue {
        try rebuild(step, checkingWholeLines: false)
    }

    /// Rebuilds a state; `checkingWholeLines` parses every line read whole (action included), as
    /// ``validateCounting(limit:isCancelled:)`` needs, instead of only its state or patch.
    private func rebuild(_ step: Int, checkingWholeLines: Bool) throws(JournalError) -> JSONValue {
        try checkRange(step, allowBase: true)
        if step == baseStep { return header.initialState }
        if let cache, cache.step == step { return cache.state }
        // Walk back along parents to a keyframe, the cached state or the initial state.
        var chain: [Int] = []
        var cursor = step
        var base: JSONValue?
        while base == nil {
            if cursor == baseStep {
                base = header.initialState
            } else if let cache, cache.step == cursor {
                base = cache.state
            } else if isKeyframe(cursor) {
                chain.append(cursor)
                base = .null
            } else {
                chain.append(cursor)
                cursor = parent(ofStep: cursor)
            }
        }
        for number in chain { try refuseDamaged(number, reading: step) }
        // The cache lets go of the state first, so that the patches edit it in place instead of
        // copying every container on their paths. The fingerprinter follows the state from the step it
        // last checked, the cached one, through a single patch; any other way is fingerprinted whole.
        let following = fingerprintedStep != nil && fingerprintedStep == cache?.step && cursor == cache?.step
        cache = nil
        fingerprintedStep = nil
        var state = base ?? .null
        base = nil
        for number in chain.reversed() {
            let content = try self.content(ofStep: number, checkingWholeLine: checkingWholeLines)
            let checked = options.verifyHashes && number == step
            var actual: UInt64?
            switch content.value {
            case .keyframe(let whole):
                state = whole
            case .patch(let patch):
                do {
                    if checked, following, chain.count == 1 {
                        actual = try fingerprinter.apply(patch, to: &state)
                    } else {
                        try patch.apply(inPlace: &state)
                    }
                } catch {
                    throw JournalError(.patchDoesNotApply(step: number, parent: parent(ofStep: number), error),
                                       path: path, line: line(ofStep: number))
                }
            }
            // Only the requested state is checked: an intermediate state that is wrong makes it wrong too.
            if checked {
                let rebuilt = actual ?? fingerprinter.reset(to: state)
                if rebuilt != content.hash {
                    throw JournalError(.hashMismatch(step: number, recorded: content.hash, actual: rebuilt),
                                       path: path, line: line(ofStep: number))
                }
            }
        }
        cache = (step, state)
        if options.verifyHashes { fingerprintedStep = step }
        return state
    }

    /// A step's whole state or patch, and its recorded hash: read from the line in the writer's layout
    /// without parsing its action, or from the whole parsed line.
    private func content(ofStep step: Int, checkingWholeLine: Bool) throws(JournalError) -> (value: JournalStep.Content, hash: UInt64) {
        if !checkingWholeLine {
            let position = step - header.firstStep
            // The state or patch is a member of its line, one level inside it.
            let parser = JournalLimits.memberParser(of: options.parser)
            let fast: Result<(value: JournalStep.Content, hash: UInt64), JournalLineError>? = try withLine(at: position) { bytes -> Result<(value: JournalStep.Content, hash: UInt64), JournalLineError>? in
                guard let found = StepLineScanner.content(of: bytes, step: step) else { return nil }
                // Safe because the range was found inside these bytes, and the slice is parsed before the closure returns.
                let valueBytes = UnsafeRawBufferPointer(rebasing: bytes[found.range])
                let value: JSONValue
                do throws(JSONParseError) {
                    value = try parser.parse(valueBytes)
                } catch {
                    return .failure(.invalidJSON(error))
                }
                if found.isState { return .success((.keyframe(value), found.hash)) }
                do throws(JSONPatchDecodingError) {
                    return .success((.patch(try JSONPatch(jsonValue: value)), found.hash))
                } catch {
                    return .failure(.invalidValue(field: "patch", reason: "is not a valid JSON Patch: \(error)"))
                }
            }
            switch fast {
            case .success(let content): return content
            case .failure(let error): throw JournalError(.invalidLine(error), path: path, line: line(ofStep: step))
            case nil: break
            }
        }
        let record = try self.step(step)
        return (record.content, record.hash)
    }

    /// The action of a step.
    package func action(at step: Int) throws(JournalError) -> JournalAction {
        try self.step(step).action
    }

    /// The events that follow `step` (before the next step).
    package func events(after step: Int) -> [LocatedEvent] {
        events.filter { $0.event.after == step }
    }

    /// Reads every line in order, rebuilding and verifying every state, and returns the problems found
    /// (at most `limit`), the torn last line included. An empty result means the journal is sound.
    package func validate(limit: Int = 100, isCancelled: () -> Bool = { false }) -> [JournalError] {
        validateCounting(limit: limit, isCancelled: isCancelled).problems
    }

    /// The problems found before any step is rebuilt: the damaged lines found at open (the first
    /// `limit` of them, and how many in all), the torn last line, and the header's hash.
    func problemsBeforeTheSteps(limit: Int) -> (problems: [JournalError], count: Int) {
        var problems = Array(lineProblems.prefix(limit))
        var count = lineProblemCount
        func note(_ problem: JournalError) {
            count += 1
            if problems.count < limit { problems.append(problem) }
        }
        if let torn {
            note(JournalError(.tornLine(torn), path: path, line: torn.line))
        }
        if options.verifyHashes {
            let actual = StateFingerprint.of(header.initialState, scheme: header.fingerprintScheme)
            if actual != header.hash {
                note(JournalError(.headerHashMismatch(recorded: header.hash, actual: actual), path: path, line: 1))
            }
        }
        return (problems, count)
    }

    /// Reads every line in order, rebuilding and verifying every state: lists the first `limit`
    /// problems, in file order, and counts them all (every damaged line and every state that does not
    /// rebuild to its hash), the torn last line included.
    ///
    /// ```swift
    /// let (problems, count) = reader.validateCounting(limit: 20)
    /// ```
    package func validateCounting(limit: Int, isCancelled: () -> Bool = { false }) -> (problems: [JournalError], count: Int) {
        var (problems, count) = problemsBeforeTheSteps(limit: limit)
        func note(_ problem: JournalError) {
            count += 1
            if problems.count < limit { problems.append(problem) }
        }
        var step = header.firstStep
        while step <= lastStep, !isCancelled() {
            if index.damagedLines[step] != nil {
                // Already among the line problems; the states up to the next keyframe depend on it.
                step = nextKeyframe(after: step)
                cache = nil
                continue
            }
            do {
                _ = try rebuild(step, checkingWholeLines: true)
                step += 1
            } catch {
                note(error)
                // The states after a broken step cannot be rebuilt from it; resume at the next keyframe.
                let next = nextKeyframe(after: step)
                step = next
                cache = nil
            }
        }
        // Damaged lines were found while indexing, states while rebuilding: list them in file order.
        let ordered = problems.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        return (ordered, count)
    }

    /// The first keyframe after `step`, or the step after the last: where rebuilding can start again.
    private func nextKeyframe(after step: Int) -> Int {
        header.firstStep + index.nextKeyframe(from: step + 1 - header.firstStep)
    }

    private func checkRange(_ step: Int, allowBase: Bool) throws(JournalError) {
        let low = allowBase ? baseStep : header.firstStep
        guard step >= low, step <= lastStep else {
            throw JournalError(.noSuchStep(step, steps: lastStep >= low ? low...lastStep : nil), path: path)
        }
    }

    // Safe because `body` gets bytes valid only during its call, within the window, which holds the line whole.
    private func readLine<T>(offset: Int64, length: Int, _ body: (UnsafeRawBufferPointer) throws(JournalLineError) -> T) throws -> T {
        try fillWindow(offset: offset, length: length)
        return try window.withUnsafeBytes { raw throws -> T in
            let start = Int(offset - windowStart)
            return try body(UnsafeRawBufferPointer(rebasing: raw[start..<start + length]))
        }
    }

    // Safe because `body` gets bytes valid only during its call, within the window, which holds the line whole.
    /// Calls `body` with the line at `position` (without its line feed).
    private func withLine<T>(at position: Int, _ body: (UnsafeRawBufferPointer) -> T) throws(JournalError) -> T {
        let offset = index.offset(at: position)
        let length = index.length(at: position)
        try fillWindow(offset: offset, length: length)
        return window.withUnsafeBytes { raw in
            let start = Int(offset - windowStart)
            return body(UnsafeRawBufferPointer(rebasing: raw[start..<start + length]))
        }
    }

    /// Makes the window hold the `length` bytes at `offset`, reading them and up to
    /// ``windowBytes`` of the lines after them unless it holds them already.
    private func fillWindow(offset: Int64, length: Int) throws(JournalError) {
        if offset >= windowStart, offset + Int64(length) <= windowStart + Int64(windowCount) { return }
        let available = Int(clamping: validLength - offset)
        let count = max(length, min(Self.windowBytes, available))
        if window.count < count { window = [UInt8](repeating: 0, count: max(count, Self.windowBytes)) }
        windowCount = 0
        var failure: JournalError?
        // Safe because the window holds at least `count` bytes (it was grown above) and the pointer is used only inside the closure.
        window.withUnsafeMutableBytes { raw in
            do throws(JournalError) {
                try readFully(into: raw, count: count, at: offset)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        windowStart = offset
        windowCount = count
    }

    // Safe because it writes only within `raw`'s count, during the call.
    /// Reads exactly `count` bytes at `offset` into the start of `raw`.
    private func readFully(into raw: UnsafeMutableRawBufferPointer, count length: Int, at offset: Int64) throws(JournalError) {
        var done = 0
        while done < length {
            let count = pread(descriptor, raw.baseAddress! + done, length - done, off_t(offset) + off_t(done))
            if count < 0 {
                if errno == EINTR { continue }
                throw JournalError(.system(.read, errno: errno), path: path)
            }
            if count == 0 {
                throw JournalError(.fileShrank, path: path)
            }
            done += count
        }
    }
}
