/// An action type that names its own journal tag and label instead of having them derived.
///
/// statedbg derives both from the enum case by reflection (`bank.pay(from: jenny, amount: 10)`); adopt
/// this protocol when a case should keep its tag across a rename, or when the label should say less
/// (a password field) or more.
///
/// ```swift
/// extension SessionAction: DescribedAction {
///     var actionType: String { "session.login" }
///     var actionLabel: String { "session.login(user: \(user))" }   // no password
/// }
/// ```
public protocol DescribedAction {
    /// The stable tag, such as `session.login`. Include the app's prefix yourself.
    var actionType: String { get }
    /// A short description for people.
    var actionLabel: String { get }
}
