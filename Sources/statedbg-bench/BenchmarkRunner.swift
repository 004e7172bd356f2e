import Foundation
import StateJSON

/// Runs every scenario group in order, in this one process, and assembles the ``Report``.
struct BenchmarkRunner {
    let arguments: BenchmarkArguments

    /// Runs the benchmark and writes the table (and the JSON report when asked).
    func run() throws {
        let scale = arguments.quick ? BenchmarkScale.quick : .full
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let context = BenchmarkContext(scale: scale, directory: directory, executable: Self.executablePath())
        let heap = HeapSettings.keepWarm()
        let started = Date()

        var measurements: [Measurement] = []
        if arguments.runs("dispatch") { measurements += try DispatchBenchmarks(context: context).run() }
        if arguments.runs("json") { measurements += try JSONBenchmarks(context: context).run() }
        if arguments.runs("diff") { measurements += try DiffBenchmarks(context: context).run() }
        if arguments.runs("overhead") { measurements += try OverheadBenchmarks(context: context).run() }
        if arguments.runs("flight") { measurements += try FlightBenchmarks(context: context).run() }
        if arguments.runs("live") { measurements += try LiveBenchmarks(context: context).run() }
        if arguments.runs("recording") {
            let recording = try RecordingBenchmarks(context: context).run()
            measurements += recording.measurements
            measurements += try RecordingStepBenchmarks(context: context).run()
            measurements += try OwnStoreBenchmarks(context: context).run()
            if arguments.runs("reading") {
                measurements += try ReadingBenchmarks(context: context, journals: recording.journals).run()
                measurements += try MigrationBenchmarks(context: context, journals: recording.journals).run()
            }
            if arguments.runs("queries") {
                measurements += try QueryBenchmarks(context: context, journals: recording.journals).run()
            }
        }

        if arguments.runs("scaling") { measurements += try RecordingScalingBenchmarks(context: context).run() }
        if arguments.runs("commands") { measurements += try EndToEndBenchmarks(context: context).run() }

        let duration = Date().timeIntervalSince(started)
        let report = Report(machine: .current(), date: Self.iso8601(started), quick: arguments.quick,
                            durationSeconds: duration, heap: heap, measurements: measurements)
        context.progress(String(format: "done in %.1f s", duration))
        var output = ReportTable(report: report).text
        let json = report.jsonValue.serialized(.pretty) + [0x0A]
        switch arguments.json {
        case "-"?:
            output += "\n" + String(decoding: json, as: UTF8.self)
        case let file?:
            do {
                try Data(json).write(to: URL(fileURLWithPath: file))
            } catch {
                throw BenchmarkError.io("cannot write the JSON report to \(file): \(error.localizedDescription)")
            }
        case nil:
            break
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    /// Prints the Markdown table of a saved JSON report (`--markdown-table FILE`), the one the
    /// documentation's performance article shows.
    func printMarkdownTable(of path: String) throws {
        let bytes: [UInt8]
        guard FileManager.default.fileExists(atPath: path) else {
            throw BenchmarkError.io("cannot read the report \(path): no such file.")
        }
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw BenchmarkError.io("cannot read the report \(path): \(error.localizedDescription)")
        }
        let report: JSONValue
        do {
            report = try JSONValue(parsing: bytes)
        } catch {
            throw BenchmarkError.badReport(path: path, "\(error)")
        }
        let table = try MarkdownTable(report: report, path: path).text
        FileHandle.standardOutput.write(Data(table.utf8))
    }

    /// Runs one memory probe (the hidden child mode) and prints its figures.
    func runProbe(_ probe: [String]) throws {
        let kind = try MemoryProbe.Kind(arguments: probe)
        let users = arguments.users ?? BenchmarkScale.full.users
        let figures = try MemoryProbe(executable: Self.executablePath(), users: users).runChild(kind)
        FileHandle.standardOutput.write(Data(figures.serialized(.canonical) + [0x0A]))
    }

    /// This executable, resolved through `/proc` where it exists so that a relative `argv[0]` still works.
    private static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    private static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
