import Foundation
import StateDebugger
import StateJSON
import StateJournal
import StateQuery
import StateRecorder
import TestFixtures
import TestSupport
import Testing

/// The raw-byte prefilter of `changes` (a member's bytes compared between keyframes, patches that
/// only replace it) finds exactly what parsing every step finds, on generated journals made to trip
/// it: the same key at other depths, the key's text inside strings and actions, escaped and
/// repeated keys, whitespace a hand edit leaves, values that come and go.
@Suite struct RawValuePrefilterTests {
    private static let paths = [".flag", ".a.flag", ".a.b.flag", ".count", ".a.count", ".a", ".nope", ".a.nope", ".list", ".ab", ".K", ".k1"]

    /// The steps' states: `.flag` changes rarely (sometimes to a container, sometimes away), `.count`
    /// every step, and the key `flag` appears nested, in arrays and in strings.
    private func states(seed: UInt64, steps: Int) -> [JSONValue] {
        var generator = RandomJSONGenerator(seed: seed)
        var flag: JSONValue? = 0
        var inner: JSONValue = ["flag": 1, "b": ["flag": "x", "count": 2]]
        return (0..<steps).map { step in
            let roll = Int.random(in: 0..<100, using: &generator.random)
            switch roll {
            case 0..<6: flag = .integer(Int64(roll))
            case 6: flag = nil
            case 7: flag = ["flag": .integer(Int64(step)), "list": [1, 2]]
            case 8: flag = .string(#"{"flag":1} \"flag\":2"#)
            case 9: flag = [.null, ["flag": true]]
            case 10..<14: inner = ["flag": .integer(Int64(step % 3)), "b": ["flag": generator.value(depth: 3)]]
            case 14: inner = ["b": 3, "flag": 1.5, "c": generator.value(depth: 2)]
            case 15: inner = .array([["flag": 1]])
            default: break
            }
            var members: [(String, JSONValue)] = [
                ("count", .integer(Int64(step))),
                ("notes", .string(#"the "flag": is not here, nor "a":{"flag":0}"#)),
                ("a", inner),
                ("list", [["flag": .integer(Int64(step % 2))], .string("flag")]),
                ("x", generator.value(depth: 3)),
                // A key whose digit changes from one state to the next: states that differ only in
                // digits are not the same shape when the digits are in a key.
                ("k\(step % 3)", .integer(Int64(step % 2))),
            ]
            if let flag { members.insert(("flag", flag), at: Int.random(in: 0...members.count, using: &generator.random)) }
            if step % 17 == 5 { members.append(("ab", "Z")) }
            return .object(JSONObject(members))
        }
    }

    /// Actions whose text holds what the prefilter looks for, so that skipping the action matters.
    private func action(_ step: Int) -> JournalAction {
        switch step % 3 {
        case 0: JournalAction(type: "t.tick", label: "t.tick", payload: .null)
        case 1: JournalAction(type: "t.set", label: "t.set", payload: ["flag": 5, "state": ["flag": 6], "text": #"","state":{"flag":7}"#])
        default: JournalAction(type: "t.set", label: #"t.set "flag""#, payload: ["path": "/flag", "value": .integer(Int64(step))])
        }
    }

    /// The one-pass search with its prefilters, and without them (every line parsed); `indexed` adds
    /// the search through the index, which also checks every rebuilt state's hash (so only for journals
    /// whose edits left the states as they were).
    private func expectSame(_ file: String, _ what: String, indexed: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        func search(_ body: () throws -> ChangesReport) -> String {
            do {
                return try body().description
            } catch {
                return "error: \(error)"
            }
        }
        for text in Self.paths {
            let path = try JSONPath(parsing: text)
            let prefiltered = search { try JournalSearch(path: file).changes(of: path, keeping: true) }
            var parsing = JournalSearch(path: file)
            parsing.prefilters = false
            #expect(prefiltered == search { try parsing.changes(of: path, keeping: true) }, "\(what) \(text)", sourceLocation: sourceLocation)
            if indexed {
                #expect(prefiltered == search { try RecordingQuery(source: try JournalSource(path: file)).changes(of: path) },
                        "\(what) \(text), through the index", sourceLocation: sourceLocation)
            }
        }
        for text in Self.predicates {
            let predicate = try StatePredicate(parsing: text)
            func bisect(_ body: () throws -> BisectReport) -> String {
                do {
                    let report = try body()
                    return "\(report.step.map(String.init) ?? "none") \(report.steps) \(report.action?.type ?? "-")"
                } catch {
                    return "error: \(error)"
                }
            }
            let prefiltered = bisect { try JournalSearch(path: file).bisectLinear(predicate) }
            var parsing = JournalSearch(path: file)
            parsing.prefilters = false
            #expect(prefiltered == bisect { try parsing.bisectLinear(predicate) }, "\(what) bisect \(text)", sourceLocation: sourceLocation)
        }
    }

    private static let predicates = [
        ".flag == 3", ".a.flag == 2", "exists .ab", ".flag == 5 and .a.b.flag == 1", ".count > 60", ".nope == 1",
        ".a.count == 3", "not exists .flag", ".K == 0", ".flag == 4 or step == 50", #".list[0].flag == 1 and .a.b == 3"#,
    ]

    /// Edits one line of `text` in the way `edit` says and reseals every checksum, as a person who
    /// edits a journal by hand and runs the resealing tool would.
    private func edited(_ text: String, line: Int, _ edit: (String) -> String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard line < lines.count - 1 else { return text }
        lines[line] = edit(lines[line])
        return LineChecksum.resealed(lines.joined(separator: "\n"))
    }

    @Test func theOnePassChangesMatchParsingEveryStepOnGeneratedJournals() throws {
        let directory = try TemporaryDirectory()
        // Whether each edit leaves the states as they were (and so their recorded hashes right).
        let edits: [(String, Bool, (String) -> String)] = [
            ("spaces around a colon", true, { $0.replacingOccurrences(of: #""flag":"#, with: #""flag" :  "#) }),
            ("spaces after commas", true, { $0.replacingOccurrences(of: #","count":"#, with: #",  "count":"#) }),
            ("an escaped key", true, { $0.replacingOccurrences(of: #""flag":"#, with: #""fl\u0061g":"#) }),
            ("a repeated key", false, { $0.replacingOccurrences(of: #""state":{"#, with: #""state":{"flag":99,"#) }),
            ("a repeated nested key", false, { $0.replacingOccurrences(of: #""a":{"#, with: #""a":{"flag":98,"#) }),
            ("a non-ASCII key", false, { $0.replacingOccurrences(of: #""count":"#, with: #""cöunt":0,"count":"#) }),
            // KELVIN SIGN, which Swift's String equality takes for the letter K.
            ("a key equal to K under Unicode", false, { $0.replacingOccurrences(of: #""count":"#, with: "\"\u{212A}\":0,\"count\":") }),
            ("the state member spaced", true, { $0.replacingOccurrences(of: #""state":"#, with: #""state": "#) }),
            ("a tab inside the state", true, { $0.replacingOccurrences(of: #","a":"#, with: ",\t\"a\":") }),
            ("an escaped pointer", true, { $0.replacingOccurrences(of: #""path":"/flag""#, with: #""path":"\/flag""#) }),
            ("another value, same width", false, { $0.replacingOccurrences(of: #""flag":1,"#, with: #""flag":7,"#) }),
        ]
        for seed in UInt64(1)...3 {
            let states = states(seed: seed, steps: 70)
            for interval in [1, 4, 1000] {
                let file = directory.file("s\(seed)-\(interval).jsonl")
                try Recordings.writeRaw(states.enumerated().map { (action($0.offset), $0.element) }, to: file,
                                        policy: Recordings.policy(interval: interval))
                try expectSame(file, "seed \(seed), keyframe every \(interval)", indexed: true)
                let text = try String(contentsOfFile: file, encoding: .utf8)
                var random = SeededGenerator(seed: seed &* 31 &+ UInt64(interval))
                for (name, keepsStates, edit) in edits {
                    let variant = directory.file("s\(seed)-\(interval)-edited.jsonl")
                    var changed = text
                    // Three lines edited, so that a doubtful line sits between plain ones.
                    for _ in 0..<3 { changed = edited(changed, line: Int.random(in: 1...states.count, using: &random), edit) }
                    try changed.write(toFile: variant, atomically: true, encoding: .utf8)
                    try expectSame(variant, "seed \(seed), keyframe every \(interval), \(name)", indexed: keepsStates)
                }
            }
        }
    }

    @Test func aKeyframeWhoseBytesDidNotChangeIsNotParsed() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("keyframes.jsonl")
        let steps = (0..<50).map { step -> (JournalAction, JSONValue) in
            (JournalAction(type: "t.tick", label: "t.tick", payload: .null),
             ["count": .integer(Int64(step)), "flag": .integer(Int64(step / 20))])
        }
        try Recordings.writeRaw(steps, to: file, policy: Recordings.policy(interval: 1))
        let report = try JournalSearch(path: file).changes(of: try JSONPath(parsing: ".flag"), keeping: true)
        #expect(report.description == """
            step 1 t.tick: (absent) → 0
            step 21 t.tick: 0 → 1
            step 41 t.tick: 1 → 2
            .flag changed at 3 of steps 1 to 50.
            """)
        // Steps 1 (the first keyframe, whose bytes are not known yet), 21 and 41 are parsed; the rest are not.
        #expect(report.stepsSkipped == 47)
    }
}
