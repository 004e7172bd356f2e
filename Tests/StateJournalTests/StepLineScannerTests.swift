import StateJSON
@testable import StateJournal
import Testing

/// Replay's fast path scans a step line's action and hash without parsing the state; it must take
/// exactly the lines on which a parser finds the same action and hash, and leave every other line to it.
@Suite struct StepLineScannerTests {
    static let action = #"{"label":"increment","payload":null,"type":"increment"}"#
    static let other = #"{"label":"reset","payload":null,"type":"reset"}"#
    static let hash = "00000000000000ff"

    static func scan(_ line: String) -> (action: JournalAction, hash: UInt64)? {
        var scanner = StepLineScanner()
        return Array(line.utf8).withUnsafeBytes { scanner.scan($0) }
    }

    /// `line` ended with its checksum, as a version 2 writer seals it.
    static func sealed(_ line: String) -> String {
        var bytes = Array((line + "\n").utf8)
        LineChecksum.seal(&bytes, lineStart: 0)
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }

    static func parsed(_ line: String) throws -> JournalStep {
        let parsed = try Array(line.utf8).withUnsafeBytes { try JournalLine.parse($0) }
        guard case .step(let step) = parsed else { throw JournalLineError.unknownLineKind("not a step") }
        return step
    }

    @Test func readsTheLinesTheWriterWritesAsAParserDoes() throws {
        let lines = [
            #"{"step":3,"time":5,"action":\#(Self.action),"patch":[{"op":"replace","path":"/count","value":3}],"hash":"\#(Self.hash)"}"#,
            #"{"step":4,"kind":"keyframe","time":-5,"parent":2,"action":\#(Self.action),"state":{"s":"}\"{"},"hash":"\#(Self.hash)"}"#,
            #"{"step":5,"time":5,"action":\#(Self.action),"state":12.5,"hash":"\#(Self.hash)"}"#,
            #"{"step":6,"time":5,"action":\#(Self.action),"state":"a,\"}","hash":"\#(Self.hash)"}"#,
        ]
        for line in lines + lines.map(Self.sealed) {
            let fast = try #require(Self.scan(line), "\(line)")
            let step = try Self.parsed(line)
            #expect(fast.action == step.action && fast.hash == step.hash, "\(line)")
        }
    }

    @Test func findsTheContentOfTheStepAsked() throws {
        let line = Self.sealed(#"{"step":7,"time":5,"action":\#(Self.action),"patch":[{"op":"remove","path":"/a"}],"hash":"\#(Self.hash)"}"#)
        let bytes = Array(line.utf8)
        let content = try #require(bytes.withUnsafeBytes { StepLineScanner.content(of: $0, step: 7) })
        #expect(String(decoding: bytes[content.range], as: UTF8.self) == #"[{"op":"remove","path":"/a"}]"#)
        #expect(!content.isState && content.hash == 0xff)
        let travelled = Array(#"{"step":9,"time":5,"parent":3,"action":\#(Self.action),"patch":[],"hash":"\#(Self.hash)"}"#.utf8)
        #expect(travelled.withUnsafeBufferPointer { StepLineScanner.layout(of: $0, sealed: false)?.parent } == 3)
        #expect(bytes.withUnsafeBytes { StepLineScanner.content(of: $0, step: 8) } == nil)
    }

    @Test func leavesLinesOutsideTheWritersLayoutToTheParser() {
        let lines = [
            // A repeated member: a parser keeps the last one.
            #"{"step":1,"time":5,"action":\#(Self.action),"action":\#(Self.other),"patch":[],"hash":"\#(Self.hash)"}"#,
            #"{"step":1,"time":5,"action":\#(Self.action),"patch":[],"action":\#(Self.other),"hash":"\#(Self.hash)"}"#,
            #"{"step":1,"time":5,"action":\#(Self.action),"patch":[],"hash":"0000000000000001","hash":"\#(Self.hash)"}"#,
            // An `action` key inside another member before the step's own.
            #"{"step":1,"time":5,"extra":{"q":0,"action":\#(Self.other)},"action":\#(Self.action),"patch":[],"hash":"\#(Self.hash)"}"#,
            // A kind that names the other content.
            #"{"step":1,"kind":"keyframe","time":5,"action":\#(Self.action),"patch":[],"hash":"\#(Self.hash)"}"#,
            #"{"step":1,"kind":"patch","time":5,"action":\#(Self.action),"state":{},"hash":"\#(Self.hash)"}"#,
            // Spacing, another order, a member the writer does not write, a short hash.
            #"{ "step":1,"time":5,"action":\#(Self.action),"patch":[],"hash":"\#(Self.hash)"}"#,
            #"{"step":1,"action":\#(Self.action),"time":5,"patch":[],"hash":"\#(Self.hash)"}"#,
            #"{"step":1,"time":5,"action":\#(Self.action),"patch":[],"note":1,"hash":"\#(Self.hash)"}"#,
            #"{"step":1,"time":5,"action":\#(Self.action),"patch":[],"hash":"ff"}"#,
            #"{"step":1,"time":5,"action":\#(Self.action),"patch":[,"hash":"\#(Self.hash)"}"#,
        ]
        for line in lines + lines.map(Self.sealed) {
            #expect(Self.scan(line) == nil, "\(line)")
        }
    }
}
