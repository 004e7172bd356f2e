import StateDebugger
import StateJSON
import StateJournal
import StateRecorder

/// The recording as the timeline page reads it: one JSON document of keyframes and patches, whose size
/// follows the journal's rather than steps × state.
///
/// ```json
/// {"format":"statedbg-timeline","version":1,
///  "recording":{"name":"bank.jsonl","app":"bank","source":"journal","firstStep":0,"lastStep":40},
///  "window":{"firstStep":0,"lastStep":40},
///  "dates":[["accounts",null,"lastActivity"]],
///  "events":[{"after":12,"event":"marker","name":"checkout opened","time":…}],
///  "steps":[{"state":{…},"step":0},
///           {"action":{"label":…,"payload":…,"type":…},"parent":0,"patch":[…],"step":1,"time":…},
///           {"action":…,"parent":1,"patch":[…],"state":{…},"step":2,"time":…}]}
/// ```
///
/// The first element of `steps` is the window's first step, with its state whole (and its action, unless
/// it is the recording's initial state). Every
/// later step has its action and `patch`, the RFC 6902 operations that turn the state of its `parent`
/// into its own (what `statedbg diff FILE PARENT STEP --json` prints); a keyframe also has its `state`
/// whole, so the page rebuilds any step from at most ``keyframeInterval`` patches. Step objects are in
/// the shape a live feed can append one at a time (see the page's `Timeline.append`).
///
/// `dates`, present when there are any, lists the paths of the state whose numbers are `Date`s (from
/// the schema in the journal's header), each a list of object keys, `null` standing for any array
/// element or dictionary key: the page shows their ISO 8601 rendering beside the number.
///
/// A step whose state the recording does not hold (a Redux DevTools Export file keeps the actions and
/// the state before them only) has `"stateNotExported":true` and neither `patch` nor `state`; the page
/// lists its action and says that its state was not exported.
package struct TimelineData {
    /// The document's `format` member.
    package static let format = "statedbg-timeline"
    /// The document's `version` member; a page refuses documents of a later version.
    package static let version = 1
    /// The most patches between a step and the keyframe it is rebuilt from.
    package static let keyframeInterval = 1024

    /// The document, serialized canonically.
    package private(set) var json: [UInt8] = []
    /// The steps of the recording the document holds.
    package let window: ClosedRange<Int>
    /// The number of steps with a keyframe (the window's first step included).
    package private(set) var keyframes = 0

    /// Reads the steps in `window` of `source` (all of them when `nil`).
    ///
    /// - Parameters:
    ///   - byteLimit: The most bytes the document may hold; past it, building stops with
    ///     ``TimelinePageError/tooLarge(name:step:limit:)``, so no page is written that would hang a browser.
    ///   - isCancelled: Polled between steps; building stops with ``TimelinePageError/cancelled`` when it returns true.
    package init(source: any RecordingSource, window asked: ClosedRange<Int>? = nil, byteLimit: Int = .max,
                 isCancelled: () -> Bool = { false }) throws(TimelinePageError) {
        let window = asked ?? source.steps
        self.window = window
        var bytes: [UInt8] = []
        var members: [(String, JSONValue)] = [
            ("format", .string(Self.format)), ("version", .integer(Int64(Self.version))),
            ("recording", [
                "name": .string(source.name), "app": .string(source.info.app), "source": .string(source.info.format.rawValue),
                "firstStep": .integer(Int64(source.baseStep)), "lastStep": .integer(Int64(source.lastStep)),
            ]),
            ("window", ["firstStep": .integer(Int64(window.lowerBound)), "lastStep": .integer(Int64(window.upperBound))]),
            ("events", .array(source.events.filter { window.contains($0.event.after) }.map(\.event.jsonValue))),
        ]
        let dates = Self.datePaths(source)
        if !dates.isEmpty { members.append(("dates", .array(dates))) }
        let head = JSONValue.object(JSONObject(members))
        // The head is written without its closing brace, then the steps stream in after it.
        bytes += head.serialized(.canonical).dropLast()
        bytes += Array(#","steps":["#.utf8)

        var depth: [Int: Int] = [:]        // patches since the keyframe each step is rebuilt from
        var patchBytes: [Int: Int] = [:]   // the bytes of those patches
        var keyframeBytes: [Int: Int] = [:]

        // The first step's state, or (for an Export file without a preloaded state) a note that it is missing.
        let first: JSONValue? = source.hasState(at: window.lowerBound)
            ? try Self.translating { () throws(DebuggerError) in try source.state(at: window.lowerBound) } : nil
        let firstBytes = first?.serialized(.canonical) ?? []
        var firstEntry: [(String, JSONValue)] = [first.map { ("state", $0) } ?? ("stateNotExported", true),
                                                 ("step", .integer(Int64(window.lowerBound)))]
        if window.lowerBound > source.baseStep {
            // A window that starts after the initial state keeps its first step's action, without a patch.
            let record = try Self.translating { () throws(DebuggerError) in try source.record(at: window.lowerBound) }
            firstEntry.insert(("action", record.action.jsonValue), at: 0)
            firstEntry.append(("time", .integer(record.time)))
        }
        bytes += JSONValue.object(JSONObject(firstEntry)).serialized(.canonical)
        depth[window.lowerBound] = 0
        patchBytes[window.lowerBound] = 0
        keyframeBytes[window.lowerBound] = firstBytes.count
        keyframes = 1

        // Each step's patch is made from the footprint the journal's own patch left on its parent's
        // state, which is patched in place: a step costs its change, not the size of the state. A
        // parent before the window is not read: its step is written whole.
        var changes = try Self.translating { () throws(DebuggerError) in
            try StepChanges(source, after: window.lowerBound, through: window.upperBound, readingEarlierParents: false)
        }
        var step = window.lowerBound
        while step < window.upperBound {
            step += 1
            if step % 256 == 0, isCancelled() { throw .cancelled }
            guard let change = try Self.translating({ () throws(DebuggerError) in try changes.next() }) else { break }
            guard let state = change.state else {
                let object: JSONValue = ["action": change.action.jsonValue, "stateNotExported": true,
                                         "step": .integer(Int64(step)), "time": .integer(change.time)]
                bytes.append(0x2C)
                bytes += object.serialized(.canonical)
                continue
            }
            let parent = change.parent
            var object: [(String, JSONValue)] = [("action", change.action.jsonValue)]
            if change.before != nil { object.append(("parent", .integer(Int64(parent)))) }
            let patch = change.before.map { JSONDiff.patch(from: $0, to: state).jsonValue } ?? .array([])
            let patchSize = patch.serialized(.canonical).count
            var isKeyframe = change.before == nil
            if !isKeyframe, let parentDepth = depth[parent], let parentBytes = patchBytes[parent], let base = keyframeBytes[parent] {
                isKeyframe = parentDepth + 1 >= Self.keyframeInterval || parentBytes + patchSize > max(base, 4096)
                depth[step] = parentDepth + 1
                patchBytes[step] = parentBytes + patchSize
                keyframeBytes[step] = base
            } else {
                isKeyframe = true
            }
            object.append(("patch", patch))
            if isKeyframe {
                object.append(("state", state))
                depth[step] = 0
                patchBytes[step] = 0
                keyframeBytes[step] = state.serialized(.canonical).count
                keyframes += 1
            }
            object.append(("step", .integer(Int64(step))))
            object.append(("time", .integer(change.time)))
            bytes.append(0x2C)
            bytes += JSONValue.object(JSONObject(object)).serialized(.canonical)
            if bytes.count > byteLimit {
                throw .tooLarge(name: source.name, step: step, limit: byteLimit)
            }
        }
        bytes += Array("]}".utf8)
        json = bytes
    }

    /// The paths of the `Date` members of `source`'s states, as the document's `dates` lists them.
    private static func datePaths(_ source: any RecordingSource) -> [JSONValue] {
        let notes = JSONValueNotes(stateSchema: source.info.schema["state"] ?? .null)
        return notes.paths.filter { $0.value == .date }.keys.map { path in
            JSONValue.array(path.map { component in
                switch component {
                case .key(let key): .string(key)
                case .element, .anyKey: .null
                }
            })
        }.sorted { $0.canonicalText < $1.canonicalText }
    }

    private static func translating<T>(_ body: () throws(DebuggerError) -> T) throws(TimelinePageError) -> T {
        do {
            return try body()
        } catch {
            throw .recording(error)
        }
    }
}
