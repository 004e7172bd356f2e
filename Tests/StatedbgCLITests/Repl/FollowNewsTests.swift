import ExampleApps
import Foundation
import StateDebugger
import StateRecorder
import TestSupport
import Testing
@testable import StatedbgCLI

/// What `repl --follow` prints before a reply: the steps and events that arrived, and once, that the
/// recording was closed.
@Suite struct FollowNewsTests {
    @Test func reportsArrivalsThenTheCloseOnceAndNothingAfter() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("live.jsonl")
        var options = RecorderOptions()
        options.recordsCallSites = false
        let store = try RecordingStore(app: CounterApp.app, journal: path, options: options, clock: RecordingClock.fixed())
        store.dispatch(.increase)
        store.flush()
        let journal = try FollowedJournal(path: path)
        let news = FollowNews(journal: journal, timeline: Timeline(source: journal), prefix: "followed")
        #expect(news.news() == "")
        store.dispatch(.increase)
        store.mark("checked")
        store.flush()
        #expect(news.news() == """
            followed: step 2 arrived (1 new)
            followed: after step 2: marker: checked
            """)
        store.dispatch(.decrease)
        try store.close()
        #expect(news.news() == """
            followed: step 3 arrived (1 new)
            followed: the recording was closed at step 3; nothing more will arrive
            """)
        #expect(news.news() == "")
    }
}
