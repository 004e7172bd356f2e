import Foundation
import StateJSON
import Testing
import TestSupport

/// The live page's speed, measured and printed, never asserted (noise must not fail a build): how soon
/// a step appears after the app recorded it at 100 steps a second, and how fast the page jumps once
/// 100,000 steps have arrived. Run with `STATEDBG_SLOW_TESTS=1 swift test --filter LivePageSpeedTests`;
/// each writes its line to `.build/timeline-screenshots/live-performance.txt` too.
@Suite(.serialized, .enabled(if: WebDriver.shouldRun, "no browser: install chromium and chromedriver (apt-get install chromium chromium-driver) to run the browser tests"))
struct LivePageSpeedTests {
    static func summary(_ values: [Double]) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "none" }
        return "median \(String(format: "%.1f", sorted[sorted.count / 2])) ms, p95 \(String(format: "%.1f", sorted[sorted.count * 95 / 100])) ms, "
            + "p99 \(String(format: "%.1f", sorted[sorted.count * 99 / 100])) ms, max \(String(format: "%.1f", sorted.last ?? 0)) ms"
    }

    static func report(_ line: String) throws {
        print(line)
        let path = PageTools.screenshots + "/live-performance.txt"
        let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        try Data((old + line + "\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    /// `statedbg serve users --interval 10` (100 actions a second) attached with --web: for each step
    /// recorded after the page opened, the milliseconds from its `time` to the frame that drew it.
    @Test(.tags(.slow), .slowTestsRequested) func stepsAppearSoonAfterTheAppRecordsThem() async throws {
        let setup = try LivePageBrowserTests.LiveSetup(steps: 1500, interval: 10)
        defer { setup.stop() }
        try await WebDriver.session { browser in
            try await browser.open(setup.address)
            let end = Date().addingTimeInterval(120)
            while Date() < end, (try await browser.execute(LivePageBrowserTests.lastStep).int64Value ?? 0) < 1500 {
                try await Task.sleep(nanoseconds: 200_000_000)
            }
            let measured = try await browser.execute("""
                const t = window.statedbgTimeline.timeline, live = window.statedbgLive, page = window.statedbgTimeline.page;
                return {latencies: live.latencies, refreshes: page.metrics.refreshes, last: t.lastStep,
                        span: t.entry(t.lastStep).time - t.entry(1).time};
                """)
            let latencies = (measured["latencies"]?.arrayValue ?? []).compactMap(\.doubleValue)
            let refreshes = (measured["refreshes"]?.arrayValue ?? []).compactMap(\.doubleValue)
            let steps = Double(measured["last"]?.int64Value ?? 0)
            let rate = steps / max(0.001, Double(measured["span"]?.int64Value ?? 1) / 1000)
            #expect(latencies.count > 100, "too few steps arrived while the page was open")
            try Self.report("""
                live page, statedbg serve users at \(String(format: "%.0f", rate)) steps/s (debug build): \(latencies.count) steps from \
                recorded to drawn: \(Self.summary(latencies)); \(refreshes.count) redraws: \(Self.summary(refreshes))
                """)
        }
    }

    /// 100,000 steps of 1,000 users arrive through an injected bridge (as an app's web view would deliver
    /// them, 2,000 journal lines a message, as many as the HTTP bridge's events hold); then the page
    /// jumps far and wide, cache cleared.
    @Test(.tags(.slow), .slowTestsRequested) func aHundredThousandLiveStepsStayResponsive() async throws {
        let folder = try TemporaryDirectory()
        let journal = Journals.users(1000, steps: 100_000)
        let lines = journal.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        let page = InjectedLivePage.make(lines: lines, perMessage: 2000)
        let path = folder.file("live-100k.html")
        try Data(page).write(to: URL(fileURLWithPath: path))
        try await WebDriver.session { browser in
            try await browser.open(URL(fileURLWithPath: path).absoluteString)
            let end = Date().addingTimeInterval(300)
            while Date() < end, (try await browser.execute(LivePageBrowserTests.lastStep).int64Value ?? 0) < 100_000 {
                try await Task.sleep(nanoseconds: 500_000_000)
            }
            _ = try await browser.executeAsync("const done = arguments[arguments.length - 1]; setTimeout(() => done(0), 1000);")
            let measured = try await browser.execute("""
                const page = window.statedbgTimeline.page, times = [];
                const steps = [1, 99999, 31337, 77777, 2048, 100000, 65535, 12345, 88888, 500, 50001];
                for (let i = 0; i < 200; i++) steps.push((i * 7919 * 13) % 100001);
                for (const step of steps) {
                  page.timeline.cache.clear();
                  const t0 = performance.now(); page.go(step); times.push(performance.now() - t0);
                }
                return {jumps: times, refreshes: page.metrics.refreshes, feed: window.feedDone - window.feedStarted,
                        last: page.timeline.lastStep, status: document.getElementById('status').className,
                        message: window.statedbgLive.messages.at(-1)?.text ?? ''};
                """)
            #expect(measured["last"] == 100_000)
            #expect(measured["status"] == "")
            // What checking the lines' checksums costs the page, beside parsing them, over the same lines.
            let checksums = try await browser.execute("""
                const lines = JSON.parse(document.getElementById('feed').textContent);
                let characters = 0, failing = 0;
                for (const line of lines) characters += line.length;
                const t0 = performance.now();
                for (const line of lines) if (lineChecksumFailure(line, 4) !== null) failing++;
                const checked = performance.now() - t0;
                const t1 = performance.now();
                // One list of sites and one time base follow the lines in order, as the live page's do.
                const sites = new CallSiteList(), times = new StepTimeBase();
                for (const line of lines) journalLine(line, sites, times);
                return {characters, failing, checked, parsed: performance.now() - t1};
                """)
            #expect(checksums["failing"] == 0)
            let megabytes = Double(checksums["characters"]?.int64Value ?? 0) / 1_000_000
            let checked = checksums["checked"]?.doubleValue ?? 0, parsed = checksums["parsed"]?.doubleValue ?? 0
            try Self.report("""
                live page, checksums of the 100,001 lines (\(String(format: "%.1f", megabytes)) MB): \(String(format: "%.0f", checked)) ms \
                (\(String(format: "%.0f", megabytes / max(0.001, checked / 1000))) MB/s), against \(String(format: "%.0f", parsed)) ms to parse them
                """)
            let jumps = (measured["jumps"]?.arrayValue ?? []).compactMap(\.doubleValue)
            let refreshes = (measured["refreshes"]?.arrayValue ?? []).compactMap(\.doubleValue)
            try Self.report("""
                live page, 100,000 steps x 1,000 users through a bridge, 2,000 lines a message: all arrived and drawn in \
                \(String(format: "%.0f", measured["feed"]?.doubleValue ?? 0)) ms; \(refreshes.count) redraws while arriving: \
                \(Self.summary(refreshes)); \(jumps.count) jumps at 100,000 steps (cache cleared): \(Self.summary(jumps))
                """)
        }
    }
}
