import Foundation
import StateDebugger
import StateLive
import StateRecorder

/// The live channel's cost to the app: the latency of each dispatch through a recording store with a
/// debugger attached and reading the stream, against the same store with the channel open and nobody
/// attached; and that against a store without the channel at all. The channel that dials out (to
/// `statedbg listen`, over loopback TCP) is measured with its debugger reading, against no channel.
///
/// The app dispatches in bursts with pauses between them, as apps do, and each dispatch is timed on its
/// own, on the dispatching thread; a run's figure is the median of its calls: on a machine whose cores
/// are shared with other work (the debugger's threads among it), a call that lost its core to another
/// thread counts once, not its whole wait spread over the run. The 99th percentile and mean rows show
/// that tail; the processor-time row counts what the dispatching thread itself executed (system calls
/// included). A last row dispatches back to back, faster than any recorder writes, for the record.
struct LiveBenchmarks {
    let context: BenchmarkContext

    private enum Variant: CaseIterable {
        case withoutChannel, channelWithoutClient, readingClient, dialedOutReading
    }

    /// One run's figures, in nanoseconds per dispatch.
    private struct Run {
        var median: Double
        var mean: Double
        var p99: Double
        var processor: Double
        var backToBack: Double
    }

    func run() throws -> [Measurement] {
        // The variable opens a channel on every recorder; this run decides per variant.
        unsetenv("STATEDBG_LIVE")
        let steps = max(2000, context.scale.counterSteps / 10)
        context.progress("live: counter, \(steps) dispatches per run, each timed, with and without a channel and a client, and dialing out")
        var runs: [Variant: [Run]] = [:]
        for repetition in 0...max(3, context.scale.recordingRepetitions) {
            // Interleaved, so that the machine's slow moments fall on every variant alike.
            for variant in Variant.allCases {
                let run = try measure(variant, steps: steps, run: repetition)
                if repetition > 0 { runs[variant, default: []].append(run) }
            }
        }
        func samples(_ variant: Variant, _ figure: (Run) -> Double) -> Samples {
            Samples((runs[variant] ?? []).map(figure))
        }
        let attached = "counter dispatch, a debugger attached and reading"
        let absent = "channel open, no debugger"
        return [
            Measurement(group: "live", name: "\(attached): median latency", unit: .nanosecondsPerAction,
                        samples: samples(.readingClient, \.median), baselineName: absent,
                        baseline: samples(.channelWithoutClient, \.median), target: .ratioAtLeast(1 / 1.2)),
            Measurement(group: "live", name: "\(attached): dispatching thread's processor time", unit: .nanosecondsPerAction,
                        samples: samples(.readingClient, \.processor), baselineName: absent,
                        baseline: samples(.channelWithoutClient, \.processor),
                        note: "the same instructions either way (the dispatching thread runs no code of the channel), but slower when the debugger's threads share its core; no target"),
            Measurement(group: "live", name: "\(attached): 99th percentile latency", unit: .nanosecondsPerAction,
                        samples: samples(.readingClient, \.p99), baselineName: absent,
                        baseline: samples(.channelWithoutClient, \.p99),
                        note: "the slowest calls, which on a shared machine are those that lost their core; no target"),
            Measurement(group: "live", name: "\(attached): mean latency", unit: .nanosecondsPerAction,
                        samples: samples(.readingClient, \.mean), baselineName: absent,
                        baseline: samples(.channelWithoutClient, \.mean),
                        note: "on a shared machine it also counts the calls that waited for a core; no target"),
            Measurement(group: "live", name: "\(attached): back to back, the app outrunning its recorder", unit: .nanosecondsPerAction,
                        samples: samples(.readingClient, \.backToBack), baselineName: absent,
                        baseline: samples(.channelWithoutClient, \.backToBack),
                        note: "dispatches as fast as the loop goes wait for room in the entry queue: the writer thread's pace, which shares the machine's cores with the debugger's threads; no target"),
            Measurement(group: "live", name: "counter dispatch, \(absent): median latency", unit: .nanosecondsPerAction,
                        samples: samples(.channelWithoutClient, \.median), baselineName: "recorder without the option",
                        baseline: samples(.withoutChannel, \.median), target: .ratioAtLeast(0.9)),
            Measurement(group: "live", name: "counter dispatch, dialed out to `statedbg listen` reading: median latency",
                        unit: .nanosecondsPerAction, samples: samples(.dialedOutReading, \.median),
                        baselineName: "no live channel", baseline: samples(.withoutChannel, \.median),
                        target: .ratioAtLeast(1 / 1.2)),
            Measurement(group: "live", name: "counter dispatch, dialed out to `statedbg listen` reading: 99th percentile latency",
                        unit: .nanosecondsPerAction, samples: samples(.dialedOutReading, \.p99),
                        baselineName: "no live channel", baseline: samples(.withoutChannel, \.p99),
                        note: "the slowest calls, which on a shared machine are those that lost their core; no target"),
        ]
    }

