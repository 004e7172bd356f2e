import Foundation
import StateJSON
import StateJournal
import TestSupport
import Testing

/// The site list of version 5 (the format article's "Call sites named by number"), as a reader follows
/// it and as ``JournalBuilder`` writes it.
@Suite struct CallSiteListTests {
    static func action(_ n: Int, site: String?) -> JournalAction {
        JournalAction(type: "t.set", label: "t.set(n: \(n))", payload: ["set": ["n": .integer(Int64(n))]], site: site)
    }

    @Test func aListNumbersSitesInTheOrderTheyAreWrittenWholeAndStartsAgainAtAKeyframe() throws {
        var list = CallSiteList(["A.swift:1"])
        var whole = Self.action(1, site: "B.swift:2")
        try list.follow(&whole, keyframe: false)
        var repeated = Self.action(2, site: "A.swift:1")
        try list.follow(&repeated, keyframe: false)
        #expect(list.sites == ["A.swift:1", "B.swift:2"], "a site the list holds is not added again")
        var numbered = Self.action(3, site: nil)
        numbered.siteNumber = 2
        try list.follow(&numbered, keyframe: false)
        #expect(numbered == Self.action(3, site: "B.swift:2"))
        var afterKeyframe = Self.action(4, site: nil)
        afterKeyframe.siteNumber = 1
        #expect(throws: CallSiteList.Undefined(number: 1, known: 0)) { try list.follow(&afterKeyframe, keyframe: true) }
        #expect(afterKeyframe.site == nil && afterKeyframe.siteNumber == 1, "a refused action is left as it was")
    }

    @Test func aLineReadsANumberedSiteAndRefusesOneBelowOne() throws {
        let line = #"{"step":2,"time":0,"action":{"call":"t.set(n: 2)","site":3},"patch":[],"hash":"0000000000000000"}"#
        guard case .step(let step) = try JournalLine(jsonValue: JSONValue(parsing: Array(line.utf8))) else { throw CancellationError() }
        #expect(step.action.site == nil)
        #expect(step.action.siteNumber == 3)
        let zero = line.replacingOccurrences(of: #""site":3"#, with: #""site":0"#)
        #expect(throws: JournalLineError.invalidValue(field: "action.site", reason: "is 0, but call sites named by number count from 1")) {
            try JournalLine(jsonValue: JSONValue(parsing: Array(zero.utf8)))
        }
    }

    /// More sites than the writer lists: those past its limit are written whole every time, and every
    /// step reads back with its site.
    @Test func sitesPastTheWritersLimitAreWrittenWholeAndStillReadBack() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("many.jsonl")
        let initial: JSONValue = ["text": .string(String(repeating: "x", count: 200_000)), "n": 0]
        let builder = JournalBuilder(header: JournalRoundTripTests.header(initial: initial))
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        func site(_ step: Int) -> String { "App/File\(step % 1100).swift:\(step % 1100)" }
        for step in 1...2200 {
            builder.appendStep(action: Self.action(step, site: site(step)), state: ["text": initial["text"] ?? .null, "n": .integer(Int64(step))],
                               time: 0, into: &bytes)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains(#""kind":"keyframe""#), "one segment")
        let lines = text.split(separator: "\n")
        #expect(lines[1100 + 5].contains(#""site":5}"#), "a site within the limit is named by number")
        #expect(lines[1100 + 1050].contains(#""site":"App/File1050.swift:1050"}"#), "a site past the limit is written whole again")
        let reader = try JournalReader(path: path)
        #expect(reader.validate().isEmpty)
        for step in [1, 5, 1024, 1025, 1099, 1100, 1105, 2149, 2200] {
            #expect(try reader.step(step).action.site == site(step), "step \(step)")
        }
    }
}
