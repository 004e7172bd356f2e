extension SwiftyStateBankApp.BankStore {
    /// What a dispatch did, as the store's observers hear it.
    public enum Change {
        /// The action's result passed every validator and is the new state.
        case applied(any SwiftyStateBankApp.BankAction, state: SwiftyStateBankApp.BankState)
        /// A validator refused the action's result; the state stayed as it was.
        case rejected(any SwiftyStateBankApp.BankAction, validator: String, reason: String)
    }
}
