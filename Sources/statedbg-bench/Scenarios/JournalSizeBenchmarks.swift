import Foundation
import StateJSON
import StateJournal
import StateRecorder

/// Scenario: a long recording of a growing state, as `statedbg record users --steps 1000000` writes it
/// (issue 34): how many bytes a step takes once keyframes follow the patches' bytes rather than a count
/// of steps, and what a jump to a random step or to the last one costs in the journal that results.
///
/// The users app's list grows to about 150,000 users over a million steps, one change a step; with a
/// keyframe every 4,096 steps whatever its size, keyframes were most of the journal's 1.4 GB.
struct JournalSizeBenchmarks {
    let context: BenchmarkContext

    /// A million steps in the full run, 100,000 with `--quick`.
    private var steps: Int { context.scale.counterSteps >= BenchmarkScale.full.counterSteps ? 1_000_000 : 100_000 }

    /// What the journal took with a keyframe every 4,096 steps, before the policy weighed bytes.
    private static let before: [Int: String] = [
        1_000_000: "a keyframe every 4,096 steps (before issue 34): 1,398 bytes a step, 1,398 MB, 319 keyframes, 78% of the bytes; jumps 20.1 ms median, 39.5 ms p99, 36.3 ms to the last step",
    ]

    func run() throws -> [Measurement] {
        let steps = self.steps
        let label = "users, \(NumberText.figure(Double(steps))) steps"
        let commands = EndToEndBenchmarks(context: context)
        guard let statedbg = EndToEndBenchmarks.statedbgPath(nextTo: context.executable) else {
            return [Measurement(group: "recording", name: "\(label): bytes per step, statedbg record", unit: .bytesPerStep, samples: nil,
                                note: "statedbg is not built next to statedbg-bench; build both (swift build -c release)")]
        }
        let journal = context.directory.file("size-users-\(steps).jsonl")
        context.progress("journal size: statedbg record users --steps \(steps)")
        _ = try commands.spawn(statedbg, ["record", "users", "--steps", "\(steps)", "--fixed-clock", "-o", journal], expecting: 0)
        defer { context.directory.delete(journal) }
        let layout = try Self.layout(of: journal)

        context.progress("journal size: \(label): jumps")
        let processorTime = Stopwatch(countsProcessorTime: true)
        let reader = try open(journal)
        var generator = SeededGenerator(seed: 34)
        let jumpCount = steps >= 1_000_000 ? 40 : 20
        let targets = (0..<jumpCount).map { _ in Int.random(in: reader.header.firstStep...reader.lastStep, using: &generator) }
        var jumps: [Double] = []
        for step in targets {
            let fresh = try open(journal)
            var state = JSONValue.null
            jumps.append(try processorTime.seconds { state = try read(fresh, step) } * 1000)
            blackHole(state)
        }
        var last: [Double] = []
        for _ in 0..<3 {
            let fresh = try open(journal)
            var state = JSONValue.null
            last.append(try processorTime.seconds { state = try read(fresh, fresh.lastStep) } * 1000)
            blackHole(state)
        }
        let jumpSamples = Samples(jumps)
        let written = "written by `statedbg record users --steps \(steps) --fixed-clock`"
        let shares = "\(layout.keyframes) keyframes, \(Int((100 * Double(layout.keyframeBytes) / Double(layout.bytes)).rounded()))% of the bytes"
        let before = Self.before[steps].map { "; \($0)" } ?? ""
        let jumpNote = "state(at:) on a freshly opened reader (opening not counted), processor time: the keyframe before the step parsed, the patches after it applied, the state fingerprinted; \(jumpCount) random steps. The reading targets (2 ms median, 10 ms p99) are set for 1,000 users; parsing this state once takes longer"
        return [
            Measurement(group: "recording", name: "\(label): bytes per step, statedbg record", unit: .bytesPerStep,
                        samples: Samples([Double(layout.bytes) / Double(steps)]),
                        note: "\(written): \(NumberText.figure(Double(layout.bytes) / 1e6)) MB, \(shares)\(before)"),
            Measurement(group: "recording", name: "\(label): journal size, statedbg record", unit: .megabytes,
                        samples: Samples([Double(layout.bytes) / 1e6]), note: "\(written); the state ends at \(NumberText.figure(Double(layout.lastKeyframeBytes) / 1e6)) MB"),
            Measurement(group: "reading", name: "\(label): random jump, median", unit: .milliseconds, samples: jumpSamples,
                        note: jumpNote),
            Measurement(group: "reading", name: "\(label): random jump, p99", unit: .milliseconds,
                        samples: Samples([jumpSamples.quantile(0.99)]), note: jumpNote),
            Measurement(group: "reading", name: "\(label): jump to the last step", unit: .milliseconds, samples: Samples(last),
                        note: "state(at: lastStep) on a freshly opened reader, processor time"),
        ]
    }

    /// The file's bytes, its keyframes and their bytes, and the size of the last keyframe's line.
    private static func layout(of path: String) throws -> (bytes: Int, keyframes: Int, keyframeBytes: Int, lastKeyframeBytes: Int) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BenchmarkError.io("cannot read \(path) back.") }
        defer { try? handle.close() }
        let marker = Array(#"{"step":"#.utf8)
        let keyframeMark = Array(#","kind":"keyframe","#.utf8)
        var bytes = 0, keyframes = 0, keyframeBytes = 0, lastKeyframeBytes = 0
        var line: [UInt8] = []
        func finish() {
            guard line.starts(with: marker), let comma = line.firstIndex(of: UInt8(ascii: ",")),
                  line[comma...].starts(with: keyframeMark) else { return }
            keyframes += 1
            keyframeBytes += line.count
            lastKeyframeBytes = line.count
        }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            bytes += chunk.count
            var start = chunk.startIndex
            while let end = chunk[start...].firstIndex(of: 0x0A) {
                line.append(contentsOf: chunk[start...end])
                finish()
                line.removeAll(keepingCapacity: true)
                start = end + 1
            }
            line.append(contentsOf: chunk[start...])
        }
        return (bytes, keyframes, keyframeBytes, lastKeyframeBytes)
    }

    private func open(_ path: String) throws -> JournalReader {
        do {
            return try JournalReader(path: path)
        } catch {
            throw BenchmarkError.wrongResult(scenario: "journal size", "\(path) does not open: \(error)")
        }
    }

    private func read(_ reader: JournalReader, _ step: Int) throws -> JSONValue {
        do {
            return try reader.state(at: step)
        } catch {
            throw BenchmarkError.wrongResult(scenario: "journal size", "step \(step) of \(reader.path) does not read back: \(error)")
        }
    }
}
