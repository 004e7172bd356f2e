import Foundation
import StateJSON
import StateEncoding
import StateJournal
import StateRecorder
import StateStore
import Testing
import TestSupport

/// The recorder hands its encoder's notes of the array elements that changed to the journal's diff and
/// fingerprint; every journaled state and hash must still be that of the app's state.
@Suite struct RecorderArrayChangesTests {
    struct Crew: Codable, Equatable, Sendable {
        struct Sailor: Codable, Equatable, Sendable {
            var id: Int
            var name: String
            var rank: Int
            var badges: [String]
            /// Not journaled: changing it changes the sailor, not the JSON.
            var watch = 0

            enum CodingKeys: String, CodingKey {
                case id, name, rank, badges
            }
        }

        var sailors: [Sailor]
        var roster: [[Int]]

        static var initial: Crew {
            Crew(sailors: (0..<200).map { Sailor(id: $0, name: "sailor \($0)", rank: $0 % 5, badges: []) },
                 roster: [[0, 1], [2, 3]])
        }
    }

    enum Order: Codable, Sendable {
        case promote(Int)
        case badge(Int, String)
        case watch(Int)
        case replace(Int, id: Int)
        case swap(Int, Int)
        case enlist(id: Int)
        case discharge(Int)
        case muster
        case assign(Int, Int)
        case disband
    }

    static let reducer = Reducer<Crew, Order> { crew, order in
        let count = crew.sailors.count
        switch order {
        case .promote(let index) where index < count:
            crew.sailors[index].rank += 1
        case .badge(let index, let badge) where index < count:
            crew.sailors[index].badges.append(badge)
        case .watch(let index) where index < count:
            crew.sailors[index].watch += 1
        case .replace(let index, let id) where index < count:
            crew.sailors[index] = Crew.Sailor(id: id, name: "recruit \(id)", rank: 0, badges: ["new"])
        case .swap(let first, let second) where first < count && second < count:
            crew.sailors.swapAt(first, second)
        case .enlist(let id):
            crew.sailors.append(Crew.Sailor(id: id, name: "enlisted \(id)", rank: 0, badges: []))
        case .discharge(let index) where index < count:
            crew.sailors.remove(at: index)
        case .muster:
            crew.sailors.reverse()
        case .assign(let group, let sailor):
            crew.roster[group % crew.roster.count].append(sailor)
        case .disband:
            crew = .initial
        default:
            break
        }
    }

    static func order(_ crew: Crew, _ random: inout SeededGenerator, step: Int) -> Order {
        let count = max(1, crew.sailors.count)
        let index = Int.random(in: 0..<count, using: &random)
        switch Int.random(in: 0..<40, using: &random) {
        case 0..<16: return .promote(index)
        case 16..<20: return .badge(index, "badge \(step)")
        case 20..<24: return .watch(index)
        case 24..<27: return .replace(index, id: 10_000 + step)
        case 27..<30: return .swap(index, Int.random(in: 0..<count, using: &random))
        case 30..<33: return .enlist(id: 20_000 + step)
        case 33..<35: return .discharge(index)
        case 35: return .muster
        case 36..<39: return .assign(index, step)
        default: return step % 5 == 0 ? .disband : .promote(index)
        }
    }

