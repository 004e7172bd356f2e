extension BankApp {
    /// The two account holders of the sample.
    public enum Account: String, Codable, CaseIterable, Hashable, Sendable {
        case jenny
        case donald
    }
}
