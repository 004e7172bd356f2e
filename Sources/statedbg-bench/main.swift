import Foundation

// Thin by design: parse the arguments, hand over to BenchmarkRunner, map errors to exit statuses.
do {
    let arguments = try BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
    let runner = BenchmarkRunner(arguments: arguments)
    if arguments.help {
        print(BenchmarkArguments.usage)
    } else if let report = arguments.markdownTable {
        try runner.printMarkdownTable(of: report)
    } else if let probe = arguments.probe {
        try runner.runProbe(probe)
    } else {
        try runner.run()
    }
} catch let error as BenchmarkError {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(error.exitStatus)
} catch {
    FileHandle.standardError.write(Data("statedbg-bench: \(error)\n".utf8))
    exit(70)
}
