import Foundation
import StateSync

// Safe because `body` is called only where `executor` says (``RecorderOptions/AppExecutor/run(timeout:_:)`` gets
// there first): a main-actor function only on the main thread, any other from any thread, which its @Sendable type
// allowed (hence `@unchecked`).
/// A function the app gave a recorder (`setState`, the travelling reducer's dispatch, the live channel's
/// dispatch, pause and resume), with where it must run.
struct AppHook<Input, Output>: @unchecked Sendable {
    /// Where the function runs.
    let executor: RecorderOptions.AppExecutor
    private let body: (Input) -> Output

    private init(executor: RecorderOptions.AppExecutor, body: @escaping (Input) -> Output) {
        self.executor = executor
        self.body = body
    }

    /// A function that may run on any thread, run where `executor` says.
    init(_ body: @escaping @Sendable (Input) -> Output, on executor: RecorderOptions.AppExecutor) {
        self.init(executor: executor, body: body)
    }

    /// A function of the main actor's, run there.
    static func mainActor(_ body: @escaping @MainActor (Input) -> Output) -> AppHook where Output: Sendable {
        let call = UncheckedMainActorFunction(body)
        return AppHook(executor: .mainActor) { input in call(input) }
    }

    /// Calls the function; the caller is on a thread ``executor`` runs on (see
    /// ``RecorderOptions/AppExecutor/run(timeout:_:)``).
    func callAsFunction(_ input: Input) -> Output {
        body(input)
    }
}

extension RecorderOptions.AppExecutor {
    /// Whether work for this executor runs on the calling thread.
    var runsHere: Bool {
        self == .anyThread || MainQueue.isCurrent
    }

    /// Runs `work` on this executor: at once when the calling thread is one it runs on, otherwise on the
    /// main thread, waiting for it; `work` never runs when the main thread has not started it within
    /// `timeout`.
    ///
    /// - Throws: ``AppHookTimeout`` when the main thread did not start it in time.
    func run<Output>(timeout: Duration, _ work: () -> Output) throws(AppHookTimeout) -> Output {
        if runsHere { return work() }
        return try withoutActuallyEscaping(work) { work throws(AppHookTimeout) -> Output in
            // The call does not outlive this function: it returns only once the work ran, or will never run.
            let call = HandedOverCall(work)
            DispatchQueue.main.async { call.run() }
            guard let output = call.wait(timeout: timeout) else { throw AppHookTimeout(timeout: timeout) }
            return output
        }
    }
}

/// The main thread did not start one of the app's functions in time, so it never ran.
struct AppHookTimeout: Error {
    let timeout: Duration
}

// Safe because the function is called only on the main thread, where a main-actor function may run: its hook's executor
// is the main actor, whose work runs there, and `MainActor.assumeIsolated` stops the program otherwise (hence
// `@unchecked`).
/// A main-actor function held where its isolation cannot be written: called only on the main thread.
private struct UncheckedMainActorFunction<Input, Output: Sendable>: @unchecked Sendable {
    let body: @MainActor (Input) -> Output

    init(_ body: @escaping @MainActor (Input) -> Output) {
        self.body = body
    }

    func callAsFunction(_ input: Input) -> Output {
        let body = body
        let input = UncheckedTransfer(input)
        return MainActor.assumeIsolated { body(input.value) }
    }
}

// Safe because the value passes from one thread to the next with the thread that made it waiting, and is used by one
// thread at a time (hence `@unchecked`).
/// A value handed from one thread to another that waits for it to be used.
private struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

// Safe because the work and its output cross threads only under the lock, and the work is called at most once, on the
// main thread, while the thread that made the call waits for it (hence `@unchecked`).
/// One piece of work handed to the main thread: it starts at most once, and never after the caller
/// stopped waiting for it.
private final class HandedOverCall<Output>: @unchecked Sendable {
    private enum Phase {
        case waiting
        case running
        case finished(Output)
        case abandoned
    }

    /// The work, until it ran or the caller gave up on it: the caller's closure must not outlive the call.
    private var work: (() -> Output)?
    private let phase = Locked(Phase.waiting)

    init(_ work: @escaping () -> Output) {
        self.work = work
    }

    /// Runs the work, on the main thread, unless the caller gave up on it.
    func run() {
        let output: UncheckedTransfer<Output>
        // Every reference to the work ends with this scope, before the caller hears that it finished:
        // the caller's closure must not outlive its call (`withoutActuallyEscaping` stops the program
        // if it does).
        do {
            let taken = phase.withLock { phase -> UncheckedTransfer<(() -> Output)?> in
                guard case .waiting = phase else { return UncheckedTransfer(nil) }
                phase = .running
                defer { self.work = nil }
                return UncheckedTransfer(self.work)
            }
            guard let work = taken.value else { return }
            phase.wakeWaiters()
            output = UncheckedTransfer(work())
        }
        phase.withLock { $0 = .finished(output.value) }
        phase.wakeWaiters()
    }

    /// The work's output: waits for it to start for `timeout` at most (`nil` when it did not, and then
    /// never will), and once started, for as long as it runs.
    func wait(timeout: Duration) -> Output? {
        let started = phase.withLock(when: { if case .waiting = $0 { false } else { true } }, timeout: timeout) { phase, started in
            if !started {
                phase = .abandoned
                work = nil
            }
            return started
        }
        guard started else { return nil }
        return phase.withLock(when: { if case .finished = $0 { true } else { false } }) { phase -> UncheckedTransfer<Output?> in
            if case .finished(let output) = phase { return UncheckedTransfer(output) }
            return UncheckedTransfer(nil)
        }.value
    }
}
