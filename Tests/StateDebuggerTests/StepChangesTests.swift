import Foundation
import StateDebugger
import StateJSON
import StateJournal
import TestFixtures
import TestSupport
import Testing

/// Reading a recording's steps in order, each state patched in place and its parent's told by the
/// patch's footprint, gives what reading each state whole gives: the same states, fingerprints, and
/// diffs byte for byte, on every shipped recording and on seeded random journals with keyframes,
/// travels back, events and replaced states.
@Suite struct StepChangesTests {
    private static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recordings").path

    /// The renderers of `replay` (plain and coloured, long arrays folded, Date notes from the schema)
    /// and a few variants.
    private func renderers(for source: any RecordingSource) -> [JSONDiffRenderer] {
        var notes = JSONValueNotes(stateSchema: source.info.schema["state"] ?? .null)
        notes.add(.date, at: [.key("a"), .element, .key("v")])
        notes.add(.date, at: [.anyKey, .key("b")])
        let coloured = JSONDiffStyle(removed: .init(before: "<r>", after: "</r>"), added: .init(before: "<a>", after: "</a>"),
                                     collapsed: .init(before: "<c>", after: "</c>"))
        return [
            JSONDiffRenderer(options: .init(maxArrayElements: 20), notes: notes),
            JSONDiffRenderer(options: .init(style: coloured, maxArrayElements: 20), notes: notes),
            JSONDiffRenderer(options: .init(contextMembers: 0, maxArrayElements: 1)),
        ]
    }

    /// Walks `path` from `first` and compares each step with the whole states read from a second source.
    private func expectSameAsWholeStates(_ path: String, from first: Int? = nil, readingEarlierParents: Bool = true,
                                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let source = try RecordingLoader.open(path: path)
        let whole = try RecordingLoader.open(path: path)
        let start = first ?? source.baseStep
        let renderers = renderers(for: source)
        var changes = try StepChanges(source, after: start, through: source.lastStep, fingerprinting: true,
                                      readingEarlierParents: readingEarlierParents)
        var count = 0
        while let change = try changes.next() {
            count += 1
            let step = change.step
            let context = Comment(rawValue: "\(path) step \(step)")
            #expect(step == start + count, context, sourceLocation: sourceLocation)
            #expect(change.parent == whole.parent(ofStep: step), context, sourceLocation: sourceLocation)
            #expect(change.action == (try whole.record(at: step)).action, context, sourceLocation: sourceLocation)
            let state = try whole.state(at: step)
            #expect(change.state == state, context, sourceLocation: sourceLocation)
            if let hash = change.hash { #expect(change.fingerprint == hash, context, sourceLocation: sourceLocation) }
            guard change.parent >= start || readingEarlierParents else {
                #expect(change.before == nil, context, sourceLocation: sourceLocation)
                continue
            }
            let parentState = try whole.state(at: change.parent)
            guard let before = change.before, let after = change.state else {
                Issue.record("step \(step) has no parent's state", sourceLocation: sourceLocation)
                continue
            }
            for renderer in renderers {
                #expect(renderer.render(from: before, to: after) == renderer.render(from: parentState, to: state), context,
                        sourceLocation: sourceLocation)
            }
            #expect(JSONDiff.patch(from: before, to: after) == JSONDiff.patch(from: parentState, to: state), context,
                    sourceLocation: sourceLocation)
        }
        #expect(count == source.lastStep - start, sourceLocation: sourceLocation)
    }

    @Test func everyShippedRecordingReadsAsItsWholeStates() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.recordings).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.count >= 9)
        for name in files {
            let file = Self.recordings + "/" + name
            try expectSameAsWholeStates(file)
            let source = try RecordingLoader.open(path: file)
            try expectSameAsWholeStates(file, from: (source.baseStep + source.lastStep) / 2, readingEarlierParents: false)
        }
    }

    /// A journal of random states, its keyframe interval picked by the seed.
    private func randomJournal(seed: UInt64, in directory: TemporaryDirectory) throws -> String {
        try RandomJournals.write(seed: seed, into: directory.path)
    }

    @Test func randomJournalsReadAsTheirWholeStates() throws {
        let directory = try TemporaryDirectory()
        for seed in UInt64(1)...120 {
            let path = try randomJournal(seed: seed, in: directory)
            try expectSameAsWholeStates(path)
            try expectSameAsWholeStates(path, from: 5, readingEarlierParents: seed.isMultiple(of: 2))
        }
    }

    @Test func aPatchThatDoesNotApplyIsTheErrorReadingTheStateGives() throws {
        let directory = try TemporaryDirectory()
        let path = try randomJournal(seed: 7, in: directory)
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        // A patch line rewritten, and sealed again, so that it removes a member that is not there.
        guard let index = lines.indices.dropFirst(3).first(where: { lines[$0].contains(#""patch":["#) }) else {
            Issue.record("no patch line")
            return
        }
        let line = String(lines[index])
        let start = try #require(line.range(of: #""patch":["#))
        lines[index] = Substring(line[..<start.upperBound] + #"{"op":"remove","path":"/nope"},"# + line[start.upperBound...])
        try LineChecksum.resealed(lines.joined(separator: "\n")).write(toFile: path, atomically: true, encoding: .utf8)
        let source = try RecordingLoader.open(path: path)
        let step = index
        var expected: DebuggerError?
        do {
            _ = try RecordingLoader.open(path: path).state(at: step)
        } catch {
            expected = error
        }
        var changes = try StepChanges(source, after: source.baseStep, through: source.lastStep)
        var thrown: DebuggerError?
        do {
            while try changes.next() != nil {}
        } catch {
            thrown = error
        }
        #expect(thrown?.description.contains("does not apply") == true)
        #expect(thrown?.description == expected?.description)
    }
}
