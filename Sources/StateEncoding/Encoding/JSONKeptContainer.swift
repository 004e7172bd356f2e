import StateJSON

/// The keyed container a reused core hands out again for its objects of one key type (see
/// ``JSONCoderHandle``).
struct JSONKeptContainer<Core: AnyObject> {
    let keyType: ObjectIdentifier
    /// The `KeyedEncodingContainer` or `KeyedDecodingContainer`: one reference to its box.
    var container: AnyObject
    let handle: JSONCoderHandle<Core>

    /// The container kept in `kept` when it is of `keyType`, else one that `make` builds around a
    /// new handle of `core`, which is kept from then on.
    static func reuse(
        _ kept: inout JSONKeptContainer?, keyType: ObjectIdentifier, core: Core,
        make: (JSONCoderHandle<Core>) -> AnyObject
    ) -> AnyObject {
        if let kept, kept.keyType == keyType { return kept.container }
        releaseIfShared(&kept, of: core)
        let handle = JSONCoderHandle(core: core, owned: false)
        let container = make(handle)
        kept = JSONKeptContainer(keyType: keyType, container: container, handle: handle)
        return container
    }

    /// Gives up the kept container when someone besides `core` holds it, making its handle own
    /// `core` so that the container stays usable; returns whether it did.
    @discardableResult
    static func releaseIfShared(_ kept: inout JSONKeptContainer?, of core: Core) -> Bool {
        guard var taken = kept.take() else { return false }
        if isKnownUniquelyReferenced(&taken.container) {
            kept = taken
            return false
        }
        taken.handle.owner = core
        return true
    }
}
