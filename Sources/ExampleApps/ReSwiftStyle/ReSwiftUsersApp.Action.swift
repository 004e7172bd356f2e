extension ReSwiftUsersApp {
    /// What the app dispatches: any struct that says it is one, as in ReSwift.
    public protocol Action {}
}