    private func recordAndVerify(capture: RecorderOptions.StateCapture, maxFileBytes: Int64? = nil,
                                 rolling: Bool = false) throws {
        let app = RecordableApp(id: "crew", summary: "", initialState: Crew.initial, reducer: Self.reducer,
                                actionSamples: [.muster])
        var options = RecorderOptions()
        options.snapshots = .patches(keyframeInterval: 500)
        options.stateCapture = capture
        options.maxFileBytes = maxFileBytes
        if rolling { options.limit = .roll }
        let directory = try TemporaryDirectory()
        let path = directory.file("crew.jsonl")
        let store = try RecordingStore(app: app, journal: path, options: options, clock: RecordingClock.fixed())
        let encoder = JSONValueEncoder()
        var expected = [try encoder.encode(store.state)]
        var random = SeededGenerator(seed: 1852)
        let steps = 800
        for step in 1...steps {
            store.dispatch(Self.order(store.state, &random, step: step))
            expected.append(try encoder.encode(store.state))
        }
        try store.close()
        guard rolling else {
            try verify(path, expected)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let patches = text.split(separator: "\n").count { $0.contains(#""patch":"#) }
            #expect(patches > steps / 2, "the steps are journaled as patches, which the notes shorten")
            return
        }
        // Each file starts from the state its predecessor ended with, in a builder of its own.
        var segments = [path]
        while FileManager.default.fileExists(atPath: directory.file("crew.\(segments.count + 1).jsonl")) {
            segments.append(directory.file("crew.\(segments.count + 1).jsonl"))
        }
        #expect(segments.count > 2)
        for segment in segments {
            let reader = try JournalReader(path: segment)
            for step in (reader.header.firstStep - 1)...reader.lastStep {
                #expect(try reader.state(at: step) == expected[step], "\(segment) step \(step)")
                let hash = step == reader.header.firstStep - 1 ? reader.header.hash : try reader.actionAndHash(ofStep: step).hash
                #expect(hash == StateFingerprint.of(expected[step], scheme: .chunked), "\(segment) step \(step)")
            }
        }
        #expect(try JournalReader(path: segments[segments.count - 1]).lastStep == steps)
    }

    /// Checks that the journal at `path` holds `expected[step]` as the state of every step, with its hash.
    private func verify(_ path: String, _ expected: [JSONValue]) throws {
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == expected.count - 1)
        for step in expected.indices {
            #expect(try reader.state(at: step) == expected[step], "step \(step)")
            let hash = step == 0 ? reader.header.hash : try reader.actionAndHash(ofStep: step).hash
            #expect(hash == StateFingerprint.of(expected[step], scheme: .chunked), "step \(step)")
        }
    }

    @Test func everyStateAndHashRecordedOnTheCallingThreadWithNotesIsTheAppsState() throws {
        try recordAndVerify(capture: .onCallingThread)
    }

    @Test func everyStateAndHashEncodedOnTheWriterThreadWithNotesIsTheAppsState() throws {
        try recordAndVerify(capture: .onWriterThread)
    }

    /// With a file limit the calling thread encodes and queues the JSON with its notes for the writer.
    @Test func everyStateAndHashQueuedAsJSONWithNotesIsTheAppsState() throws {
        try recordAndVerify(capture: .onCallingThread, maxFileBytes: 1 << 30)
    }

    /// Rolling over to a new file starts a new builder from the last state, which the next notes name.
    @Test func everyStateAndHashQueuedAsJSONWithNotesAcrossFilesIsTheAppsState() throws {
        try recordAndVerify(capture: .onCallingThread, maxFileBytes: 40_000, rolling: true)
    }

    /// A state that is not `Codable` (it holds a closure): its `Encodable` members' encoders each keep notes.
    struct Fleet: Sendable {
        var ships: [Crew.Sailor]
        var onChange: @Sendable () -> Void = {}
    }

    enum FleetOrder: Codable, Sendable {
        case edit
    }

    @Test func everyReflectedStateRecordedWithNotesIsTheAppsState() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("fleet.jsonl")
        var fleet = Fleet(ships: Crew.initial.sailors)
        var options = RecorderOptions()
        options.stateCapture = .onCallingThread
        options.snapshots = .patches(keyframeInterval: 500)
        let recorder = try Recorder<Fleet, FleetOrder>(journal: path, app: "fleet", initialState: fleet, options: options,
                                                       clock: RecordingClock.fixed())
        var expected = [JSONReflectingEncoder().encode(fleet)]
        var random = SeededGenerator(seed: 1588)
        let steps = 400
        for step in 1...steps {
            // Moved, not copied, so that the reducer changes the ships in place as an app would.
            var crew = Crew(sailors: [], roster: [[0]])
            swap(&crew.sailors, &fleet.ships)
            Self.reducer.reduce(into: &crew, action: Self.order(crew, &random, step: step))
            swap(&crew.sailors, &fleet.ships)
            recorder.record(.edit, state: fleet)
            expected.append(JSONReflectingEncoder().encode(fleet))
        }
        try recorder.close()
        try verify(path, expected)
    }
}
