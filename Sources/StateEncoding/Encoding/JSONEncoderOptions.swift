import StateJSON

// Safe because JSONEncoderOptionsSlot and IncrementalJSONEncoder hand the options to one encode call at a time, so
// neither the unchecked Sendable nor the unchecked exclusivity below meets two threads or overlapping accesses.
/// The encoder's settings and caches, shared by reference by every nested encoder of one top-level
/// encoder.
///
/// It also keeps the spare ``JSONEncoderCore`` instances (see ``JSONCoderPool``).
///
/// Unchecked `Sendable`: options are used by one encoding call at a time, which
/// ``JSONEncoderOptionsSlot`` and ``IncrementalJSONEncoder`` (not thread-safe, as documented) ensure.
final class JSONEncoderOptions: @unchecked Sendable {
    private(set) var dateStrategy: JSONValueEncoder.DateEncodingStrategy
    private(set) var userInfo: [CodingUserInfoKey: Any]
    let keyOrders = JSONKeyOrderCache()
    @exclusivity(unchecked) private var spares = JSONCoderPool<JSONEncoderCore>()
    @exclusivity(unchecked) private var routes: [ObjectIdentifier: (route: JSONTypeRoute, isClass: Bool)] = [:]
    @exclusivity(unchecked) private var lastRoute: (type: ObjectIdentifier, route: JSONTypeRoute, isClass: Bool)?
    /// How many class instances went through ``JSONEncoderCore/encodeValue(_:options:parent:step:memo:)``
    /// so far. A value whose encoding changed the count reaches an object, which can change in place
    /// while the value's bits stay the same, so ``IncrementalJSONEncoder`` must not reuse its JSON.
    @exclusivity(unchecked) var classInstancesMet = 0
    /// Spent as values are encoded; see ``JSONEncodingLimits``.
    @exclusivity(unchecked) var limits = JSONEncodingLimits.unlimited
    /// The arrays an ``IncrementalJSONEncoder`` built from the previous encoding's arrays during the
    /// current call, with the positions it replaced (see ``IncrementalJSONEncoder/arrayChanges``).
    @exclusivity(unchecked) var arrayChanges = JSONArrayChanges()

    init(dateStrategy: JSONValueEncoder.DateEncodingStrategy, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.dateStrategy = dateStrategy
        self.userInfo = Self.plain(userInfo)
    }

    func configure(dateStrategy: JSONValueEncoder.DateEncodingStrategy, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.dateStrategy = dateStrategy
        if !(userInfo.isEmpty && self.userInfo.isEmpty) { self.userInfo = Self.plain(userInfo) }
        limits = .unlimited
    }

    private static func plain(_ userInfo: [CodingUserInfoKey: any Sendable]) -> [CodingUserInfoKey: Any] {
        var plain: [CodingUserInfoKey: Any] = [:]
        for (key, value) in userInfo { plain[key] = value }
        return plain
    }

    /// An encoder for the value at `step` under `parent`, a spare one when there is one.
    func makeEncoder(parent: JSONEncoderCore?, step: JSONPathStep, memo: JSONMemoNode?) -> JSONEncoderCore {
        if let spare = spares.take() {
            spare.prepare(parent: parent, step: step, memo: memo)
            return spare
        }
        return JSONEncoderCore(options: self, reusable: true, parent: parent, step: step, memo: memo)
    }

    /// Takes back an encoder whose value is encoded (see ``JSONCoderPool/putBack(_:)``).
    func recycle(_ encoder: inout JSONEncoderCore) {
        spares.putBack(&encoder)
    }

    /// How values of `type` are encoded, and whether it is a class, worked out on first use.
    func route<T: Encodable>(for type: T.Type) -> (route: JSONTypeRoute, isClass: Bool) {
        let identifier = ObjectIdentifier(T.self)
        // Top-level values (a recorder's state, step after step) are mostly of the type asked last.
        if let lastRoute, lastRoute.type == identifier { return (lastRoute.route, lastRoute.isClass) }
        let known: (route: JSONTypeRoute, isClass: Bool)
        if let cached = routes[identifier] {
            known = cached
        } else {
            known = (JSONTypeRoute.of(T.self), T.self is AnyClass)
            routes[identifier] = known
        }
        lastRoute = (identifier, known.route, known.isClass)
        return known
    }

    /// Drops the spare encoders, which refer back to these options (a cycle this breaks).
    func drainPool() {
        spares.removeAll()
    }
}
