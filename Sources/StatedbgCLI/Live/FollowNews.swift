import StateDebugger

/// What arrived in a followed journal since the last look, as lines for the REPL to print before a
/// reply: `repl --follow` uses it alone, `attach` with its `app` commands.
///
/// ```text
/// followed: steps 12 to 14 arrived (3 new)
/// followed: after step 14: marker: checkout opened
/// followed: the recording was closed at step 14; nothing more will arrive
/// ```
final class FollowNews: ReplNewsSource {
    let journal: FollowedJournal
    let timeline: Timeline
    /// How the lines start: `app` when attached, `followed` for a file.
    let prefix: String
    /// The last step reported.
    private var reportedStep: Int
    /// How many of the journal's events were reported.
    private var reportedEvents: Int
    /// Whether the journal's closing line was reported.
    private var reportedClosing = false

    init(journal: FollowedJournal, timeline: Timeline, prefix: String) {
        self.journal = journal
        self.timeline = timeline
        self.prefix = prefix
        reportedStep = journal.lastStep
        reportedEvents = journal.events.count
    }

    func news() -> String {
        var lines: [String] = []
        guard !reportedClosing else { return "" }
        do {
            try journal.refresh()
        } catch {
            lines.append("\(prefix): warning: \(error)")
        }
        let following = timeline.followSource()
        if journal.lastStep > reportedStep {
            let count = journal.lastStep - reportedStep
            let range = count == 1 ? "step \(journal.lastStep)" : "steps \(reportedStep + 1) to \(journal.lastStep)"
            lines.append("\(prefix): \(range) arrived (\(count) new)"
                + (following ? "" : "; the main branch has steps made here, so it stays as it was"))
            reportedStep = journal.lastStep
        }
        let events = journal.events
        for located in events.dropFirst(reportedEvents) {
            lines.append("\(prefix): after step \(located.event.after): " + StepPrinter.describe(located.event))
        }
        reportedEvents = events.count
        if let step = journal.closedAfterStep {
            reportedClosing = true
            lines.append("\(prefix): the recording was closed at step \(step); nothing more will arrive")
        }
        return lines.joined(separator: "\n")
    }

}
