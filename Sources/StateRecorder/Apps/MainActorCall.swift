import Foundation

/// Runs a main-actor function of the app's from wherever a replaying tool runs: at once when the caller
/// is on the main queue (a command's main thread, an XCTest test), otherwise on the main queue, waiting
/// for it (a Swift Testing test, whose main queue the test runner drains).
enum MainActorCall {
    // Safe because the value passes to the main queue and back while the calling thread waits, so one thread at a time
    // uses it (hence `@unchecked`).
    /// A value that crosses to the main queue and back while its thread waits.
    private struct Handed<Value>: @unchecked Sendable {
        var value: Value
    }

    /// The result of `body`, run on the main actor.
    static func run<Result>(_ body: @MainActor () -> Result) -> Result {
        withoutActuallyEscaping(body) { body in
            // The closure does not outlive the call: `sync` returns once it ran.
            let handed = Handed(value: body)
            let run = { () -> Handed<Result> in MainActor.assumeIsolated { Handed(value: handed.value()) } }
            guard !MainQueue.isCurrent else { return run().value }
            return DispatchQueue.main.sync(execute: run).value
        }
    }

    /// The result of `body`, run on the main actor with `input`, a value of the caller's (the app's
    /// state or action) that the main actor uses while the caller waits.
    static func run<Input, Result>(passing input: Input, _ body: @MainActor (Input) -> Result) -> Result {
        let input = Handed(value: input)
        return run { body(input.value) }
    }

    // Safe because the pointer is used only during the call, on the main queue while this thread waits for it, and
    // points at `value`, which nothing else touches meanwhile.
    /// The result of `body`, run on the main actor, changing `value` in place (a reducer's state: no copy,
    /// so the state's arrays are not copied either) with `other` (the action).
    static func run<Input, Other, Result>(changing value: inout Input, passing other: Other,
                                          _ body: @MainActor (inout Input, Other) -> Result) -> Result {
        withUnsafeMutablePointer(to: &value) { pointer in
            let handed = Handed(value: (pointer, other))
            return run { body(&handed.value.0.pointee, handed.value.1) }
        }
    }
}
