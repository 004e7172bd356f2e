import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test only when the environment variable `STATEDBG_SLOW_TESTS` is `1`; otherwise the
    /// test is reported as skipped, with how to run it:
    ///
    /// ```text
    /// ◇ Test exportedTestsPassInAUsersPackage() skipped: "slow (minutes): set STATEDBG_SLOW_TESTS=1 to run it"
    /// ```
    public static var slowTestsRequested: Self {
        .enabled(if: ProcessInfo.processInfo.environment["STATEDBG_SLOW_TESTS"] == "1",
                 "slow (minutes): set STATEDBG_SLOW_TESTS=1 to run it")
    }
}
