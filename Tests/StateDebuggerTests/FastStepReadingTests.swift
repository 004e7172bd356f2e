import TestFixtures
import TestSupport
import Foundation
import StateDebugger
import StateJSON
import StateJournal
import Testing

@Suite struct FastStepReadingTests {
    @Test func readsActionsWithBracesAndQuotesInTheirStrings() throws {
        let directory = try TemporaryDirectory()
        let tricky = #"}{"\ ]["#
        let path = try Recordings.write([.note(tricky), .increment, .note(tricky), .add(4)], to: directory.file("tricky.jsonl"))
        let source = try JournalSource(path: path)
        var seen: [JournalAction] = []
        try source.forEachActionAndHash(1...4) { (step, action, hash) throws(DebuggerError) -> Bool in
            let record = try source.record(at: step)
            #expect(hash == record.hash)
            seen.append(action)
            return true
        }
        #expect(try seen == (1...4).map { try source.record(at: $0).action })
        #expect(try source.actionAndHash(at: 3).action.payload == ["note": ["_0": .string(tricky)]])
        #expect(try ReplayVerifier(source: source, app: TestApps.counter()).verify().passed)
    }

    @Test func stopsWhenTheBodySaysSo() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Recordings.increments(10), to: directory.file("stop.jsonl"))
        var visited: [Int] = []
        try JournalSource(path: path).forEachActionAndHash(2...9) { (step, _, _) throws(DebuggerError) -> Bool in
            visited.append(step)
            return step < 5
        }
        #expect(visited == [2, 3, 4, 5])
    }

    @Test func readsLinesInAnotherMemberOrderByParsingThem() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.increment, .increment], to: directory.file("order.jsonl"))
        // Rewrite step 2 with its members in another order, as a hand edit might leave it, with the
        // checksum of its new bytes.
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        guard case .object(var members) = try JSONValue(parsing: lines[2]) else { Issue.record("step 2 is not an object"); return }
        members.removeValue(forKey: "crc")
        var bytes = JSONValue.object(members).serialized(.canonical) + [0x0A]
        LineChecksum.seal(&bytes, lineStart: 0)
        lines[2] = String(decoding: bytes.dropLast(), as: UTF8.self)
        #expect(!lines[2].hasPrefix(#"{"step""#))
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let source = try JournalSource(path: path)
        #expect(try source.actionAndHash(at: 2).action.type == "counter.increment")
        #expect(try ReplayVerifier(source: source, app: TestApps.counter()).verify().passed)
    }
}
