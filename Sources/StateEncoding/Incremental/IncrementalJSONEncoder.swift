import StateJSON

/// An encoder that re-encodes only what changed since its previous call.
///
/// For every value it encodes through the generic `encode(_:)` paths (structs, enums, arrays,
/// dictionaries: everything except plain numbers, strings and Booleans), the encoder remembers the
/// Swift value and its JSON under that value's coding path, when the value's type is `Equatable`.
/// On the next call, a value with the same bits as the remembered one at the same path (the same
/// storage, as copy-on-write leaves whatever the reducer did not touch) reuses the remembered JSON
/// instead of being encoded again; a value that differs is encoded, and its members are looked up in
/// turn. An array of `Equatable` elements compares its old and new elements in one loop (`==` only
/// for elements whose bytes differ) and encodes only the changed and appended ones (and those `==`
/// calls equal although their bytes differ, keeping the old JSON when the new one has the same
/// bytes: Swift's `==` matches strings spelled in other Unicode scalars, and `0.0` with `-0.0`), updating the
/// array it returned two calls before in place when nothing else holds it. Re-encoding a state of 1,000 users
/// after one user changed therefore encodes that user and the containers above it, and the
/// unchanged users in the result share storage with the previous result, so comparing or diffing
/// them is fast too.
///
/// Class instances are never taken as unchanged: an object mutated in place keeps its address, so
/// a state holding it keeps its bits. A value whose encoding reaches a class instance (the instance
/// itself, and every struct, enum, array or dictionary above it) is encoded again on every call,
/// while the value types beside it keep the fast path. Objects are seen where they are encoded as
/// values of their own (a member, an element, a single value); an `encode(to:)` that writes an
/// object's contents itself, or a ``JSONValueEncodable`` conformance that reads objects, hides them.
///
/// The result is always the same as ``JSONValueEncoder/encode(_:)`` would give, byte for byte,
/// provided that objects are encoded as values of their own, as synthesized conformances do.
///
/// Not thread-safe: use one instance from one thread, as the recorder's writer does.
///
/// ```swift
/// struct User: Codable, Equatable { var id: Int; var age: Int }
/// struct State: Codable, Equatable { var users: [User] }
/// let encoder = IncrementalJSONEncoder<State>()
/// var state = State(users: (0..<1000).map { User(id: $0, age: 30) })
/// _ = try encoder.encode(state)          // encodes everything
/// state.users[7].age += 1
/// let value = try encoder.encode(state)  // encodes users[7] and rebuilds the array
/// print(value["users"]?[7]?["age"] == 31)
/// ```
/// ```text
/// true
/// ```
package final class IncrementalJSONEncoder<T: Encodable> {
    private let options: JSONEncoderOptions
    private var root = JSONMemoNode()

    /// Whether arrays are remembered as copies of their elements in storage of the encoder's own (off by
    /// default), rather than as the arrays given; setting it forgets every remembered value.
    ///
    /// An encoder that holds the array it was given makes the caller's next change to that array copy all
    /// of it (copy-on-write), and the copy is freed later, releasing every element: at 10,000 users, far
    /// more than encoding the one user who changed. With copies of its own, the encoder compares each
    /// array's elements with its copy by their bytes (`memcmp` speed, no retains) and updates the copy
    /// where they changed, so a caller that holds no other reference to the state changes it in place.
    /// An array the caller did not touch then costs that comparison instead of O(1). Dictionaries and
    /// sets are still held as given.
    package var keepsOwnCopies = false {
        didSet { reset() }
    }

    /// An encoder with the settings of `encoder` (date strategy, user info).
    package init(_ encoder: JSONValueEncoder = JSONValueEncoder()) {
        options = JSONEncoderOptions(dateStrategy: encoder.dateEncodingStrategy, userInfo: encoder.userInfo)
    }

    /// The JSON form of `value`, reusing the JSON of parts that are unchanged since the last call.
    ///
    /// - Throws: ``JSONEncodingError`` as ``JSONValueEncoder/encode(_:)`` does; after an error
    ///   the remembered values are dropped, so the next call encodes from scratch.
    package func encode(_ value: T) throws(JSONEncodingError) -> JSONValue {
        // Before encoding: the notes hold the arrays they name, and the memo updates the array from two
        // calls ago in place only when nothing else does.
        options.arrayChanges.removeAll()
        do {
            return try JSONEncoderCore.encodeValue(value, options: options, parent: nil, step: .noKey,
                                                   memo: Self.memoized ? root : nil)
        } catch {
            options.arrayChanges.removeAll()
            root = JSONMemoNode(keepsOwnCopies: keepsOwnCopies)
            throw JSONEncodingError.wrapping(error, at: [])
        }
    }

    /// For each array of the last call's result that was built from the array at the same place in the
    /// previous call's result: the positions whose elements it replaced (with elements appended to the
    /// end or removed from it), or the one run of elements it replaced by another (an insertion or a
    /// removal before the end).
    ///
    /// Every other element of such a pair is a copy of the old one, so a diff or a fingerprinter
    /// comparing the previous result with the last one needs to look only at those positions
    /// (``JSONDiff/patch(from:to:options:changes:)``, ``IncrementalFingerprinter/fingerprint(_:changes:)``).
    /// A position is listed only when the new element's JSON differs from the old one's. Arrays
    /// encoded afresh or unchanged (the same storage) are not noted. Emptied at the start of each call:
    /// take the notes, use them and drop them before the next one, since they hold the arrays they name
    /// and the encoder updates its old arrays in place only when nothing else does.
    package var arrayChanges: JSONArrayChanges { options.arrayChanges }

    /// Drops the notes of the last call (see ``arrayChanges``), releasing the arrays they hold.
    package func removeArrayChanges() {
        options.arrayChanges.removeAll()
    }

    /// Whether encodings of `T` are remembered at all: a small plain-data value (a counter, a few
    /// flags) encodes again faster than the memo compares and remembers it.
    private static var memoized: Bool { !(_isPOD(T.self) && MemoryLayout<T>.size <= 32) }

    deinit {
        options.drainPool()
    }

    /// Forgets every remembered value, so the next call encodes from scratch.
    package func reset() {
        options.arrayChanges.removeAll()
        root = JSONMemoNode(keepsOwnCopies: keepsOwnCopies)
    }
}
