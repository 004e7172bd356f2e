import StateJSON
import StateJournal
import Testing
@testable import StateRecorder

@Suite struct ActionCacheTests {
    enum Small: Hashable { case tick, add(Int), pair(Int32, Int16) }

    /// Encodes through `cache`, counting how often the cache had to make an encoding.
    final class Probe<Action: Hashable> {
        let cache = HashableActionCache<Action>()
        var made = 0

        func label(_ action: Action) -> String {
            cache.encoded(action) { action in
                made += 1
                return EncodedAction(JournalAction(type: "t", label: "\(action)", payload: .null))
            }.action.label
        }
    }

    @Test func plainDataActionsComeBackRightWhileTheyCycleThroughTheRecentSlots() {
        let probe = Probe<Small>()
        let actions: [Small] = [.tick, .add(1), .add(2), .pair(3, 4), .add(-1), .pair(3, 5), .tick, .add(1)]
        for _ in 0..<3 {
            for action in actions { #expect(probe.label(action) == "\(action)") }
        }
        // Each distinct action is encoded once; later sightings come from the cache.
        #expect(probe.made == Set(actions).count)
    }

    @Test func actionsThatAreNotPlainDataStillUseTheDictionary() {
        let probe = Probe<String>()
        for name in ["a", "b", "a", "c", "b"] { #expect(probe.label(name) == name) }
        #expect(probe.made == 3)
    }
}
