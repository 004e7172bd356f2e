import StateJSON

/// How a keyed container refers to its encoder or decoder (its core).
///
/// A reused core keeps the `KeyedEncodingContainer` (or `KeyedDecodingContainer`) it last handed
/// out and hands it out again for its next object of the same key type; that saves the box, and the
/// generic metadata lookups that making one costs, on every object. The kept container must not
/// keep its core alive (the two would keep each other forever), so it refers to it without a
/// count, through a handle. When someone keeps the container past its `encode(to:)` or
/// `init(from:)` call, the core notices before it is reused, retires, and makes the handle own
/// it, so the container stays usable.
final class JSONCoderHandle<Core: AnyObject> {
    // Safe because the core owns the only container that holds this handle and retires (setting owner) before the
    // container can outlive it, so the unretained reference never dangles.
    /// Valid while the core keeps this handle's container, or while ``owner`` is set.
    private let reference: Unmanaged<Core>
    /// The core, counted, once the container may outlive the core's own references.
    var owner: Core?

    // Safe because the reference is valid for as long as the type's comment says: the core outlives its kept container
    // or the handle owns it.
    init(core: Core, owned: Bool) {
        reference = Unmanaged.passUnretained(core)
        owner = owned ? core : nil
    }

    var core: Core { reference.takeUnretainedValue() }

    // Safe because the container calling this holds the handle, which keeps the core alive (see the type's comment) for
    // the whole call.
    /// Calls `body` with the core without retaining it for the call, which the handle's container
    /// does for every member; the core is alive as long as its container is in use.
    func withCore<Result>(_ body: (Core) throws -> Result) rethrows -> Result {
        try reference._withUnsafeGuaranteedRef(body)
    }
}
