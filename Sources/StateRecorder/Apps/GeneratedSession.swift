/// The loop that records a generated session for `statedbg record`, shared by every kind of app:
/// actions are made and applied until `steps` were applied (rejected ones are journaled as events, not
/// steps), the journal stops, or the caller cancels.
enum GeneratedSession {
    /// Runs the loop.
    ///
    /// - Parameters:
    ///   - steps: How many steps to apply.
    ///   - acknowledged: Told each new acknowledged step.
    ///   - isCancelled: Polled before each action.
    ///   - lastStep: The recorder's last step.
    ///   - acknowledgedStep: The recorder's last acknowledged step.
    ///   - journalError: Why the journal stopped, if it did.
    ///   - applyNext: Makes one action, applies it, and records it (or its rejection).
    static func run(steps: Int, acknowledged: ((Int) -> Void)?, isCancelled: () -> Bool,
                    lastStep: () -> Int, acknowledgedStep: () -> Int, journalError: () -> String?,
                    applyNext: () -> Void) -> RecordingSummary {
        var rejected = 0
        var attempts = 0
        var lastAcknowledged = 0
        var cancelled = false
        // A generator whose actions are always rejected must not loop for ever.
        while lastStep() < steps && attempts < steps * 20 {
            if isCancelled() {
                cancelled = true
                break
            }
            if journalError() != nil { break }
            attempts += 1
            let before = lastStep()
            applyNext()
            if lastStep() == before { rejected += 1 }
            if let acknowledged {
                let step = acknowledgedStep()
                if step > lastAcknowledged {
                    lastAcknowledged = step
                    acknowledged(step)
                }
            }
        }
        return RecordingSummary(applied: lastStep(), rejected: rejected, cancelled: cancelled)
    }
}
