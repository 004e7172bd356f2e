/// How a keyed container refers to its encoder.
///
/// A reused encoder keeps the `KeyedEncodingContainer` it last handed out and hands it out again
/// for its next object of the same key type; that saves the box, and the generic metadata lookups
/// that making one costs, on every object. The kept container must not keep its encoder alive (the
/// two would keep each other forever), so it refers to it without a count, through a handle. When
/// someone keeps the container past its `encode(to:)` call, ``JSONEncoderOptions/recycle(_:)``
/// notices, retires the encoder, and makes the handle own it, so the container stays usable.
final class JSONEncoderHandle {
    /// Valid while the encoder keeps this handle's container, or while ``owner`` is set.
    unowned(unsafe) let encoder: JSONEncoderCore
    /// The encoder, counted, once the container may outlive its encoder's own references.
    var owner: JSONEncoderCore?

    init(encoder: JSONEncoderCore, owned: Bool) {
        self.encoder = encoder
        owner = owned ? encoder : nil
    }
}
