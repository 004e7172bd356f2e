import Foundation
import StateDebugger
import StateJSON
import StateJournal
@testable import StateTimelinePage
import Testing
import TestFixtures
import TestSupport

/// The page's data makes each step's patch from the footprint of the journal's patch on its parent's
/// state; the document is byte for byte what diffing the whole states gives (the way it was made
/// before), on every shipped recording, whole and in windows, on journals that travel back, on random
/// journals with keyframes now and then or at every step, and on spoilt journals, which fail with
/// the same error.
@Suite struct TimelineDataFromPatchesTests {
    private static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recordings").path
    /// `<package root>/../shared/conformance/redux-devtools-exports`.
    private static let exports = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/conformance/redux-devtools-exports")

    /// A recording opened as `view` opens it: a journal's hashes are not checked on reading.
    private func open(_ path: String) throws -> any RecordingSource {
        var options = JournalReader.Options()
        options.verifyHashes = false
        return try RecordingLoader.isJournal(path: path) ? try JournalSource(path: path, options: options) : try RecordingLoader.open(path: path)
    }

    /// The steps of the document as they were made from whole states, the way it was before: each
    /// step's state read whole, its parent's kept from the last few steps or read when it is in the
    /// window, and the two diffed; or the error that stopped it.
    private func stepsOfWholeStates(_ source: any RecordingSource, window: ClosedRange<Int>) throws(TimelinePageError) -> [UInt8] {
        func translating<T>(_ body: () throws(DebuggerError) -> T) throws(TimelinePageError) -> T {
            do { return try body() } catch { throw .recording(error) }
        }
        var bytes: [UInt8] = []
        var recent: [(step: Int, state: JSONValue)] = []
        var depth: [Int: Int] = [window.lowerBound: 0]
        var patchBytes: [Int: Int] = [window.lowerBound: 0]
        var keyframeBytes: [Int: Int] = [window.lowerBound: 0]
        if source.hasState(at: window.lowerBound) {
            let first = try translating { () throws(DebuggerError) in try source.state(at: window.lowerBound) }
            keyframeBytes[window.lowerBound] = first.serialized(.canonical).count
            recent.append((window.lowerBound, first))
        }
        var step = window.lowerBound
        while step < window.upperBound {
            step += 1
            let record = try translating { () throws(DebuggerError) in try source.record(at: step) }
            guard source.hasState(at: step) else {
                let object: JSONValue = ["action": record.action.jsonValue, "stateNotExported": true,
                                         "step": .integer(Int64(step)), "time": .integer(record.time)]
                bytes.append(0x2C)
                bytes += object.serialized(.canonical)
                continue
            }
            let state = try translating { () throws(DebuggerError) in try source.state(at: step) }
            let parent = source.parent(ofStep: step)
            let parentState: JSONValue? = if let kept = recent.last(where: { $0.step == parent })?.state {
                kept
            } else if window.contains(parent) {
                try translating { () throws(DebuggerError) in try source.state(at: parent) }
            } else {
                nil
            }
            var object: [(String, JSONValue)] = [("action", record.action.jsonValue)]
            if parentState != nil { object.append(("parent", .integer(Int64(parent)))) }
            let patch = parentState.map { JSONDiff.patch(from: $0, to: state).jsonValue } ?? .array([])
            let patchSize = patch.serialized(.canonical).count
            var isKeyframe = parentState == nil
            if !isKeyframe, let parentDepth = depth[parent], let parentBytes = patchBytes[parent], let base = keyframeBytes[parent] {
                isKeyframe = parentDepth + 1 >= TimelineData.keyframeInterval || parentBytes + patchSize > max(base, 4096)
                depth[step] = parentDepth + 1
                patchBytes[step] = parentBytes + patchSize
                keyframeBytes[step] = base
            }
            object.append(("patch", patch))
            if isKeyframe {
                object.append(("state", state))
                depth[step] = 0
                patchBytes[step] = 0
                keyframeBytes[step] = state.serialized(.canonical).count
            }
            object.append(("step", .integer(Int64(step))))
            object.append(("time", .integer(record.time)))
            bytes.append(0x2C)
            bytes += JSONValue.object(JSONObject(object)).serialized(.canonical)
            if recent.count == 8 { recent.removeFirst() }
            recent.append((step, state))
        }
        return bytes
    }

