import StateLive
import Testing

@Suite struct LiveBackoffTests {
    @Test func waitsTwiceAsLongAfterEachFailureUpToTheLimitAndStartsOverAfterASuccess() {
        var backoff = LiveBackoff(first: .milliseconds(200), limit: .seconds(1))
        #expect((0..<5).map { _ in backoff.fail() } == [.milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)])
        backoff.reset()
        #expect(backoff.fail() == .milliseconds(200))
        #expect(LiveBackoff().first == .milliseconds(200))
        #expect(LiveBackoff().limit == .seconds(10))
    }
}
