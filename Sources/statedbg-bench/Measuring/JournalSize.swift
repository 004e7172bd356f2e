import Foundation

/// What a recorded journal's bytes come to per step, keyframes included.
///
/// A journal's keyframes come every few thousand steps at 1,000 users, so the bytes of a run cut
/// anywhere count a share of a keyframe that depends on where the run stopped. ``bytesPerStep`` counts
/// whole keyframe cycles instead: the steps up to and including the last keyframe, each cycle its
/// patches and the keyframe they lead to (the header's initial state serves the first). A run without
/// a keyframe after its header counts all its steps, and says so in ``description``.
struct JournalSize {
    /// The step lines that hold a whole state.
    let keyframes: Int
    /// The steps the journal holds.
    let steps: Int
    /// The bytes after the header.
    let bodyBytes: Int
    /// The last keyframe's step, and the bytes after the header up to the end of its line.
    let lastKeyframe: (step: Int, bytes: Int)?

    /// Reads the journal of `steps` steps at `path`.
    init(path: String, steps: Int) throws {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            throw BenchmarkError.io("cannot read \(path) back.")
        }
        let bytes = [UInt8](data)
        let headerEnd = (bytes.firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
        let marker = Array(#"{"step":"#.utf8)
        let keyframe = Array(#","kind":"keyframe","#.utf8)
        var keyframes = 0
        var last: (step: Int, bytes: Int)?
        var start = headerEnd
        while start < bytes.count {
            let end = (bytes[start...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
            if bytes[start...].starts(with: marker) {
                var cursor = start + marker.count
                var step = 0
                while cursor < end, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 {
                    step = step * 10 + Int(bytes[cursor] - 0x30)
                    cursor += 1
                }
                if bytes[cursor...].starts(with: keyframe) {
                    keyframes += 1
                    last = (step, end - headerEnd)
                }
            }
            start = end
        }
        self.keyframes = keyframes
        self.steps = steps
        bodyBytes = bytes.count - headerEnd
        lastKeyframe = last
    }

    /// Whether the policy stored every step whole (a small state).
    var everyStepWhole: Bool { keyframes >= steps }

    /// Bytes per step over whole keyframe cycles, or over every step when no cycle ended.
    var bytesPerStep: Double {
        if !everyStepWhole, let lastKeyframe, lastKeyframe.step > 0 {
            return Double(lastKeyframe.bytes) / Double(lastKeyframe.step)
        }
        return Double(bodyBytes) / Double(max(1, steps))
    }

    /// What ``bytesPerStep`` counts.
    var description: String {
        if everyStepWhole { return "the journal after its header (the initial state) over \(steps) steps, call sites included; every step a keyframe, as the policy stores a small state whole" }
        guard let lastKeyframe else {
            return "the journal after its header (the initial state) over \(steps) steps, call sites included; no keyframe among them, so this leaves out the keyframes a longer session writes"
        }
        let plural = keyframes == 1 ? "" : "s"
        return "the journal after its header (the initial state) over whole keyframe cycles, call sites included: steps 1 to \(lastKeyframe.step), the last keyframe's, of \(steps) recorded (\(keyframes) keyframe\(plural) as the policy wrote them; all \(steps) steps: \(String(format: "%.1f", Double(bodyBytes) / Double(max(1, steps)))) bytes a step)"
    }
}
