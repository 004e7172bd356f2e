import Foundation
import StateDebugger
import StateLive
import StateRecorder

/// The live channel's cost to the app: dispatch through a recording store with a debugger attached
/// and reading the stream, against the same store with the channel open and nobody attached; and that
/// against a store without the channel at all.
struct LiveBenchmarks {
    let context: BenchmarkContext

    private enum Variant: CaseIterable {
        case withoutChannel, channelWithoutClient, readingClient
    }

    func run() throws -> [Measurement] {
        // The variable opens a channel on every recorder; this run decides per variant.
        unsetenv("STATEDBG_LIVE")
        let steps = max(2000, context.scale.counterSteps / 10)
        context.progress("live: counter, \(steps) dispatches per run, with and without a channel and a client")
        var times: [Variant: [Double]] = [:]
        for repetition in 0...max(3, context.scale.recordingRepetitions) {
            // Interleaved, so that the machine's slow moments fall on every variant alike.
            for variant in Variant.allCases {
                let seconds = try measure(variant, steps: steps, run: repetition)
                if repetition > 0 { times[variant, default: []].append(seconds / Double(steps) * 1e9) }
            }
        }
        return [
            Measurement(group: "live", name: "counter dispatch, a debugger attached and reading", unit: .nanosecondsPerAction,
                        samples: Samples(times[.readingClient] ?? []), baselineName: "channel open, no debugger",
                        baseline: Samples(times[.channelWithoutClient] ?? []), target: .ratioAtLeast(1 / 1.2)),
            Measurement(group: "live", name: "counter dispatch, channel open, no debugger", unit: .nanosecondsPerAction,
                        samples: Samples(times[.channelWithoutClient] ?? []), baselineName: "recorder without the option",
                        baseline: Samples(times[.withoutChannel] ?? []), target: .ratioAtLeast(0.9)),
        ]
    }

    /// Seconds to dispatch `steps` actions; checks that a reading client got every step.
    private func measure(_ variant: Variant, steps: Int, run: Int) throws -> Double {
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
        let seconds = context.stopwatch.seconds {
            for step in 1...steps { store.dispatch(CounterFixture.action(step)) }
        }
        store.flush()
        if let client {
            // The header and one line per step.
            guard client.waitForMirror(lines: steps + 1, timeout: 60) else {
                throw BenchmarkError.wrongResult(scenario: "live", "the attached client did not receive all \(steps) steps: \(client.endReason ?? "it stalled").")
            }
            client.close()
        }
        try? store.close()
        return seconds
    }
}
