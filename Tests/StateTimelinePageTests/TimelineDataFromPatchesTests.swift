import Foundation
import StateDebugger
import StateJSON
import StateJournal
@testable import StateTimelinePage
import Testing
import TestSupport

/// The page's data makes each step's patch from the footprint of the journal's patch on its parent's
/// state; the document is byte for byte what diffing the whole states gives (the way it was made
/// before), on every shipped recording, whole and in windows, and on a journal that travels back.
@Suite struct TimelineDataFromPatchesTests {
    private static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recordings").path

    /// The steps of the document as they were made from whole states: each step's state read whole, its
    /// parent's kept from the last few steps or read when it is in the window, and the two diffed.
    private func stepsOfWholeStates(_ source: any RecordingSource, window: ClosedRange<Int>) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var recent: [(step: Int, state: JSONValue)] = []
        var depth: [Int: Int] = [window.lowerBound: 0]
        var patchBytes: [Int: Int] = [window.lowerBound: 0]
        var keyframeBytes: [Int: Int] = [window.lowerBound: (try source.state(at: window.lowerBound)).serialized(.canonical).count]
        recent.append((window.lowerBound, try source.state(at: window.lowerBound)))
        var step = window.lowerBound
        while step < window.upperBound {
            step += 1
            let record = try source.record(at: step)
            let state = try source.state(at: step)
            let parent = source.parent(ofStep: step)
            let parentState: JSONValue? = if let kept = recent.last(where: { $0.step == parent })?.state {
                kept
            } else if window.contains(parent) {
                try source.state(at: parent)
            } else {
                nil
            }
            var object: [(String, JSONValue)] = [("action", record.action.jsonValue)]
            if parentState != nil { object.append(("parent", .integer(Int64(parent)))) }
            let patch = parentState.map { JSONDiff.patch(from: $0, to: state).jsonValue } ?? .array([])
            let patchSize = patch.serialized(.canonical).count
            var isKeyframe = true
            if parentState != nil, let parentDepth = depth[parent], let parentBytes = patchBytes[parent], let base = keyframeBytes[parent] {
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

    private func expectSameData(_ path: String, window: ClosedRange<Int>? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let source = try RecordingLoader.open(path: path)
        let data = try TimelineData(source: source, window: window)
        let steps = try stepsOfWholeStates(try RecordingLoader.open(path: path), window: window ?? source.steps)
        // The document ends with the steps after the first, then `]}`.
        let tail = Array(data.json.suffix(steps.count + 2))
        #expect(tail == steps + Array("]}".utf8), "\(path) \(String(describing: window))", sourceLocation: sourceLocation)
    }

    @Test func everyShippedRecordingGivesTheDataOfItsWholeStates() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.recordings).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.count >= 9)
        for name in files {
            let path = Self.recordings + "/" + name
            let source = try RecordingLoader.open(path: path)
            try expectSameData(path)
            try expectSameData(path, window: (source.baseStep + source.lastStep) / 2...source.lastStep)
        }
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
