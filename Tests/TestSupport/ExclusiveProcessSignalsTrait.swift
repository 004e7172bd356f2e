import Testing

/// Runs a suite while no other suite with this trait runs, in any test target.
///
/// Signal actions and the terminal a raw mode guards belong to the whole process, and every test target
/// runs in one process. `.serialized` orders the tests within one suite only; this trait also keeps apart
/// suites in different targets, such as TerminalKit's signal tests and StatedbgCLI's REPL on a
/// pseudo-terminal.
///
/// ```swift
/// @Suite(.serialized, .exclusiveProcessSignals) struct ProcessSignalTests { … }
/// ```
public struct ExclusiveProcessSignalsTrait: SuiteTrait, TestTrait, TestScoping {
    private static let turn = Turn()

    /// Holds the whole suite, not each of its tests in turn.
    public var isRecursive: Bool { false }

    /// Waits for any other suite with this trait to finish, then runs `function`.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Self.turn.take()
        do {
            try await function()
        } catch {
            await Self.turn.pass()
            throw error
        }
        await Self.turn.pass()
    }

    /// A first-come, first-served turn that waits without blocking a thread.
    private actor Turn {
        private var isTaken = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func take() async {
            guard isTaken else {
                isTaken = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func pass() {
            if waiting.isEmpty {
                isTaken = false
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}

extension Trait where Self == ExclusiveProcessSignalsTrait {
    /// Runs the suite while no other suite with this trait runs; see ``ExclusiveProcessSignalsTrait``.
    public static var exclusiveProcessSignals: Self { ExclusiveProcessSignalsTrait() }
}
