import Foundation
import StateDebugger
import StateJSON
import StateJournal
@testable import StateTimelinePage
import StatePage
import Testing
import TestSupport

@Suite struct TimelinePageTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    func source(_ bytes: [UInt8], name: String = "r.jsonl") throws -> any RecordingSource {
        try RecordingLoader.open(path: try folder.writeBytes(bytes, to: name))
    }

    static func action(_ label: String) -> JournalAction {
        JournalAction(type: "counter.add", label: label, payload: [:])
    }

    @Test func dataHoldsTheFirstStateWholeAndEachStepsPatchFromItsParent() throws {
        let journal = Journals.bytes(initialState: ["count": 0], steps: [
            (Self.action("add(1)"), ["count": 1], nil),
            (Self.action("add(2)"), ["count": 3], nil),
            (Self.action("add(5)"), ["count": 5], 1),
        ], events: [.marker(after: 2, time: 7, name: "here")])
        let data = try TimelineData(source: try source(journal))
        let text = String(decoding: data.json, as: UTF8.self).replacingOccurrences(of: ",{", with: ",\n{")
        let expected = """
            {"events":[{"after":2,"event":"marker","name":"here","time":7}],"format":"statedbg-timeline","recording":{"app":"test","firstStep":0,"lastStep":3,"name":"\(folder.file("r.jsonl"))","source":"journal"},"version":1,"window":{"firstStep":0,"lastStep":3},"steps":[{"state":{"count":0},"step":0},
            {"action":{"label":"add(1)","payload":{},"type":"counter.add"},"parent":0,"patch":[{"op":"replace","path":"/count","value":1}],"step":1,"time":1767225601000},
            {"action":{"label":"add(2)","payload":{},"type":"counter.add"},"parent":1,"patch":[{"op":"replace","path":"/count","value":3}],"step":2,"time":1767225602000},
            {"action":{"label":"add(5)","payload":{},"type":"counter.add"},"parent":1,"patch":[{"op":"replace","path":"/count","value":5}],"step":3,"time":1767225603000}]}
            """
        #expect(text == expected)
        #expect(data.keyframes == 1)
        #expect(try JSONValue(parsing: data.json)["steps"]?.arrayValue?.count == 4)
    }

    @Test func aWindowStartsWithItsFirstStateAndMakesOrphanedStepsKeyframes() throws {
        let journal = Journals.bytes(initialState: ["count": 0], steps: [
            (Self.action("a"), ["count": 1], nil), (Self.action("b"), ["count": 2], nil),
            (Self.action("c"), ["count": 3], nil), (Self.action("d"), ["count": 9], 1),
        ])
        let data = try TimelineData(source: try source(journal), window: 2...4)
        let steps = try #require(try JSONValue(parsing: data.json)["steps"]?.arrayValue)
        #expect(steps.map { $0["step"] } == [2, 3, 4])
        #expect(steps[0]["state"] == ["count": 2])
        #expect(steps[0]["action"]?["label"] == "b" && steps[0]["patch"] == nil)
        #expect(steps[2]["state"] == ["count": 9], "step 4's parent, step 1, is not on the page")
        #expect(steps[2]["parent"] == nil)
        #expect(data.keyframes == 2)
    }

    @Test func noStepIsMoreThanTheKeyframeIntervalFromItsKeyframe() throws {
        let count = TimelineData.keyframeInterval * 2 + 10
        let journal = Journals.bytes(initialState: ["n": 0], steps: (1...count).map { (Self.action("\($0)"), ["n": .integer(Int64($0))], nil) })
        let data = try TimelineData(source: try source(journal))
        let steps = try #require(try JSONValue(parsing: data.json)["steps"]?.arrayValue)
        var sinceKeyframe = 0, longest = 0
        for step in steps {
            sinceKeyframe = step["state"] == nil ? sinceKeyframe + 1 : 0
            longest = max(longest, sinceKeyframe)
        }
        #expect(longest < TimelineData.keyframeInterval)
        #expect(data.keyframes > 2)
    }

    @Test func dataPastTheByteLimitIsRefusedWithTheStepAndAWayOut() throws {
        let journal = Journals.bytes(initialState: ["n": 0], steps: (1...50).map { (Self.action("\($0)"), ["n": .integer(Int64($0))], nil) })
        let recording = try source(journal)
        let error = #expect(throws: TimelinePageError.self) { try TimelineData(source: recording, byteLimit: 2000) }
        #expect(error?.description.hasPrefix("\(folder.file("r.jsonl")): the page's data passes 0 MiB at step ") == true)
        #expect(error?.description.contains("pick fewer steps with --steps A..B") == true)
    }

    @Test func scriptSafeTextCannotEndTheScriptElement() throws {
        let json = Array(#"{"a":"</script><b>&amp;"#.utf8) + Array("\u{2028}\u{2029}é\"}".utf8)
        let safe = String(decoding: PageDocument.scriptSafe(json), as: UTF8.self)
        #expect(safe == #"{"a":"\u003c/script\u003e\u003cb\u003e\u0026amp;\u2028\u2029é"}"#)
        #expect(try JSONValue(parsing: Array(safe.utf8)) == (try JSONValue(parsing: json)))
    }

    @Test func theTemplateIsFilledInOnePass() {
        let page = PageDocument.assemble(template: "<a>{{ONE}}|{{TWO}}|{{UNKNOWN}}</a>",
                                         values: ["ONE": Array("{{TWO}}".utf8), "TWO": Array("2".utf8)])
        #expect(String(decoding: page, as: UTF8.self) == "<a>{{TWO}}|2|{{UNKNOWN}}</a>")
    }

    @Test func thePageIsSelfContainedUnderAStrictPolicy() throws {
        let journal = Journals.bytes(initialState: ["label": "</script>"], steps: [(Self.action("</script><script>x()</script>"), ["label": "<b>"], nil)])
        let page = try TimelinePage(source: try source(journal), nonce: "abc123")
        let html = String(decoding: page.html, as: UTF8.self)
        #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-abc123'; style-src 'nonce-abc123'; img-src 'none'; connect-src 'none'; base-uri 'none'; form-action 'none'">"#))
        #expect(html.contains(TimelinePage.generatorMark))
        #expect(html.components(separatedBy: "</script>").count == 3, "only the page's own two script elements end")
        #expect(html.components(separatedBy: "<script").count == 3)
        #expect(!html.contains("{{"), "every placeholder is filled")
        let withoutNamespace = html.replacingOccurrences(of: #""http://www.w3.org/2000/svg""#, with: "")
        #expect(!withoutNamespace.contains("http://") && !html.contains("https://") && !html.contains("src="),
                "nothing is loaded from the network")
        #expect(html.contains("class Timeline") && html.contains("--accent"), "the script and style are inline")
    }

    @Test func thePageFilesAreTheEmbeddedOnes() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Sources/StatePage/Page")
        #expect(try String(contentsOf: page.appending(path: "timeline.js"), encoding: .utf8) == PageDocument.js)
        #expect(try String(contentsOf: page.appending(path: "timeline.css"), encoding: .utf8) == PageDocument.css)
        #expect(try String(contentsOf: page.appending(path: "timeline.html"), encoding: .utf8) == PageDocument.html)
    }
}
