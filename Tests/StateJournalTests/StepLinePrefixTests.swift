@testable import StateJournal
import Testing

/// The scanner reads a step line's number, kind and parent from its prefix without parsing the JSON.
@Suite struct StepLinePrefixTests {
    static func prefix(_ text: String) -> StepLinePrefix? { StepLinePrefix(Array(text.utf8)) }

    @Test func readsTheLinesARecorderWrites() throws {
        let keyframe = try #require(Self.prefix(#"{"step":12,"kind":"keyframe","time":1795305936370,"action":{}}"#))
        #expect(keyframe.step == 12 && keyframe.keyframe && keyframe.parent == nil && keyframe.time == 1_795_305_936_370)
        let patch = try #require(Self.prefix(#"{"step":3,"time":5,"parent":1,"action":{}}"#))
        #expect(patch.step == 3 && !patch.keyframe && patch.parent == 1)
        let named = try #require(Self.prefix(#"{"step":7,"kind":"patch","time":0,"action":{}}"#))
        #expect(named.step == 7 && !named.keyframe)
        #expect(Self.prefix(#"{"step":999999999999999999,"time":1,"action":{}}"#)?.step == 999_999_999_999_999_999)
    }

    @Test func leavesEveryOtherLineToTheFullParser() {
        let others = [
            "", "{", #"{"step""#, #"{"step":"#, #"{"step":1"#, #"{"step":1,"#, #"{"step":01,"time":1,"action":{}}"#,
            #"{"step":-1,"time":1,"action":{}}"#, #"{"step":1,"time":1}"#, #"{"step":1,"kind":"other","time":1,"action":{}}"#,
            #"{ "step":1,"time":1,"action":{}}"#, #"{"step":1,"time":1,"parent":,"action":{}}"#,
            #"{"step":1234567890123456789,"time":1,"action":{}}"#, #"{"step":1,"time":1,"action""#,
        ]
        for line in others {
            #expect(Self.prefix(line) == nil, "\(line)")
        }
    }
}
