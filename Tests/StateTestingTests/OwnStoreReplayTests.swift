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

    @Test func aChangedReducerFailsAtTheStepItChanges() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("playlist.jsonl")
        try Self.record(to: path)
        let result = RecordingReplay.run(recording: path, app: Self.app(changedReducer))
        #expect(!result.passed)
        #expect(result.message?.hasPrefix("step 5 Skip: state differs from the recording") == true)
    }
}
