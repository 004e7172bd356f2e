/// When a journal stores a step's whole state instead of a patch.
///
/// A keyframe costs the whole state, and serves the steps after it: a reader rebuilds a step from the
/// keyframe before it and the patches in between. A keyframe is written after a time travel, whenever
/// the state is small (a patch would not be smaller), and whenever the patches since the last keyframe
/// would add up to more than ``patchShare`` times its state (twice, by default), so rebuilding any step
/// reads at most about three times the state's size (counting the `patch` and `state` members only),
/// and a keyframe takes at most about a third of the bytes it serves. The header holds the state before
/// the first step, so the first step is a patch against it like any other.
///
/// Between those, ``interval`` steps make a keyframe only once the patches since the last one weigh
/// at least ``intervalPatchShare`` of its state: a large state changed a little at a time (a list that
/// grows to 150,000 users, one field a step) would otherwise be written whole every ``interval``
/// steps, and its keyframes would outweigh the steps they serve many times over. So a keyframe's
/// bytes are at most `1 / intervalPatchShare` times those of the patches it serves, and keyframes
/// take a bounded share of the journal whatever the state's size.
package struct KeyframePolicy: Sendable, Equatable {
    /// The most steps between two keyframes, once the patches since the last one weigh
    /// ``intervalPatchShare`` of its state; 1 writes every state whole, whatever the share.
    package var interval: Int
    /// States that serialize to at most this many bytes are always stored whole.
    package var smallStateBytes: Int
    /// The share of the last keyframe's state that the patches since it must reach before
    /// ``interval`` steps make a new one; 0 makes ``interval`` a plain count of steps.
    package var intervalPatchShare: Double
    /// The most the patches since the last keyframe may weigh, as a multiple of its state, before a
    /// step is stored whole whatever ``interval`` says. Twice by default: at 1,000 users a jump then
    /// applies up to about 2,700 one-field patches (about 3 ms, within the reading targets), and
    /// keyframes add about 26 bytes to every step instead of about 52 at once the state's size.
    package var patchShare: Double

    /// A policy; the default writes a keyframe every 4,096 steps once the patches since the last one
    /// weigh half its state, and whenever they would weigh more than twice it.
    package init(interval: Int = 4096, smallStateBytes: Int = 256, intervalPatchShare: Double = 0.5, patchShare: Double = 2) {
        self.interval = max(1, interval)
        self.smallStateBytes = smallStateBytes
        self.intervalPatchShare = max(0, intervalPatchShare)
        self.patchShare = max(0, patchShare)
    }

    /// Whether a patch of `patchBytes` more bytes keeps the patches since the last keyframe within
    /// ``patchShare`` of its state of `keyframeBytes`, in a journal of format `version`: versions 1 to 5
    /// were written with a share of 1, which a recorder resuming such a journal keeps.
    func allowsPatch(_ patchBytes: Int, after patchesSinceKeyframe: Int, keyframeBytes: Int, version: Int) -> Bool {
        let share = version >= 6 ? patchShare : min(patchShare, 1)
        return Double(patchesSinceKeyframe + patchBytes) <= share * Double(keyframeBytes)
    }

    /// Every step a keyframe: larger files that `grep` can search.
    package static let everyStep = KeyframePolicy(interval: 1)

    /// Whether ``interval`` makes the next step a keyframe, after `steps` steps since the last keyframe
    /// whose patches took `patchBytes` bytes, the keyframe's state `keyframeBytes`.
    func intervalCalls(afterSteps steps: Int, patchBytes: Int, keyframeBytes: Int) -> Bool {
        steps + 1 >= interval && (interval == 1 || Double(patchBytes) >= intervalPatchShare * Double(keyframeBytes))
    }
}
