extension SwiftyStateBankApp {
    /// What the bank's store accepts: the action enums of each feature.
    public protocol BankAction {
        /// Applies the action to `state`, without judging it; the store's validators do that.
        func reduce(_ state: inout BankState)
    }
}