    /// Builds the document of `path` (in `window`) and expects its steps, or its error, to be what
    /// the whole states give.
    private func expectSameData(_ path: String, window: ClosedRange<Int>? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let source = try open(path)
        let context = Comment(rawValue: "\(path) \(String(describing: window))")
        let made = Result { () throws(TimelinePageError) in try TimelineData(source: source, window: window) }
        let whole = try open(path)
        let expected = Result { () throws(TimelinePageError) in try stepsOfWholeStates(whole, window: window ?? source.steps) }
        switch (made, expected) {
        case (.success(let data), .success(let steps)):
            // The document ends with the steps after the first, then `]}`.
            let tail = Array(data.json.suffix(steps.count + 2))
            #expect(tail == steps + Array("]}".utf8), context, sourceLocation: sourceLocation)
        case (.failure(let error), .failure(let expectedError)):
            #expect(error.description == expectedError.description, context, sourceLocation: sourceLocation)
        case (.success, .failure(let expectedError)):
            Issue.record("\(context): made a document where reading the whole states failed: \(expectedError)", sourceLocation: sourceLocation)
        case (.failure(let error), .success):
            Issue.record("\(context): failed where reading the whole states made a document: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyShippedRecordingGivesTheDataOfItsWholeStates() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.recordings).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.count >= 9)
        for name in files {
            let path = Self.recordings + "/" + name
            let source = try open(path)
            try expectSameData(path)
            try expectSameData(path, window: (source.baseStep + source.lastStep) / 2...source.lastStep)
        }
    }

    /// Journals of random states, with keyframes now and then, every few steps or every step, whole and
    /// in windows (whose steps travel back past their start), intact and each way spoilt: the same
    /// document, or the same error.
    @Test(arguments: [nil, 1, 3] as [Int?])
    func randomJournalsGiveTheDataOfTheirWholeStatesSpoiltOrNot(keyframeInterval: Int?) throws {
        let directory = try TemporaryDirectory()
        for seed in UInt64(1)...12 {
            // A journal of keyframes alone has no patch to spoil.
            for damage in RandomJournals.Damage.allCases where !(keyframeInterval == 1 && damage == .patchThatDoesNotApply) {
                let path = try RandomJournals.write(seed: seed, keyframeInterval: keyframeInterval, damage: damage, into: directory.path)
                let source = try open(path)
                try expectSameData(path)
                try expectSameData(path, window: 3...source.lastStep)
                try expectSameData(path, window: source.lastStep / 2...source.lastStep)
            }
        }
    }

    @Test func aPatchThatDoesNotApplyOrADamagedLineStopsTheDataAsReadingTheWholeStatesDid() throws {
        let directory = try TemporaryDirectory()
        for (damage, words) in [(RandomJournals.Damage.patchThatDoesNotApply, "does not apply"), (.damagedLine, "damaged")] {
            let path = try RandomJournals.write(seed: 5, keyframeInterval: 1_000, damage: damage, into: directory.path)
            let error = #expect(throws: TimelinePageError.self) { try TimelineData(source: try open(path)) }
            #expect(error?.description.contains(words) == true, "\(damage): \(String(describing: error))")
            try expectSameData(path)
        }
    }

    /// A window whose step travels back before it, to a state that cannot be rebuilt through a damaged
    /// line: the error names the step read, as reading its state whole did, not its parent.
    @Test func aTravelBackBeforeTheWindowThroughADamagedLineFailsForTheStepRead() throws {
        let folder = try TemporaryDirectory()
        // A state larger than a patch of it, so that the journal keeps patches.
        let pad = JSONValue.string(String(repeating: "x", count: 200))
        let header = JournalHeader(tool: "statedbg test", app: "test", stateType: "State", actionType: "Action", schema: [:],
                                   schemaHash: "0", created: "2026-01-01T00:00:00.000Z", initialState: ["n": 0, "pad": pad], hash: 0)
        let builder = JournalBuilder(header: header, policy: KeyframePolicy(interval: 4, smallStateBytes: 0))
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for step in 1...12 {
            let action = JournalAction(type: "edit", label: "edit \(step)", payload: [:])
            builder.appendStep(action: action, state: ["n": .integer(Int64(step)), "pad": pad], time: Int64(step), parent: step == 10 ? 6 : nil, into: &bytes)
        }
        // statedbg writes a travel's step whole; another writer may write its patch, as the format allows.
        let padText = String(repeating: "x", count: 200)
        let travel = LineChecksum.resealed(String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: #"{"step":10,"kind":"keyframe","#, with: #"{"step":10,"#)
            .replacingOccurrences(of: #""state":{"n":10,"pad":"\#(padText)"}"#, with: #""patch":[{"op":"replace","path":"/n","value":10}]"#))
        // Step 6's line damaged (its checksum no longer agrees); the window starts at 9, after a keyframe.
        let text = travel.replacingOccurrences(of: #""label":"edit 6""#, with: #""label":"edit 7""#)
        let path = try folder.writeBytes(Array(text.utf8), to: "t.jsonl")
        let keyframes = try JournalSource(path: path).reader.keyframeSteps
        #expect(keyframes.contains { (7...9).contains($0) } && !keyframes.contains(10), "\(keyframes)")
        let error = #expect(throws: TimelinePageError.self) { try TimelineData(source: try open(path), window: 9...12) }
        #expect(error?.description.contains("step 10") == true, "\(String(describing: error))")
        try expectSameData(path, window: 9...12)
    }

    /// The Redux DevTools exports beside the package, with their states and without.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: exports.path),
                   "the samples are not at ../shared/conformance/redux-devtools-exports, so this did not run"))
    func exportsGiveTheDataOfTheirWholeStates() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.exports.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 10)
        for name in names { try expectSameData(Self.exports.appendingPathComponent(name).path) }
    }

    @Test func aJournalThatTravelsBackGivesTheDataOfItsWholeStates() throws {
        let folder = try TemporaryDirectory()
        var steps: [(action: JournalAction, state: JSONValue, parent: Int?)] = []
        var users: [JSONValue] = []
        for step in 1...60 {
            let action = JournalAction(type: "users.edit", label: "edit \(step)", payload: [:])
            var parent: Int?
            if step % 9 == 0 {
                parent = step - 5
                users = steps[step - 6].state["users"]?.arrayValue ?? []
            }
            if step % 4 == 0, !users.isEmpty {
                users[step % users.count] = ["id": .integer(Int64(step % users.count)), "age": .integer(Int64(step))]
            } else {
                users.append(["id": .integer(Int64(users.count)), "age": 30])
            }
            steps.append((action, ["users": .array(users)], parent))
        }
        let path = try folder.writeBytes(Journals.bytes(initialState: ["users": []], steps: steps,
                                                        events: [.marker(after: 9, time: 7, name: "here")]), to: "t.jsonl")
        try expectSameData(path)
        try expectSameData(path, window: 20...60)
    }
}
