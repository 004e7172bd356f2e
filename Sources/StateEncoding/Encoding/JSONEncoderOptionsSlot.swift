import StateSync
import StateJSON

/// Keeps a ``JSONValueEncoder``'s options, and with them its spare encoders, key layouts and kept
/// containers, from one `encode` call to the next.
///
/// Encoding a small value (an action) would otherwise spend most of its time setting these up.
/// One call at a time takes the options out; a call that finds the slot empty, because another
/// thread is encoding with the same encoder, makes its own.
final class JSONEncoderOptionsSlot: Sendable {
    private let options = Locked<JSONEncoderOptions?>(nil)

    /// The kept options set to `dateStrategy` and `userInfo`, or new ones.
    func take(
        dateStrategy: JSONValueEncoder.DateEncodingStrategy, userInfo: [CodingUserInfoKey: any Sendable]
    ) -> JSONEncoderOptions {
        guard let kept = options.withLock({ $0.take() }) else {
            return JSONEncoderOptions(dateStrategy: dateStrategy, userInfo: userInfo)
        }
        kept.configure(dateStrategy: dateStrategy, userInfo: userInfo)
        return kept
    }

    /// Keeps `taken` for the next call.
    func putBack(_ taken: JSONEncoderOptions) {
        let replaced = options.withLock { kept in
            let replaced = kept
            kept = taken
            return replaced
        }
        replaced?.drainPool()
    }

    deinit {
        options.withLock { $0?.drainPool() }
    }
}
