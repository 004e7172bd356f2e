import Testing

extension Tag {
    /// Tests that take minutes, such as building statedbg inside a package of its own. They also carry
    /// ``Testing/Trait/slowTestsRequested`` so that they run only when asked for:
    ///
    /// ```swift
    /// @Test(.tags(.slow), .slowTestsRequested)
    /// func exportedTestsPassInAUsersPackage() throws { … }
    /// ```
    @Tag public static var slow: Tag
}
