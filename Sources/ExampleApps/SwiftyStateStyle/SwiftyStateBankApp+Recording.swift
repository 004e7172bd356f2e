import StateRecorder

// statedbg glue for the SwiftyState-style bank: the 10 lines of code below (the import aside), an observer
// on the app's store. The app calls it once, with a recorder made from `definition`:
//
//     SwiftyStateBankApp.record(store, into: try Recorder(app: SwiftyStateBankApp.definition, journal: "bank.jsonl"))

extension SwiftyStateBankApp {
    /// Journals every action `store` applies, with its new state, and every one its validators refuse.
    public static func record(_ store: BankStore, into recorder: Recorder<BankState, any BankAction>) {
        store.observe { change in
            switch change {
            case .applied(let action, let state): recorder.record(action, state: state, site: nil)
            case .rejected(let action, let validator, let reason): recorder.recordRejected(action, validator: validator, reason: reason)
            }
        }
    }
}
