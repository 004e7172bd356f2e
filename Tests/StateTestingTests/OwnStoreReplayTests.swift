import Foundation
import StateJournal
import StateRecorder
import StateTesting
import Testing
import TestSupport

/// A ReSwift-style app of its own: struct actions behind its own protocol, a reducer `(Action, State?) -> State`.
private protocol PlaylistAction {}
private struct AddSong: PlaylistAction, Codable { var title: String }
private struct Skip: PlaylistAction, Codable {}
/// Not Codable: recorded through reflection.
private struct Prefetch: PlaylistAction { var load: @Sendable () -> Void }

private struct Playlist: Codable, Equatable, Sendable {
    var songs: [String] = []
    var position = 0
}

private func playlistReducer(action: any PlaylistAction, state: Playlist?) -> Playlist {
    var state = state ?? Playlist()
    switch action {
    case let add as AddSong: state.songs.append(add.title)
    case is Skip: state.position = min(state.position + 1, max(0, state.songs.count - 1))
    default: break
    }
    return state
}

/// The same app after a change that skips two songs at a time.
private func changedReducer(action: any PlaylistAction, state: Playlist?) -> Playlist {
    var state = playlistReducer(action: action, state: state)
    if action is Skip { state.position = min(state.position + 1, max(0, state.songs.count - 1)) }
    return state
}

@Suite struct OwnStoreReplayTests {
    private static func app(_ reducer: @escaping @Sendable (any PlaylistAction, Playlist?) -> Playlist)
        -> AppDefinition<Playlist, any PlaylistAction>
    {
        AppDefinition(id: "playlist", initialState: Playlist(), actions: ActionRegistry(AddSong.self, Skip.self),
                      reducer: reducer)
    }

    private static func record(to path: String) throws {
        let app = app(playlistReducer)
        let recorder = try Recorder(app: app, journal: path)
        var state = app.makeInitialState()
        let actions: [any PlaylistAction] = [AddSong(title: "a"), AddSong(title: "b"), Prefetch(load: {}), AddSong(title: "c"),
                                             Skip(), Skip()]
        for action in actions {
            app.reduce(&state, action)
            recorder.record(action, state: state)
        }
        try recorder.close()
    }

    @Test func aRecordingOfAnAppWithItsOwnStoreReplaysThroughItsReducer() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("playlist.jsonl")
        try Self.record(to: path)
        let result = assertReplay(path, app: Self.app(playlistReducer), invariants: [".position >= 0"])
        #expect(result.passed)
        #expect(try result.finalState(as: Playlist.self) == Playlist(songs: ["a", "b", "c"], position: 2))
        #expect(result.notes == [
            "not replayed: the action Prefetch (1 step: 3) was recorded without Codable, so the replay took its recorded state; to replay it, declare Codable on its action type in the file that declares the type (Swift synthesizes Codable only there), and register the type in the app's ActionRegistry.",
        ])
    }

    /// Only the step recorded without `Codable` goes unreplayed; `strict` fails for it.
    @Test func aStrictReplayFailsForAStepThatWasNotReplayed() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("playlist.jsonl")
        try Self.record(to: path)
        let lenient = RecordingReplay.run(recording: path, app: Self.app(playlistReducer))
        #expect(lenient.passed)
        #expect(lenient.description.hasPrefix("\(path): verified 5 of 6 steps; every replayed state matches the recording\n"))
        let strict = RecordingReplay.run(recording: path, app: Self.app(playlistReducer), strict: true)
        #expect(strict.message == """
            1 of the 6 steps could not be replayed, which a strict replay does not allow: the action Prefetch (1 step: 3) was recorded without Codable; to replay it, declare Codable on its action type in the file that declares the type (Swift synthesizes Codable only there), and register the type in the app's ActionRegistry.
            """)
    }

    /// A recording none of whose actions is `Codable` checks nothing, so its replay fails rather than
    /// passing whatever the reducer does.
    @Test func aReplayThatReplayedNothingFails() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("prefetch.jsonl")
        let app = Self.app(playlistReducer)
        let recorder = try Recorder(app: app, journal: path)
        var state = app.makeInitialState()
        for action: any PlaylistAction in [Prefetch(load: {}), Prefetch(load: {})] {
            app.reduce(&state, action)
            recorder.record(action, state: state)
        }
        try recorder.close()
        let result = RecordingReplay.run(recording: path, app: app)
        #expect(!result.passed)
        #expect(result.message == """
            none of the 2 steps could be replayed, so the replay checked nothing: the action Prefetch (2 steps: 1, 2) was recorded without Codable; to replay it, declare Codable on its action type in the file that declares the type (Swift synthesizes Codable only there), and register the type in the app's ActionRegistry.
            """)
        #expect(result.finalState == nil)
    }

    @Test func aChangedReducerFailsAtTheStepItChanges() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("playlist.jsonl")
        try Self.record(to: path)
        let result = RecordingReplay.run(recording: path, app: Self.app(changedReducer))
        #expect(!result.passed)
        #expect(result.message?.hasPrefix("step 5 Skip: state differs from the recording") == true)
    }
}
