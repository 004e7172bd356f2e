import ExampleApps
import Foundation
import StateJSON
import StateEncoding
import StateJournal
import StateRecorder
import StateStore
import Testing
import TestSupport

/// The recorder encodes and fingerprints each state incrementally, from the previous one; these tests
/// check every journaled state and hash against a fresh, non-incremental encode of the live state.
@Suite struct IncrementalRecordingTests {
    /// A state whose arrays the mutations below grow, shrink, reorder and edit in nested places.
    struct Roster: Codable, Equatable, Sendable {
        struct Member: Codable, Equatable, Sendable {
            var id: Int
            var name: String
            var scores: [Double]
            var flag: Bool
        }

        var members: [Member] = []
        var order: [Int] = []
        var title = "roster"
    }

    enum Edit: Codable, Sendable {
        case append(name: String)
        case insert(at: Int, name: String)
        case remove(at: Int)
        case removeLast(Int)
        case swap(Int, Int)
        case score(member: Int, value: Double)
        case dropScores(member: Int)
        case rename(member: Int, name: String)
        case reverse
        case clear
        case retitle(String)
    }

    static let reducer = Reducer<Roster, Edit> { roster, edit in
        let count = roster.members.count
        switch edit {
        case .append(let name):
            roster.members.append(.init(id: count, name: name, scores: [], flag: false))
        case .insert(let at, let name):
            roster.members.insert(.init(id: -at, name: name, scores: [1], flag: true), at: min(at, count))
        case .remove(let at) where at < count:
            roster.members.remove(at: at)
        case .removeLast(let n):
            roster.members.removeLast(min(n, count))
        case .swap(let a, let b) where a < count && b < count:
            roster.members.swapAt(a, b)
        case .score(let member, let value) where member < count:
            roster.members[member].scores.append(value)
        case .dropScores(let member) where member < count:
            roster.members[member].scores.removeAll()
        case .rename(let member, let name) where member < count:
            roster.members[member].name = name
            roster.members[member].flag.toggle()
        case .reverse:
            roster.members.reverse()
        case .clear:
            roster.members = []
        case .retitle(let title):
            roster.title = title
        default:
            break
        }
        roster.order = roster.members.map(\.id).sorted()
    }

    static func randomEdit(_ roster: Roster, _ random: inout SeededGenerator) -> Edit {
        let count = roster.members.count
        let index = Int(random.next() % UInt64(max(1, count)))
        let names = ["Ada", "Grace Brewster Murray Hopper", "é", "e\u{301}", "Frances Thompson"]
        let name = names[Int(random.next() % UInt64(names.count))]
        switch random.next() % 24 {
        case 0..<6: return .append(name: name)
        case 6..<8: return .insert(at: index, name: name)
        case 8..<10: return .remove(at: index)
        case 10: return .removeLast(Int(random.next() % 4))
        case 11..<13: return .swap(index, Int(random.next() % UInt64(max(1, count))))
        case 13..<17: return .score(member: index, value: Double(random.next() % 100) / 4)
        case 17: return .dropScores(member: index)
        case 18..<21: return .rename(member: index, name: name)
        case 21: return .reverse
        case 22: return random.next() % 8 == 0 ? .clear : .retitle(name)
        default: return .score(member: index, value: -0.0)
        }
    }

