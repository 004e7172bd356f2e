/// The encoder's settings and caches, shared by reference by every nested encoder of one top-level
/// encoder.
///
/// It also keeps the spare ``JSONEncoderCore`` instances: encoding nests strictly (a value's
/// encoder is done before its parent's), so a stack of spares gives each nesting level an encoder
/// without allocating one per value.
final class JSONEncoderOptions {
    let dateStrategy: JSONValueEncoder.DateEncodingStrategy
    let userInfo: [CodingUserInfoKey: Any]
    let keyOrders = JSONKeyOrderCache()
    @exclusivity(unchecked) private var spares: [JSONEncoderCore] = []

    init(dateStrategy: JSONValueEncoder.DateEncodingStrategy, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.dateStrategy = dateStrategy
        var plain: [CodingUserInfoKey: Any] = [:]
        for (key, value) in userInfo { plain[key] = value }
        self.userInfo = plain
    }

    /// An encoder for the value at `key` under `parent`, a spare one when there is one.
    func makeEncoder(parent: JSONEncoderCore?, key: (any CodingKey)?, memo: JSONMemoNode?) -> JSONEncoderCore {
        if let spare = spares.popLast() {
            spare.prepare(parent: parent, key: key, memo: memo)
            return spare
        }
        return JSONEncoderCore(options: self, reusable: true, parent: parent, key: key, memo: memo)
    }

    /// Takes back an encoder whose value is encoded, unless something else still refers to it (an
    /// `encode(to:)` that kept the encoder or one of its containers): such an encoder is left to
    /// whoever holds it, so that writing to it later cannot disturb another value.
    func recycle(_ encoder: inout JSONEncoderCore) {
        guard encoder.clearForReuse(), isKnownUniquelyReferenced(&encoder) else { return }
        spares.append(encoder)
    }

    /// Drops the spare encoders, which refer back to these options.
    func drainPool() {
        spares.removeAll()
    }
}
