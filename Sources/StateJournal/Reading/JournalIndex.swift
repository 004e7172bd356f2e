/// Where each step of a journal is in the file, built by one scan without parsing the steps.
///
/// The index holds about 4 bytes and a bit a step, so a journal of ten million steps needs about
/// 40 MB however large its states are: offsets are kept as 32-bit distances from the start of their
/// block of ``blockSize`` steps, and a line's length and line number are not stored but follow from
/// the next step's offset and the one before it, except where another line (an event, a damaged
/// line) comes between them, which is kept aside.
package struct JournalIndex: Sendable {
    /// Steps a block of offsets covers: each block stores one 64-bit base.
    static let blockSize = 256

    /// The offset of the first step of each block.
    private var blockBases: [Int64] = []
    /// Each step's offset minus its block's base; `UInt32.max` when it does not fit, and the offset
    /// is in ``farOffsets``.
    private var offsetDeltas: [UInt32] = []
    /// Offsets more than 4 GiB after their block's start, by position (only with lines of hundreds of
    /// megabytes).
    private var farOffsets: [Int: Int64] = [:]
    /// The length of each step whose line is not followed directly by the next step's line, by position.
    private var lengthExceptions: [Int: Int] = [:]
    /// The length of the last step's line.
    private var lastLength = 0
    /// Where line numbers stop following positions one to one (after an event line): the position and
    /// the line of that step; the steps after it follow on, until the next jump.
    private var lineJumps: [(position: Int, line: Int)] = []
    /// One bit a step: set when the step is a keyframe.
    private var keyframeBits: [UInt64] = []
    /// One bit a step: set when the step's line is intact, in the writer's layout, and its action a
    /// call alone (a JSON string, version 6), which carries the site in force on unchanged: a reader
    /// that follows the site in force from a keyframe passes over such lines without reading them.
    private var bareCallBits: [UInt64] = []
    /// Steps whose parent is not the step before them (after a time travel), by step number.
    var parents: [Int: Int] = [:]
    /// The number of keyframes.
    private(set) var keyframeCount = 0
    /// Steps whose line failed its checksum, by step number, with their line numbers.
    var damagedLines: [Int: Int] = [:]

    /// The number of steps.
    package var count: Int { offsetDeltas.count }

    mutating func append(offset: Int64, length: Int, line: Int, keyframe: Bool, step: Int, parent: Int?, bareCall: Bool = false) {
        let position = offsetDeltas.count
        if position > 0 {
            let previous = position - 1
            if self.offset(at: previous) + Int64(lastLength) + 1 != offset { lengthExceptions[previous] = lastLength }
        }
        if position % Self.blockSize == 0 { blockBases.append(offset) }
        let delta = offset - blockBases[position / Self.blockSize]
        if delta >= 0, delta < Int64(UInt32.max) {
            offsetDeltas.append(UInt32(delta))
        } else {
            offsetDeltas.append(UInt32.max)
            farOffsets[position] = offset
        }
        lastLength = length
        if line != predictedLine(at: position) { lineJumps.append((position, line)) }
        if position % 64 == 0 {
            keyframeBits.append(0)
            bareCallBits.append(0)
        }
        if bareCall { bareCallBits[position / 64] |= 1 << UInt64(position % 64) }
        if keyframe {
            keyframeBits[position / 64] |= 1 << UInt64(position % 64)
            keyframeCount += 1
        }
        if let parent, parent != step - 1 { parents[step] = parent }
    }

    /// The byte offset of the line at `position` (step `firstStep + position`).
    func offset(at position: Int) -> Int64 {
        let delta = offsetDeltas[position]
        if delta == UInt32.max, let far = farOffsets[position] { return far }
        return blockBases[position / Self.blockSize] + Int64(delta)
    }

    /// The length of the line at `position`, without its line feed.
    func length(at position: Int) -> Int {
        if position == offsetDeltas.count - 1 { return lastLength }
        if !lengthExceptions.isEmpty, let length = lengthExceptions[position] { return length }
        return Int(offset(at: position + 1) - offset(at: position)) - 1
    }

    /// The 1-based line number of the line at `position`.
    func line(at position: Int) -> Int {
        predictedLine(at: position)
    }

    /// The line at `position` if no line after the last jump before it came between steps.
    private func predictedLine(at position: Int) -> Int {
        // The header is line 1, so without jumps step position p is on line p + 2.
        var low = 0
        var high = lineJumps.count
        while low < high {
            let middle = (low + high) / 2
            if lineJumps[middle].position <= position { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return position + 2 }
        let jump = lineJumps[low - 1]
        return jump.line + (position - jump.position)
    }

    /// The first position from `position` on, before `end`, whose line is not known to hold its action as
    /// a call alone; `end` when there is none. Sixty-four lines a word: what lets a reader pass over
    /// the lines of a journal without call sites at the cost of their bits.
    func firstNotBareCall(from position: Int, before end: Int) -> Int {
        var position = position
        while position < end {
            let word = position / 64
            let bits = ~bareCallBits[word] & (~UInt64(0) << UInt64(position % 64))
            if bits != 0 { return min(word * 64 + bits.trailingZeroBitCount, end) }
            position = (word + 1) * 64
        }
        return end
    }

    func isKeyframe(at position: Int) -> Bool {
        keyframeBits[position / 64] & (1 << UInt64(position % 64)) != 0
    }

    /// The position of the first keyframe at or after `position`, or ``count`` when there is none.
    func nextKeyframe(from position: Int) -> Int {
        guard position < count else { return count }
        var word = position / 64
        var bits = keyframeBits[word] & (~0 << UInt64(position % 64))
        while bits == 0 {
            word += 1
            guard word < keyframeBits.count else { return count }
            bits = keyframeBits[word]
        }
        return min(word * 64 + bits.trailingZeroBitCount, count)
    }

    /// The position of the last keyframe at or before `position`, or `nil` when there is none.
    func previousKeyframe(from position: Int) -> Int? {
        guard position >= 0, count > 0 else { return nil }
        var word = min(position, count - 1) / 64
        let shift = 63 - UInt64(min(position, count - 1) % 64)
        var bits = keyframeBits[word] & (~0 >> shift)
        while bits == 0 {
            guard word > 0 else { return nil }
            word -= 1
            bits = keyframeBits[word]
        }
        return word * 64 + 63 - bits.leadingZeroBitCount
    }

    /// The positions of the keyframes, ascending.
    var keyframePositions: [Int] {
        var positions: [Int] = []
        positions.reserveCapacity(keyframeCount)
        var position = nextKeyframe(from: 0)
        while position < count {
            positions.append(position)
            position = nextKeyframe(from: position + 1)
        }
        return positions
    }
}
