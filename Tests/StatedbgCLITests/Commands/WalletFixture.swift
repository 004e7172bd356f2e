import Foundation
import StateJSON
import StateRecorder
import StateStore

/// The small app the command tests record and replay: a wallet that refuses to go into debt.
enum WalletAction: Codable, Sendable, Equatable {
    case deposit(Int)
    case pay(to: String, amount: Int)
    case rename(String)
}

struct WalletState: Codable, Sendable, Equatable {
    var balance = 100
    var owner = "jenny"
    var paid: [String: Int] = [:]
}

enum WalletFixture {
    /// The wallet; `payMultiplier` other than 1 makes a deliberately changed reducer for divergence tests.
    static func app(payMultiplier: Int = 1) -> RecordableApp<WalletState, WalletAction> {
        RecordableApp(
            id: "wallet",
            summary: "A wallet that refuses to go into debt",
            initialState: WalletState(),
            reducer: Reducer { state, action in
                switch action {
                case .deposit(let amount):
                    state.balance += amount
                case .pay(let payee, let amount):
                    state.balance -= amount * payMultiplier
                    state.paid[payee, default: 0] += amount
                case .rename(let name):
                    state.owner = name
                }
            },
            validators: [Validator(name: "noDebt") { _, new, _ in
                new.balance >= 0 ? .accepted : .rejected("\(new.owner) would owe \(-new.balance)")
            }],
            actionSamples: [.deposit(1), .pay(to: "x", amount: 1), .rename("x")],
            randomAction: { _, generator in
                switch generator.bounded(3) {
                case 0: .deposit(generator.bounded(in: 1...50))
                case 1: .pay(to: ["donald", "daisy"][generator.bounded(2)], amount: generator.bounded(in: 1...80))
                default: .rename(["jenny", "jo"][generator.bounded(2)])
                }
            })
    }

    /// The actions of the standard recording: five steps, one rejected payment and a marker after step 3.
    static let actions: [WalletAction] = [
        .deposit(5), .pay(to: "donald", amount: 10), .pay(to: "daisy", amount: 200), .rename("jo"),
        .pay(to: "donald", amount: 95), .deposit(1),
    ]

    /// Records `actions` (the standard five steps unless told) into `path`, with a fixed clock.
    @discardableResult
    static func record(to path: String, actions: [WalletAction] = actions, markerAfter: Int? = 3,
                       app: RecordableApp<WalletState, WalletAction> = app()) throws -> String {
        // Without call sites: the outputs the tests compare would name this file's lines.
        var options = RecorderOptions()
        options.recordsCallSites = false
        let recorder = try RecordingStore(app: app, journal: path, options: options, clock: RecordingClock.fixed())
        var marked = false
        for action in actions {
            recorder.dispatch(action)
            if !marked, recorder.lastStep == markerAfter {
                recorder.mark("checkpoint")
                marked = true
            }
        }
        try recorder.close()
        return path
    }
}
