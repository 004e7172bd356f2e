import StateJSON

/// An encoder or decoder core that can serve one value after another.
protocol JSONReusableCore: AnyObject {
    /// Readies the core for its next value; `false` when it must not be reused.
    func clearForReuse() -> Bool
}

/// Spare encoder or decoder cores.
///
/// Coding nests strictly (a value's core is done before its parent's), so a stack of spares gives
/// each nesting level a core without allocating one per value.
struct JSONCoderPool<Core: JSONReusableCore> {
    private var spares: [Core] = []

    mutating func take() -> Core? {
        spares.popLast()
    }

    /// Takes back a core whose value is done, unless something else still refers to it (an
    /// `encode(to:)` or `init(from:)` that kept the core or one of its containers): such a core is
    /// left to whoever holds it, so that using it later cannot disturb another value.
    mutating func putBack(_ core: inout Core) {
        guard core.clearForReuse(), isKnownUniquelyReferenced(&core) else { return }
        spares.append(core)
    }

    mutating func removeAll() {
        spares.removeAll()
    }
}
