import Foundation
import StateJSON
import StateEncoding
import Testing

/// The encoder reuses encoders, key layouts and keyed containers from one object to the next;
/// these tests vary what each object does so that a stale layout or a reused encoder would show.
@Suite struct JSONValueEncoderReuseTests {
    struct Contact: Encodable {
        // Declared out of order, so the encoding order is never the sorted one.
        enum CodingKeys: String, CodingKey { case zone, age, mail }
        var zone: String
        var age: Int?
        var mail: String?
    }

    @Test func optionalMembersVaryTheKeysOfObjectsOfOneType() throws {
        let contacts = [
            Contact(zone: "a", age: 1, mail: "m"),
            Contact(zone: "b", age: nil, mail: "m"),
            Contact(zone: "c", age: 3, mail: nil),
            Contact(zone: "d", age: nil, mail: nil),
            Contact(zone: "e", age: 5, mail: "m"),
            Contact(zone: "f", age: nil, mail: "m"),
        ]
        let text = try JSONValueEncoder().encode(contacts).serializedText(.pretty)
        #expect(text == """
            [
              {
                "age": 1,
                "mail": "m",
                "zone": "a"
              },
              {
                "mail": "m",
                "zone": "b"
              },
              {
                "age": 3,
                "zone": "c"
              },
              {
                "zone": "d"
              },
              {
                "age": 5,
                "mail": "m",
                "zone": "e"
              },
              {
                "mail": "m",
                "zone": "f"
              }
            ]
            """)
    }

    /// Writes the first `count` of its keys, in reverse order.
    struct Countdown: Encodable {
        enum CodingKeys: String, CodingKey, CaseIterable { case a, b, c, d }
        var count: Int

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            for key in CodingKeys.allCases.prefix(count).reversed() {
                try container.encode(key.stringValue.uppercased(), forKey: key)
            }
        }
    }

    @Test func objectsWithMoreFewerAndOtherKeysThanTheLastOneSortCorrectly() throws {
        let value = try JSONValueEncoder().encode([2, 3, 1, 4, 0, 3, 2].map(Countdown.init))
        #expect(value.canonicalText == """
            [{"a":"A","b":"B"},{"a":"A","b":"B","c":"C"},{"a":"A"},{"a":"A","b":"B","c":"C","d":"D"},{},\
            {"a":"A","b":"B","c":"C"},{"a":"A","b":"B"}]
            """)
    }

    /// Writes the keys whose bits are set in `mask`, in reverse order.
    struct Subset: Encodable {
        enum CodingKeys: String, CodingKey, CaseIterable { case a, b, c, d }
        var mask: Int

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            for (bit, key) in CodingKeys.allCases.enumerated().reversed() where mask & (1 << bit) != 0 {
                try container.encode(bit, forKey: key)
            }
        }
    }

    @Test func aTypeWithMoreKeyListsThanTheCacheKeepsSortsEachObject() throws {
        let masks = Array(0..<16) + Array((0..<16).reversed())
        let value = try JSONValueEncoder().encode(masks.map(Subset.init))
        let expected = JSONValue.array(masks.map { mask in
            .object(JSONObject(Subset.CodingKeys.allCases.enumerated().compactMap { bit, key in
                mask & (1 << bit) != 0 ? (key.stringValue, JSONValue.integer(Int64(bit))) : nil
            }))
        })
        #expect(value == expected)
        #expect(value[5]?.objectValue?.keys == ["a", "c"])
    }

    struct Pair: Encodable {
        enum Left: String, CodingKey { case x, shared }
        enum Right: String, CodingKey { case a, shared }

        func encode(to encoder: any Encoder) throws {
            var left = encoder.container(keyedBy: Left.self)
            try left.encode(1, forKey: .x)
            var right = encoder.container(keyedBy: Right.self)
            try right.encode(2, forKey: .a)
            try left.encode(3, forKey: .shared)
            try right.encode(4, forKey: .shared)
        }
    }

    @Test func twoKeyedContainersOfDifferentKeyTypesFillOneObject() throws {
        let value = try JSONValueEncoder().encode([Pair(), Pair()])
        #expect(value.canonicalText == #"[{"a":2,"shared":4,"x":1},{"a":2,"shared":4,"x":1}]"#)
    }

    struct Matrix: Encodable {
        var names: [String]
        var counts: [Int]
        var flags: [Bool]
        var ratios: [Double]
        var rows: [[Int]]
        var contacts: [Contact]
        var optionals: [Int?]
    }

    @Test func arraysOfScalarsAndOfObjectsEncodeAlike() throws {
        let matrix = Matrix(
            names: ["b", "a"], counts: [3, -1, Int.max], flags: [true, false], ratios: [0.5, -2],
            rows: [[1], [], [2, 3]], contacts: [Contact(zone: "z", age: nil, mail: "m")], optionals: [1, nil])
        let value = try JSONValueEncoder().encode(matrix)
        #expect(value.canonicalText == """
            {"contacts":[{"mail":"m","zone":"z"}],"counts":[3,-1,9223372036854775807],"flags":[true,false],\
            "names":["b","a"],"optionals":[1,null],"ratios":[0.5,-2.0],"rows":[[1],[],[2,3]]}
            """)
    }

    @Test func aNonFiniteNumberInAnArrayOfDoublesFailsAtItsIndex() {
        let matrix = Matrix(
            names: [], counts: [], flags: [], ratios: [1, 2, .infinity], rows: [], contacts: [], optionals: [])
        #expect {
            try JSONValueEncoder().encode([matrix])
        } throws: { error in
            (error as? JSONEncodingError)?.description
                == "[0].ratios[2]: inf cannot be encoded because JSON has no NaN or infinity."
        }
    }

    /// Somewhere for an `encode(to:)` to keep what it should not.
    final class Stash {
        var keyed: KeyedEncodingContainer<Contact.CodingKeys>?
        var unkeyed: (any UnkeyedEncodingContainer)?
        var encoder: (any Encoder)?
        var paths: [String] = []
    }

    /// Keeps its keyed container, its unkeyed container or its encoder, as `stash` says.
    struct Leak: Encodable {
        enum Kind { case keyed, unkeyed, encoder }
        var kind: Kind
        var stash: Stash

        func encode(to encoder: any Encoder) throws {
            switch kind {
            case .keyed:
                var container = encoder.container(keyedBy: Contact.CodingKeys.self)
                try container.encode("kept", forKey: .zone)
                stash.keyed = container
            case .unkeyed:
                var container = encoder.unkeyedContainer()
                try container.encode(1)
                stash.unkeyed = container
            case .encoder:
                var container = encoder.container(keyedBy: Contact.CodingKeys.self)
                try container.encode("kept", forKey: .zone)
                stash.encoder = encoder
            }
        }
    }

    enum Item: Encodable {
        case leak(Leak)
        /// Encodes the contact, then writes through what a `Leak` kept.
        case lateWrite(Stash, Contact)
        case contact(Contact)
        case list([Contact])

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .leak(let leak): try leak.encode(to: encoder)
            case .lateWrite(let stash, let contact):
                try contact.encode(to: encoder)
                try stash.keyed?.encode(99, forKey: .age)
                try stash.unkeyed?.encode(99)
                if let kept = stash.encoder {
                    var container = kept.container(keyedBy: Contact.CodingKeys.self)
                    try container.encode(99, forKey: .age)
                }
            case .contact(let contact): try contact.encode(to: encoder)
            case .list(let contacts): try contacts.encode(to: encoder)
            }
        }
    }

    @Test(arguments: [Leak.Kind.keyed, .unkeyed, .encoder])
    func containersAndEncodersKeptPastTheirCallDisturbNoOtherValue(kind: Leak.Kind) throws {
        let stash = Stash()
        let encoder = JSONValueEncoder()
        let items: [Item] = [
            .contact(Contact(zone: "a", age: 1, mail: nil)), .leak(Leak(kind: kind, stash: stash)),
            .lateWrite(stash, Contact(zone: "w", age: nil, mail: nil)),
            .contact(Contact(zone: "b", age: 2, mail: nil)), .list([Contact(zone: "c", age: nil, mail: "m")]),
        ]
        let kept = kind == .unkeyed ? "[1]" : #"{"zone":"kept"}"#
        let expected = """
            [{"age":1,"zone":"a"},\(kept),{"zone":"w"},{"age":2,"zone":"b"},[{"mail":"m","zone":"c"}]]
            """
        #expect(try encoder.encode(items).canonicalText == expected)
        // Writing through what was kept must reach nothing encoded before or after.
        try stash.keyed?.encode(99, forKey: .age)
        try stash.unkeyed?.encode(99)
        if let kept = stash.encoder {
            var container = kept.container(keyedBy: Contact.CodingKeys.self)
            try container.encode(99, forKey: .age)
        }
        #expect(try encoder.encode(items).canonicalText == expected)
        try stash.keyed?.encode("late", forKey: .mail)
        #expect(try encoder.encode(Array(items.reversed())).canonicalText == """
            [[{"mail":"m","zone":"c"}],{"age":2,"zone":"b"},{"zone":"w"},\(kept),{"age":1,"zone":"a"}]
            """)
    }

    /// Records its coding path as a person reads it.
    struct Probe: Encodable {
        var stash: Stash

        func encode(to encoder: any Encoder) throws {
            stash.paths.append(
                encoder.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined())
            var container = encoder.singleValueContainer()
            try container.encode(true)
        }
    }

    struct ProbeHolder: Encodable {
        var probe: Probe
        var probes: [Probe]
        var nested: [String: [Probe]]
    }

    @Test func codingPathsAreThoseOfEachValue() throws {
        let stash = Stash()
        let probe = Probe(stash: stash)
        let holders = [
            ProbeHolder(probe: probe, probes: [probe, probe], nested: ["x": [probe]]),
            ProbeHolder(probe: probe, probes: [], nested: ["y": [probe, probe]]),
        ]
        _ = try JSONValueEncoder().encode(holders)
        #expect(stash.paths == [
            "[0].probe", "[0].probes[0]", "[0].probes[1]", "[0].nested.x[0]",
            "[1].probe", "[1].nested.y[0]", "[1].nested.y[1]",
        ])
    }

    @Test func aLongArrayLeavesTheEncoderRightForTheNextValues() throws {
        let encoder = JSONValueEncoder()
        let long = (0..<5000).map { (index: Int) in Contact(zone: "z\(index)", age: index, mail: nil) }
        let value = try encoder.encode(long)
        #expect(value.arrayValue?.count == 5000)
        #expect(value[4999]?.canonicalText == #"{"age":4999,"zone":"z4999"}"#)
        let short = [Contact(zone: "a", age: nil, mail: "m"), Contact(zone: "b", age: 2, mail: nil)]
        #expect(try encoder.encode(short).canonicalText == #"[{"mail":"m","zone":"a"},{"age":2,"zone":"b"}]"#)
        #expect(try encoder.encode(long) == value)
    }

    @Test func oneEncoderServesConcurrentCallers() async throws {
        let encoder = JSONValueEncoder()
        let contacts = (0..<200).map { (index: Int) in
            Contact(zone: "z\(index)", age: index % 3 == 0 ? nil : index, mail: index % 5 == 0 ? "m" : nil)
        }
        let expected = try encoder.encode(contacts)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for _ in 0..<25 where try encoder.encode(contacts) != expected { mismatches += 1 }
                    return mismatches
                }
            }
            for try await mismatches in group { #expect(mismatches == 0) }
        }
    }

    struct Fragile: Encodable {
        var values: [Double]
    }

    @Test func anEncoderThatFailedEncodesTheNextValueCorrectly() throws {
        let encoder = JSONValueEncoder()
        let broken = [Fragile(values: [1]), Fragile(values: [2, .nan])]
        #expect {
            try encoder.encode(broken)
        } throws: { error in
            (error as? JSONEncodingError)?.description
                == "[1].values[1]: nan cannot be encoded because JSON has no NaN or infinity."
        }
        let value = try encoder.encode([Fragile(values: [3]), Fragile(values: [])])
        #expect(value.canonicalText == #"[{"values":[3.0]},{"values":[]}]"#)
    }
}
