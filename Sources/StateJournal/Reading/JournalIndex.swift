/// Where each step of a journal is in the file, built by one scan without parsing the steps.
///
/// The index holds 17 bytes a step (offset, length, line number, keyframe bit), so a journal of a
/// million steps needs about 17 MB however large its states are.
public struct JournalIndex: Sendable {
    /// The byte offset of each step's line; element `i` is step `firstStep + i`.
    var offsets: [Int64] = []
    /// The length of each step's line, without its line feed.
    var lengths: [Int32] = []
    /// The 1-based line number of each step's line.
    var lines: [Int32] = []
    /// One bit a step: set when the step is a keyframe.
    var keyframeBits: [UInt64] = []
    /// Steps whose parent is not the step before them (after a time travel), by step number.
    var parents: [Int: Int] = [:]
    /// The step numbers of the keyframes, ascending.
    var keyframeSteps: [Int] = []
    /// Steps whose line failed its checksum, by step number, with their line numbers.
    var damagedLines: [Int: Int] = [:]

    /// The number of steps.
    public var count: Int { offsets.count }

    mutating func append(offset: Int64, length: Int, line: Int, keyframe: Bool, step: Int, parent: Int?) {
        let position = offsets.count
        offsets.append(offset)
        lengths.append(Int32(clamping: length))
        lines.append(Int32(clamping: line))
        if position % 64 == 0 { keyframeBits.append(0) }
        if keyframe {
            keyframeBits[position / 64] |= 1 << UInt64(position % 64)
            keyframeSteps.append(step)
        }
        if let parent, parent != step - 1 { parents[step] = parent }
    }

    func isKeyframe(at position: Int) -> Bool {
        keyframeBits[position / 64] & (1 << UInt64(position % 64)) != 0
    }
}