    /// Records `steps` steps of `app` driven by `next`, then checks each journaled state and hash
    /// against a fresh encode of the state the store had after that step.
    ///
    /// Only the fresh encodes are kept, not the states: the store holds the only reference to its
    /// state between steps, so the reducer changes it in place, as in an app.
    private func recordAndCompare<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
        _ app: RecordableApp<State, Action>, steps: Int, options: RecorderOptions,
        next: (State, inout SeededGenerator) -> Action
    ) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("journal.jsonl")
        let store = try RecordingStore(app: app, journal: path, options: options, clock: RecordingClock.fixed())
        let encoder = JSONValueEncoder()
        var live: [JSONValue] = [try encoder.encode(store.state)]
        var random = SeededGenerator(seed: 2026)
        for _ in 0..<steps {
            store.dispatch(next(store.state, &random))
            live.append(try encoder.encode(store.state))
        }
        try store.close()
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == steps)
        for step in 0...steps {
            let expected = live[step]
            let journaled = try reader.state(at: step)
            #expect(journaled == expected, "step \(step)")
            let hash = step == 0 ? reader.header.hash : try reader.actionAndHash(ofStep: step).hash
            #expect(hash == StateFingerprint.of(expected, scheme: .chunked), "step \(step)")
        }
    }

    @Test func everyStateAndHashOfARandomlyEditedRosterMatchAFreshEncode() throws {
        let app = RecordableApp(id: "roster", summary: "", initialState: Roster(), reducer: Self.reducer,
                                actionSamples: [.append(name: "a")])
        var options = RecorderOptions()
        options.snapshots = .patches(keyframeInterval: 50)
        options.recentStates = 16
        options.queueCapacity = 4
        try recordAndCompare(app, steps: 1500, options: options, next: Self.randomEdit)
    }

    /// Encoded on the calling thread, the encoder compares the app's arrays with copies of its own while
    /// the app changes them in place (the same storage, other contents).
    @Test func everyStateAndHashOfARosterEncodedOnTheCallingThreadMatchAFreshEncode() throws {
        let app = RecordableApp(id: "roster", summary: "", initialState: Roster(), reducer: Self.reducer,
                                actionSamples: [.append(name: "a")])
        var options = RecorderOptions()
        options.snapshots = .patches(keyframeInterval: 50)
        options.stateCapture = .onCallingThread
        try recordAndCompare(app, steps: 1500, options: options, next: Self.randomEdit)
    }

    @Test func everyStateAndHashOfATrackerSessionEncodedOnTheCallingThreadMatchAFreshEncode() throws {
        var options = RecorderOptions()
        options.snapshots = .patches(keyframeInterval: 200)
        options.stateCapture = .onCallingThread
        try recordAndCompare(TrackerApp.app, steps: 1200, options: options) { state, random in
            TrackerApp.randomAction(for: state, using: &random)
        }
    }

    @Test func everyStateAndHashOfATrackerSessionMatchAFreshEncode() throws {
        var options = RecorderOptions()
        options.snapshots = .patches(keyframeInterval: 200)
        try recordAndCompare(TrackerApp.app, steps: 1200, options: options) { state, random in
            TrackerApp.randomAction(for: state, using: &random)
        }
    }

    @Test func everyStateAndHashOfATrackerSessionEncodedOnTheWriterThreadMatchAFreshEncode() throws {
        var options = RecorderOptions()
        options.snapshots = .patches(keyframeInterval: 200)
        options.stateCapture = .onWriterThread
        try recordAndCompare(TrackerApp.app, steps: 1200, options: options) { state, random in
            TrackerApp.randomAction(for: state, using: &random)
        }
    }

    /// Capturing on the calling thread (a prepared patch handed to the writer) and on the writer thread
    /// (the state queued) write the same bytes, travels, replaced states and markers included.
    @Test func aSessionRecordedOnTheCallingThreadAndOnTheWriterThreadIsTheSameFile() throws {
        let directory = try TemporaryDirectory()
        var files: [String] = []
        for capture in [RecorderOptions.StateCapture.onCallingThread, .onWriterThread] {
            var options = RecorderOptions()
            options.snapshots = .patches(keyframeInterval: 150)
            options.stateCapture = capture
            let path = directory.file("tracker-\(files.count).jsonl")
            let store = try RecordingStore(app: TrackerApp.app, journal: path, options: options, clock: RecordingClock.fixed())
            var random = SeededGenerator(seed: 7)
            for step in 1...400 {
                store.dispatch(TrackerApp.randomAction(for: store.state, using: &random))
                if step == 100 { store.mark("a hundred") }
                if step == 200 { try store.undo(3) }
                if step == 250 { try store.jump(to: 120) }
                if step == 300 {
                    try store.undo()
                    try store.redo()
                }
            }
            try store.close()
            files.append(try String(contentsOfFile: path, encoding: .utf8))
        }
        #expect(files[0].split(separator: "\n").count > 400)
        #expect(files[0] == files[1])
    }
    /// A state that is not `Codable` (it holds a closure): reflected down to its `Encodable` members.
    struct Board: Sendable {
        struct Card: Codable, Equatable, Sendable {
            var id: Int
            var title: String
            var done: Bool
        }

        var cards: [Card]
        var onChange: @Sendable () -> Void = {}
    }

    enum BoardEdit: Codable, Sendable {
        case edit
    }

    @Test func everyReflectedStateEncodedOnTheCallingThreadMatchesAFreshReflection() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("board.jsonl")
        var board = Board(cards: (0..<40).map { Board.Card(id: $0, title: "card number \($0) with a long title", done: false) })
        var options = RecorderOptions()
        options.stateCapture = .onCallingThread
        options.snapshots = .patches(keyframeInterval: 30)
        let recorder = try Recorder<Board, BoardEdit>(journal: path, app: "board", initialState: board, options: options,
                                                      clock: RecordingClock.fixed())
        var expected = [JSONReflectingEncoder().encode(board)]
        var random = SeededGenerator(seed: 8)
        for step in 0..<300 {
            let index = Int(random.next() % UInt64(max(1, board.cards.count)))
            switch random.next() % 5 {
            case 0: board.cards.append(.init(id: 100 + step, title: "new card \(step) with a long title", done: false))
            case 1 where !board.cards.isEmpty: board.cards.remove(at: index)
            case 2 where !board.cards.isEmpty: board.cards[index].title = "retitled at step \(step), long enough"
            case 3 where !board.cards.isEmpty: board.cards[index].done.toggle()
            default: board.cards.insert(.init(id: -step, title: "inserted \(step)", done: true), at: min(index, board.cards.count))
            }
            recorder.record(.edit, state: board)
            expected.append(JSONReflectingEncoder().encode(board))
        }
        try recorder.close()
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == 300)
        for step in 0...300 {
            #expect(try reader.state(at: step) == expected[step], "step \(step)")
        }
    }
}
