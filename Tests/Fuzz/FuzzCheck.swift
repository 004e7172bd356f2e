// Shared by every fuzz target: compiled into each fuzzer binary next to its target file.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the fuzzer with a message when a property the target checks does not hold.
///
/// libFuzzer treats the abort as a crash and saves the input that caused it, so the message is
/// written to stderr first, where the fuzzer log shows it above the stack trace.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if condition() { return }
    let text = "fuzz property violated: \(message())\n"
    _ = text.utf8CString.withUnsafeBufferPointer { buffer in
        write(2, buffer.baseAddress, buffer.count - 1)
    }
    abort()
}

/// The input as text, with ill-formed UTF-8 repaired, so that string-based APIs see it too.
func fuzzText(_ bytes: UnsafeRawBufferPointer) -> String {
    String(decoding: bytes, as: UTF8.self)
}
