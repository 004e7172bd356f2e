import StateJSON
import StateEncoding
import Testing

/// The decoder reuses decoders and keyed containers from one object to the next; these tests keep
/// containers past their call and mix key types so that a reused one would read the wrong object.
@Suite struct JSONValueDecoderReuseTests {
    /// Somewhere for an `init(from:)` to keep what it should not.
    final class Stash: @unchecked Sendable {
        var keyed: KeyedDecodingContainer<Entry.CodingKeys>?
    }

    struct Entry: Decodable, Equatable {
        enum CodingKeys: String, CodingKey { case name, size }
        var name: String
        var size: Int
        /// What a container kept by an earlier entry reads while this one is decoded.
        var earlier: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            size = try container.decode(Int.self, forKey: .size)
            let stash = decoder.userInfo[Self.stashKey] as? Stash
            earlier = try stash?.keyed?.decode(String.self, forKey: .name)
            if name == "keep" { stash?.keyed = container }
        }

        init(name: String, size: Int, earlier: String?) {
            self.name = name
            self.size = size
            self.earlier = earlier
        }

        static let stashKey = CodingUserInfoKey(rawValue: "stash")!
    }

    @Test func aKeyedContainerKeptPastItsCallReadsItsOwnObject() throws {
        let stash = Stash()
        // The stash, reachable from the decoder's userInfo, holds a container that holds its decoder: a
        // cycle made on purpose, broken at the end so the leak checker sees no leak.
        defer { stash.keyed = nil }
        let decoder = JSONValueDecoder(userInfo: [Entry.stashKey: stash])
        let value: JSONValue = [
            ["name": "a", "size": 1], ["name": "keep", "size": 2], ["name": "b", "size": 3], ["name": "c", "size": 4],
        ]
        let entries = try decoder.decode([Entry].self, from: value)
        #expect(entries == [
            Entry(name: "a", size: 1, earlier: nil), Entry(name: "keep", size: 2, earlier: nil),
            Entry(name: "b", size: 3, earlier: "keep"), Entry(name: "c", size: 4, earlier: "keep"),
        ])
        #expect(try stash.keyed?.decode(Int.self, forKey: .size) == 2)
    }

    struct Mixed: Decodable, Equatable {
        enum Outer: String, CodingKey { case kind, inner }
        enum Inner: String, CodingKey { case x }
        var kind: String
        var x: Int

        init(from decoder: any Decoder) throws {
            let outer = try decoder.container(keyedBy: Outer.self)
            kind = try outer.decode(String.self, forKey: .kind)
            let inner = try outer.nestedContainer(keyedBy: Inner.self, forKey: .inner)
            x = try inner.decode(Int.self, forKey: .x)
        }

        init(kind: String, x: Int) {
            self.kind = kind
            self.x = x
        }
    }

    @Test func nestedContainersAndErrorsKeepTheirPaths() throws {
        let good: JSONValue = [["kind": "a", "inner": ["x": 1]], ["kind": "b", "inner": ["x": 2]]]
        let decoded = try JSONValueDecoder().decode([Mixed].self, from: good)
        #expect(decoded == [Mixed(kind: "a", x: 1), Mixed(kind: "b", x: 2)])
        let bad: JSONValue = [["kind": "a", "inner": ["x": 1]], ["kind": "b", "inner": ["x": "two"]]]
        #expect {
            try JSONValueDecoder().decode([Mixed].self, from: bad)
        } throws: { error in
            (error as? JSONDecodingError)?.description == #"[1].inner.x: expected Int, found "two"."#
        }
    }
}
