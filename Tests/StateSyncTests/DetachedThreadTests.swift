import Foundation
@testable import StateSync
import Testing

@Suite struct DetachedThreadTests {
    /// Runs `body` on a thread started by `DetachedThread` and returns what it returned.
    private func onThread<T: Sendable>(named name: String = "statedbg test", stackBytes: Int,
                                       _ body: @escaping @Sendable () -> T) throws -> T {
        let result = Locked<T?>(nil)
        try DetachedThread.start(name: name, stackBytes: stackBytes) {
            let value = body()
            result.withLock { $0 = value }
            result.wakeWaiters()
        }
        return result.withLock(when: { $0 != nil }) { $0! }
    }

    @Test func aThreadGetsTheStackItAskedForNotTheSystemsDefault() throws {
        // Apple platforms give a secondary thread 512 KiB and Linux 8 MiB; asked for, both give the same.
        // glibc may hand a new thread the cached stack of one that ended, when that stack is at least the
        // size asked for and at most four times it: so "at least what was asked, and far from the default".
        let small = try onThread(stackBytes: 512 << 10) { DetachedThread.currentStackBytes }
        let large = try onThread(stackBytes: 24 << 20) { DetachedThread.currentStackBytes }
        #expect(small >= 512 << 10 && small <= 2 << 20)
        #expect(large >= 24 << 20 && large <= 96 << 20)
    }

    @Test func aStackSizeIsRoundedUpToWholePages() throws {
        let odd = try onThread(stackBytes: (1 << 20) + 1) { DetachedThread.currentStackBytes }
        #expect(odd > 1 << 20)
        #expect(odd % 4096 == 0)
    }

    #if os(Linux)
    @Test func theThreadCarriesItsNameCutToWhatLinuxKeeps() throws {
        let name = try onThread(named: "statedbg journal writer", stackBytes: 1 << 20) {
            (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        }
        #expect(name == "statedbg journa\n")
    }
    #endif

    @Test func aRefusalSaysWhichThreadAndWhy() {
        let error = DetachedThread.StartError(name: "statedbg live server", errno: EAGAIN)
        #expect(error.description == "the thread \"statedbg live server\" could not start: Resource temporarily unavailable.")
    }
}