    /// Times each of `steps` dispatches; checks that a reading client got every step.
    private func measure(_ variant: Variant, steps: Int, run: Int) throws -> Run {
        let journal = context.directory.file("live-\(run).jsonl")
        let socket = context.directory.file("live-\(run).sock")
        let mirror = context.directory.file("live-\(run)-mirror.jsonl")
        defer {
            context.directory.delete(journal)
            context.directory.delete(mirror)
        }
        var options = RecorderOptions()
        var listener: LiveDialInListener?
        if variant == .dialedOutReading {
            let waiting: LiveDialInListener
            do {
                waiting = try LiveDialInListener(bind: "127.0.0.1", port: 0, token: LiveToken.make())
            } catch {
                throw BenchmarkError.io("cannot listen for the app: \(error)")
            }
            var channel = RecorderOptions.LiveChannel.dialingOut(to: "127.0.0.1:\(waiting.port)", token: waiting.token)
            channel.announces = false
            // Its news (connected, the debugger gone) would interleave with the report.
            channel.announce = { _ in }
            channel.clientBufferBytes = 256 << 20
            options.live = channel
            listener = waiting
        } else if variant != .withoutChannel {
            var channel = RecorderOptions.LiveChannel(socketPath: socket)
            channel.announces = false
            // On a loaded machine the client may fall behind the app for a while; this measures the app
            // with a client attached throughout, not the dropping of a slow one.
            channel.clientBufferBytes = 256 << 20
            options.live = channel
        }
        let store: RecordingStore<CounterState, CounterAction>
        do {
            store = try RecordingStore(app: CounterFixture.app, journal: journal, options: options)
        } catch {
            throw BenchmarkError.io("cannot record \(journal): \(error)")
        }
        var client: LiveClient?
        if variant == .readingClient {
            do {
                client = try LiveClient(endpoint: .unix(socket), mirror: mirror)
            } catch {
                throw BenchmarkError.io("cannot attach to \(socket): \(error)")
            }
        }
        if let listener {
            client = try Self.acceptApp(listener, mirror: mirror)
            listener.close()
        }
        // Paced: bursts a quarter of the entry queue long, the writer catching up between them
        // (untimed), as an app dispatches at the pace of its events. The recorder then never holds the
        // app back, and each call costs what the dispatching thread itself does.
        let burst = max(1, options.queueCapacity / 4)
        var latencies = [Double](repeating: 0, count: steps)
        var processor = 0.0
        var step = 0
        while step < steps {
            let end = min(step + burst, steps)
            let processorStart = ProcessorTime.thread()
            while step < end {
                let start = Self.nanoseconds()
                store.dispatch(CounterFixture.action(step + 1))
                latencies[step] = Double(Self.nanoseconds() &- start)
                step += 1
            }
            processor += ProcessorTime.thread() - processorStart
            store.flush()
        }
        // Back to back: the app outruns its recorder and waits for room in the entry queue, so this
        // measures the writer thread's pace, which on a machine of two cores shares them with the
        // debugger's threads.
        let backToBackStart = Self.nanoseconds()
        for step in steps + 1...2 * steps { store.dispatch(CounterFixture.action(step)) }
        let backToBack = Double(Self.nanoseconds() &- backToBackStart) / Double(steps)
        store.flush()
        if let client {
            // The header and one line per step.
            guard client.waitForMirror(lines: 2 * steps + 1, timeout: 60) else {
                throw BenchmarkError.wrongResult(scenario: "live", "the attached client did not receive all \(2 * steps) steps: \(client.endReason ?? "it stalled").")
            }
            client.close()
        }
        try? store.close()
        let sorted = Samples(latencies)
        return Run(median: sorted.median, mean: latencies.reduce(0, +) / Double(steps), p99: sorted.quantile(0.99),
                   processor: processor / Double(steps) * 1e9, backToBack: backToBack)
    }

    /// The client of the app that dials `listener`, as `statedbg listen` makes it.
    private static func acceptApp(_ listener: LiveDialInListener, mirror: String) throws -> LiveClient {
        for _ in 0..<100 {
            do {
                guard let (descriptor, peer) = try listener.accept(within: .milliseconds(100)) else { continue }
                return try LiveClient(dialedIn: descriptor, from: peer, token: listener.token, mirror: mirror)
            } catch {
                throw BenchmarkError.io("the app that dialed out was not served: \(error)")
            }
        }
        throw BenchmarkError.io("no app dialed \(listener.address) within 10 seconds")
    }

    /// The monotonic clock in nanoseconds: a vDSO call, far cheaper than a dispatch.
    private static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
