@testable import StateJournal
import Testing

/// The raw readers a search looks at lines with: where a step line's content is, and the bytes of a
/// member of a keyframe's state.
@Suite struct StepLineContentFinderTests {
    /// Calls `body` with `text` as the stream would hand it over: intact, its action found by its
    /// prefix; with `sealed`, as a version 2 line ending with its checksum.
    private func withLine<T>(_ text: String, sealed: Bool = false, _ body: (JournalStream.StepLine) -> T) -> T {
        var bytes = Array(text.utf8) + [0x0A]
        if sealed { LineChecksum.seal(&bytes, lineStart: 0) }
        bytes.removeLast()
        return bytes.withUnsafeBytes { raw in
            let prefix = StepLinePrefix(raw)
            let line = JournalStream.StepLine(step: prefix?.step ?? 0, line: 2, time: 0, parent: 0, isKeyframe: prefix?.keyframe ?? false,
                                              bytes: raw, actionStart: prefix?.actionStart)
            return body(line)
        }
    }

    private func content(_ finder: inout StepLineContentFinder, _ text: String, sealed: Bool = true) -> String? {
        withLine(text, sealed: sealed) { line in
            finder.content(of: line).map { found in
                (found.isState ? "state " : "patch ") + String(decoding: line.bytes[found.range], as: UTF8.self)
            }
        }
    }

    @Test func theMemberWordsAreTheBytesOfTheirText() {
        func word(_ text: String) -> UInt64 { Array(text.utf8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) } }
        #expect(StepLineContentFinder.hashStartWord == word(#","hash":"#))
        #expect(StepLineContentFinder.stateMemberWord == word(#","state""#))
        #expect(StepLineContentFinder.patchMemberWord == word(#","patch""#))
    }

    @Test func findsTheContentPastAnActionSeenBeforeOrNew() {
        var finder = StepLineContentFinder()
        let hash = #""hash":"0123456789abcdef"}"#
        #expect(content(&finder, #"{"step":1,"kind":"keyframe","time":5,"action":{"type":"a","p":"}"},"state":{"x":1},"# + hash)
            == #"state {"x":1}"#)
        // The same action again, then one that starts with the same text but goes on.
        #expect(content(&finder, #"{"step":2,"time":6,"action":{"type":"a","p":"}"},"patch":[{"op":"remove","path":"/x"}],"# + hash)
            == #"patch [{"op":"remove","path":"/x"}]"#)
        #expect(content(&finder, #"{"step":3,"time":7,"action":{"type":"a","p":"}","q":{"state":1}},"patch":[],"# + hash)
            == "patch []")
        // A kind that names the other content, a member out of place, a hash that is no hash: no answer.
        #expect(content(&finder, #"{"step":4,"kind":"keyframe","time":8,"action":{"type":"a"},"patch":[],"# + hash) == nil)
        #expect(content(&finder, #"{"step":5,"time":8,"action":{"type":"a"},"state":{},"# + hash) == nil)
        #expect(content(&finder, #"{"step":6,"time":8,"action":{"type":"a"},"patch":[],"hash":"0123456789abcdeg"}"#) == nil)
        #expect(content(&finder, #"{"step":7,"time":8,"action":{"type":"a"},"patch":[] ,"# + hash) == "patch [] ")
        // A version 1 line, without a checksum.
        #expect(content(&finder, #"{"step":8,"time":8,"action":{"type":"a"},"patch":[1],"# + hash, sealed: false) == "patch [1]")
    }

    private func probe(_ members: [String], _ state: String) -> String {
        guard var probe = StateValueProbe(members: members) else { return "no probe" }
        return withLine(#"{"step":1,"kind":"keyframe","time":5,"action":{"type":"a"},"state":"# + state + #","hash":"0123456789abcdef"}"#) { line in
            switch probe.find(in: line) {
            case .value(let bytes): "value " + String(decoding: bytes, as: UTF8.self)
            case .absent: "absent"
            case nil: "unknown"
            }
        }
    }

    @Test func findsAMembersBytesOnlyWhenTheLayoutLeavesNoDoubt() {
        #expect(probe(["flag"], #"{"a":{"flag":1},"s":"\"flag\":2","flag":[3, {"flag":4}],"z":"}"}"#) == #"value [3, {"flag":4}]"#)
        #expect(probe(["a", "flag"], #"{"flag":0, "a" : { "b":[{"flag":9}], "flag" : "x\\" } }"#) == #"value "x\\""#)
        #expect(probe(["flag"], #"{"a":{"flag":1}}"#) == "absent")
        #expect(probe(["a", "flag"], #"{"b":1}"#) == "absent")
        #expect(probe(["flag"], "{}") == "absent")
        // A repeated key, an escaped key, a non-ASCII key, a path through an array or a number.
        #expect(probe(["flag"], #"{"flag":1,"flag":2}"#) == "unknown")
        #expect(probe(["a", "flag"], #"{"a":{"flag":1},"a":{}}"#) == "unknown")
        #expect(probe(["flag"], #"{"fl\u0061g":1}"#) == "unknown")
        #expect(probe(["flag"], #"{"é":1,"flag":2}"#) == "unknown")
        #expect(probe(["a", "flag"], #"{"a":[{"flag":1}]}"#) == "unknown")
        #expect(probe(["a", "flag"], #"{"a":3}"#) == "unknown")
        // A last `count` that is no member counts the members: not bytes of the line.
        #expect(probe(["a", "count"], #"{"a":{"b":1}}"#) == "unknown")
        #expect(probe(["a", "count"], #"{"a":{"count":7}}"#) == "value 7")
        // A key the probe cannot spell in raw bytes gets no probe at all.
        #expect(probe(["fl\"ag"], "{}") == "no probe")
        #expect(probe([], "{}") == "no probe")
    }
}
