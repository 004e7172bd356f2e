import Foundation

/// What every scenario group needs: the sizes, the clock, the temporary directory and a progress log.
struct BenchmarkContext {
    let scale: BenchmarkScale
    let stopwatch = Stopwatch()
    let directory: TemporaryDirectory
    /// The path of this executable, for measurements that need a clean process of their own.
    let executable: String

    /// Tells the person waiting what is running; stderr, so that stdout stays the report.
    func progress(_ message: String) {
        FileHandle.standardError.write(Data("… \(message)\n".utf8))
    }
}
