extension SwiftyStateBankApp {
    /// The bank's store: reduces each action into a candidate state, asks every validator about it,
    /// and keeps it only if none objects; observers hear of both outcomes. Used on one thread.
    public final class BankStore {
        /// The current state.
        public private(set) var state: BankState
        /// The rules each new state must keep.
        public let validators: [BankValidator]
        private var observers: [(Change) -> Void] = []

        /// A store starting from `state`.
        public init(state: BankState = .opening, validators: [BankValidator] = BankValidator.all) {
            self.state = state
            self.validators = validators
        }

        /// Applies an account action unless a validator refuses the result.
        ///
        /// - Returns: Whether the state changed to the action's result.
        @discardableResult
        public func dispatch(_ action: AccountAction) -> Bool {
            apply(action)
        }

        /// Applies a transfer unless a validator refuses the result.
        ///
        /// - Returns: Whether the state changed to the action's result.
        @discardableResult
        public func dispatch(_ action: TransferAction) -> Bool {
            apply(action)
        }

        /// Applies an action of either enum unless a validator refuses the result: for actions whose
        /// enum is known only at run time, such as a queue of saved ones.
        ///
        /// - Returns: Whether the state changed to the action's result.
        @discardableResult
        public func dispatch(_ action: any BankAction) -> Bool {
            apply(action)
        }

        /// Calls `observer` after every dispatch, with what happened.
        public func observe(_ observer: @escaping (Change) -> Void) {
            observers.append(observer)
        }

        private func apply(_ action: some BankAction) -> Bool {
            var candidate = state
            action.reduce(&candidate)
            for validator in validators {
                if let reason = validator.check(candidate) {
                    notify(.rejected(action, validator: validator.name, reason: reason))
                    return false
                }
            }
            state = candidate
            notify(.applied(action, state: candidate))
            return true
        }

        private func notify(_ change: Change) {
            for observer in observers { observer(change) }
        }
    }
}
