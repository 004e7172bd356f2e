extension SwiftyStateBankApp {
    /// A rule every new state must keep; the store refuses an action whose state breaks it.
    public struct BankValidator: Sendable {
        /// The rule's name, as the journal's rejection events show it.
        public var name: String
        /// Why `state` breaks the rule, or `nil` when it keeps it.
        public var check: @Sendable (_ state: BankState) -> String?

        /// A rule named `name`.
        public init(name: String, check: @escaping @Sendable (_ state: BankState) -> String?) {
            self.name = name
            self.check = check
        }

        /// No balance below zero.
        public static let noOverdraft = BankValidator(name: "noOverdraft") { state in
            state.accounts.first { $0.balance < 0 }.map { "\($0.id) would be overdrawn by \(dollars(-$0.balance))" }
        }

        /// `94` for whole dollars, `94.5` otherwise.
        static func dollars(_ amount: Double) -> String {
            amount.rounded() == amount && abs(amount) < 1e15 ? String(Int64(amount)) : String(amount)
        }

        /// No two accounts with the same identifier.
        public static let uniqueAccountIDs = BankValidator(name: "uniqueAccountIDs") { state in
            var seen: Set<String> = []
            for account in state.accounts where !seen.insert(account.id).inserted {
                return "there would be two accounts named \(account.id)"
            }
            return nil
        }

        /// The bank's rules.
        public static let all: [BankValidator] = [noOverdraft, uniqueAccountIDs]
    }
}
