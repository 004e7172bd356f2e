import Testing
@testable import StatedbgCLI

/// What `app journal` says while it copies a large journal: how far it got, on standard error, only
/// for a copy large enough to take a while.
@Suite struct JournalCopyProgressTests {
    @Test func aLargeCopySaysHowFarItGotAndASmallOneSaysNothing() {
        var lines: [String] = []
        var large = JournalCopy.Progress(total: 40 << 20, threshold: 8 << 20, interval: .zero) { lines.append($0) }
        large.advance(by: 10 << 20)
        large.advance(by: 20 << 20)
        // Done: the command's own reply says so.
        large.advance(by: 10 << 20)
        #expect(lines == ["app journal: 10.0 of 40.0 MiB copied (25%)", "app journal: 30.0 of 40.0 MiB copied (75%)"])

        lines = []
        var small = JournalCopy.Progress(total: 4 << 20, threshold: 8 << 20, interval: .zero) { lines.append($0) }
        small.advance(by: 1 << 20)
        #expect(lines.isEmpty)
        var paced = JournalCopy.Progress(total: 40 << 20, threshold: 8 << 20, interval: .seconds(3600)) { lines.append($0) }
        paced.advance(by: 1 << 20)
        #expect(lines.isEmpty)
    }
}
