import StateJSON
import StateSync

/// A command that calls into the app (jump, undo, redo, dispatch, pause, resume), handed by a
/// ``LiveServer`` to the app's own executor through ``LiveApp/runInApp(_:)``: it runs at most once and
/// never after the server stopped waiting for it, and its reply goes back to the server's thread, which
/// never waits for the app.
final class LiveAppWork: Sendable {
    /// The reply to send, and the notice the other clients get (after a pause or a resume).
    struct Outcome: Sendable {
        var reply: LiveReply
        var notice: LiveNotice?
    }

    /// What became of the command when the server stopped waiting for it.
    enum Abandoned {
        /// The app had not started it: nothing was done.
        case notStarted
        /// The app was still running it.
        case stillRunning
        /// It had finished meanwhile; its reply is on its way to the server's thread.
        case finished
    }

    private enum Phase {
        case waiting
        case running
        case finished(Outcome)
        case delivered
        case abandoned
    }

    private struct Progress {
        var phase = Phase.waiting
        /// Whether the server's thread has gone on without the reply, which must then come back
        /// through the server's inbox.
        var handedOver = false
    }

    /// The request's id, for the reply the server makes when it stops waiting.
    let id: JSONValue
    /// The command's name, for that reply's message.
    let command: String
    private let progress = Locked(Progress())

    init(id: JSONValue, command: String) {
        self.id = id
        self.command = command
    }

    /// Called where the app runs it, before it runs: `false` when the server no longer waits for it
    /// (it must not run then).
    func start() -> Bool {
        progress.withLock { progress in
            guard case .waiting = progress.phase else { return false }
            progress.phase = .running
            return true
        }
    }

    /// Called once it ran: whether its reply must go through the server's inbox (the server's thread
    /// went on meanwhile); `false` when the server's thread takes it itself, or gave up on it.
    func finish(_ outcome: Outcome) -> Bool {
        progress.withLock { progress in
            guard case .running = progress.phase else { return false }
            progress.phase = .finished(outcome)
            return progress.handedOver
        }
    }

    /// Called by the server's thread once the app took the command: the outcome when it already ran
    /// (on the server's own thread), or `nil` when it will come through the inbox.
    func handOver() -> Outcome? {
        progress.withLock { progress in
            if case .finished(let outcome) = progress.phase {
                progress.phase = .delivered
                return outcome
            }
            progress.handedOver = true
            return nil
        }
    }

    /// The outcome of a command whose reply came through the inbox, once.
    func takeOutcome() -> Outcome? {
        progress.withLock { progress in
            guard case .finished(let outcome) = progress.phase else { return nil }
            progress.phase = .delivered
            return outcome
        }
    }

    /// Stops waiting for it: it will not run if it has not started, and a reply it makes later is dropped.
    func abandon() -> Abandoned {
        progress.withLock { progress in
            switch progress.phase {
            case .waiting:
                progress.phase = .abandoned
                return .notStarted
            case .running:
                progress.phase = .abandoned
                return .stillRunning
            case .finished, .delivered, .abandoned:
                return .finished
            }
        }
    }
}
