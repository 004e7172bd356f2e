import StateJSON
import StateJournal
import StateRecorder

/// The whole labels of a recording's actions, which `statedbg log --full` prints: a journal stores each
/// label cut at 120 characters, with long lists and deep values shortened (`[… 8 elements]`), and
/// the REPL's `dispatch` cannot read such a label back. Each action that can be decoded is described
/// again by the app, nothing shortened; any other keeps the label it was recorded with.
///
/// ```swift
/// var labels = WholeActionLabels(source: source, app: registry.app(for: source.info.app))
/// print(labels.label(of: try source.action(at: 3)))
/// ```
/// ```text
/// todos.addAll(titles: ["milk", "bread", "eggs", "jam", "tea"])
/// ```
package struct WholeActionLabels {
    /// Describes actions for the app; `nil` when there is no app, or no replayer can be made for it.
    private let replayer: (any Replayer)?
    /// Whether the source's actions carry the app's own tags (a journal, not an import).
    private let tagged: Bool

    /// Labels for `source`'s actions, described by `app` when there is one.
    package init(source: any RecordingSource, app: (any RegisteredApp)?) {
        tagged = source.info.format == .journal
        // The replayer's state plays no part in describing an action; any state it can start from will do.
        let initial = try? source.state(at: source.baseStep)
        replayer = app.flatMap { app in initial.flatMap { try? app.makeReplayer(from: $0) } ?? (try? app.makeReplayer(from: app.initialStateJSON())) }
    }

    /// Whether actions are described again (an app that can decode them was given).
    package var describesAgain: Bool { replayer != nil && tagged }

    /// `action`'s whole label, or its recorded one when it cannot be decoded.
    package func label(of action: JournalAction) -> String {
        guard tagged, action.replayMode == .decode, let replayer, let whole = try? replayer.describe(action) else { return action.label }
        return whole.label
    }

    /// `action` with its whole label.
    package func whole(_ action: JournalAction) -> JournalAction {
        var copy = action
        copy.label = label(of: action)
        return copy
    }
}
