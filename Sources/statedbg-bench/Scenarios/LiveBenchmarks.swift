import Foundation
import StateDebugger
import StateLive
import StateRecorder

/// The live channel's cost to the app: the latency of each dispatch through a recording store with a
/// debugger attached and reading the stream, against the same store with the channel open and nobody
/// attached; and that against a store without the channel at all.
///
/// Each dispatch is timed on its own, on the dispatching thread, and a run's figure is the median of
/// its calls: on a machine whose cores are shared with other work (the debugger's threads among it),
/// a call that lost its core to another thread counts once, not its whole wait spread over the run.
/// The 99th percentile and mean rows show that tail; the processor-time row counts only what the
/// dispatching thread itself executed (system calls included), whatever the load.
struct LiveBenchmarks {
    let context: BenchmarkContext

    private enum Variant: CaseIterable {
        case withoutChannel, channelWithoutClient, readingClient
    }

    /// One run's figures, in nanoseconds per dispatch.
    private struct Run {
        var median: Double
        var mean: Double
        var p99: Double
        var processor: Double
    }

    func run() throws -> [Measurement] {
        // The variable opens a channel on every recorder; this run decides per variant.
        unsetenv("STATEDBG_LIVE")
        let steps = max(2000, context.scale.counterSteps / 10)
        context.progress("live: counter, \(steps) dispatches per run, each timed, with and without a channel and a client")
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
                        baseline: samples(.channelWithoutClient, \.processor), target: .ratioAtLeast(1 / 1.2)),
            Measurement(group: "live", name: "\(attached): 99th percentile latency", unit: .nanosecondsPerAction,
                        samples: samples(.readingClient, \.p99), baselineName: absent,
                        baseline: samples(.channelWithoutClient, \.p99),
                        note: "the slowest calls, which on a shared machine are those that lost their core; no target"),
            Measurement(group: "live", name: "\(attached): mean latency", unit: .nanosecondsPerAction,
                        samples: samples(.readingClient, \.mean), baselineName: absent,
                        baseline: samples(.channelWithoutClient, \.mean),
                        note: "the whole loop's wall time over its calls, as this row measured before it timed each call: on a shared machine it also counts the waits for a core; no target"),
            Measurement(group: "live", name: "counter dispatch, \(absent): median latency", unit: .nanosecondsPerAction,
                        samples: samples(.channelWithoutClient, \.median), baselineName: "recorder without the option",
                        baseline: samples(.withoutChannel, \.median), target: .ratioAtLeast(0.9)),
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
        if variant != .withoutChannel {
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
        var latencies = [Double](repeating: 0, count: steps)
        let processorStart = ProcessorTime.thread()
        for step in 1...steps {
            let start = Self.nanoseconds()
            store.dispatch(CounterFixture.action(step))
            latencies[step - 1] = Double(Self.nanoseconds() &- start)
        }
        let processor = (ProcessorTime.thread() - processorStart) / Double(steps) * 1e9
        store.flush()
        if let client {
            // The header and one line per step.
            guard client.waitForMirror(lines: steps + 1, timeout: 60) else {
                throw BenchmarkError.wrongResult(scenario: "live", "the attached client did not receive all \(steps) steps: \(client.endReason ?? "it stalled").")
            }
            client.close()
        }
        try? store.close()
        let sorted = Samples(latencies)
        return Run(median: sorted.median, mean: latencies.reduce(0, +) / Double(steps), p99: sorted.quantile(0.99),
                   processor: processor)
    }

    /// The monotonic clock in nanoseconds: a vDSO call, far cheaper than a dispatch.
    private static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
