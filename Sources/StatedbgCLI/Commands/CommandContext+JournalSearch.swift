import StateDebugger
import StateJournal

extension CommandContext {
    /// A one-pass search of the recording at `path` when it is a statedbg journal, which warns once
    /// about a damaged line when it meets one and about a torn last line when it reaches it (the words
    /// ``open(_:verifyingHashes:)`` uses); `nil` for any other recording, which is read whole.
    func journalSearch(_ path: String) throws(CommandFailure) -> JournalSearch? {
        let isJournal = try CommandFailure.translating { () throws(DebuggerError) in try RecordingLoader.isJournal(path: path) }
        guard isJournal else { return nil }
        return JournalSearch(path: path) { notice in
            switch notice {
            case .damaged(let first):
                warn("\(first.description) The states rebuilt through a damaged line cannot be read; `statedbg check` lists every damaged line.")
            case .torn(let torn):
                warn("\(path):\(torn.line): \(torn); it is ignored, and `statedbg check --repair` cuts it off.")
            }
        }
    }
}
