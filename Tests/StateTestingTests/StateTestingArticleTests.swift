import ExampleApps
import Foundation
import StateRecorder
import StateStore
import StateTesting
import Testing

/// The failure the StateTesting article shows is the one a changed reducer really reports: the bank
/// app charging a fee of 1 on every payment, replaying the shipped `Recordings/bank.jsonl`.
@Suite struct StateTestingArticleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The bank app with a reducer that charges the payer a fee of 1 on every payment.
    static let bankWithFee = RecordableApp(
        id: "bank", initialState: BankApp.initialState,
        reducer: Reducer<BankApp.State, BankApp.Action> { state, action in
            BankApp.reducer.reduce(into: &state, action: action)
            if case .pay(let from, _, _) = action { state[from] -= 1 }
        },
        validators: BankApp.validators, actionSamples: BankApp.actionSamples)

    /// The first ```text block after `marker` in the article.
    static func textBlock(after marker: String) throws -> String {
        let article = try String(contentsOf: packageRoot.appendingPathComponent("Sources/StateTesting/StateTesting.docc/StateTesting.md"),
                                 encoding: .utf8)
        let start = try #require(article.range(of: marker), "the article no longer says \(marker)")
        let open = try #require(article.range(of: "```text\n", range: start.upperBound..<article.endIndex))
        let close = try #require(article.range(of: "\n```", range: open.upperBound..<article.endIndex))
        return String(article[open.upperBound..<close.lowerBound])
    }

    @Test func theArticlesFailureIsWhatAReducerChargingAFeeReports() throws {
        let recording = Self.packageRoot.appendingPathComponent("Recordings/bank.jsonl").path
        let result = RecordingReplay.run(recording: recording, app: Self.bankWithFee)
        #expect(!result.passed)
        let shown = try Self.textBlock(after: "charges a fee of 1 on every payment")
        #expect(result.message == shown, "the replay reports:\n\(result.message ?? "nothing")")
    }
}
