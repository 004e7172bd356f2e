/// Why a benchmark run failed functionally (as opposed to being slow, which is never an error).
enum BenchmarkError: Error, CustomStringConvertible {
    /// A command-line mistake.
    case usage(String)
    /// Something the benchmark computed is wrong: a journal that does not read back, a diff that does not apply.
    case wrongResult(scenario: String, String)
    /// A file could not be created, written or read.
    case io(String)
    /// A saved JSON report that is not one this benchmark writes.
    case badReport(path: String, String)

    var description: String {
        switch self {
        case .usage(let message): "statedbg-bench: \(message)"
        case .wrongResult(let scenario, let message): "statedbg-bench: the \(scenario) scenario went wrong: \(message)"
        case .io(let message): "statedbg-bench: \(message)"
        case .badReport(let path, let message): "statedbg-bench: \(path) is not a statedbg-bench report: \(message)"
        }
    }

    /// The exit status from sysexits: 64 for usage, 65 for a bad report, 74 for I/O, 70 for everything else.
    var exitStatus: Int32 {
        switch self {
        case .usage: 64
        case .badReport: 65
        case .wrongResult: 70
        case .io: 74
        }
    }
}
