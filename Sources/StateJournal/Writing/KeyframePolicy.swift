/// When a journal stores a step's whole state instead of a patch.
///
/// A keyframe is written on the first step, after a time travel, every ``interval`` steps, whenever
/// the state is small (a patch would not be smaller), and whenever the patches since the last keyframe
/// would add up to more than the last keyframe's state (counting the `patch` and `state` members only). So rebuilding any step reads at most about
/// twice the state's size.
package struct KeyframePolicy: Sendable, Equatable {
    /// The most steps between two keyframes; 1 writes every state whole.
    package var interval: Int
    /// States that serialize to at most this many bytes are always stored whole.
    package var smallStateBytes: Int

    /// A policy; the default writes a keyframe at least every 4,096 steps.
    package init(interval: Int = 4096, smallStateBytes: Int = 256) {
        self.interval = max(1, interval)
        self.smallStateBytes = smallStateBytes
    }

    /// Every step a keyframe: larger files that `grep` can search.
    package static let everyStep = KeyframePolicy(interval: 1)
}
