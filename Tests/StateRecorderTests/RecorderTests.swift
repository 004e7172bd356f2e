import Foundation
import StateJSON
import StateEncoding
import StateJournal
import StateRecorder
import StateStore
import StateSync
import Testing
import TestSupport

/// A ReSwift-style app, as such apps are written: the app's own action protocol, struct actions, a
/// reducer of the shape `(Action, State?) -> State`, no statedbg types anywhere in its declarations.
private protocol ShopAction {}
private struct AddItem: ShopAction, Codable { var name: String; var price: Int }
private struct RemoveItem: ShopAction, Codable { var name: String }
private enum CartAction: ShopAction, Codable { case clear, discount(percent: Int) }
/// Not Codable: carries a closure, as effects do.
private struct LogEffect: ShopAction { var message: String; var run: @Sendable () -> Void }

private struct ShopState: Codable, Equatable, Sendable {
    var items: [String: Int] = [:]
    var discount = 0
}

private func shopReducer(action: any ShopAction, state: ShopState?) -> ShopState {
    var state = state ?? ShopState()
    switch action {
    case let add as AddItem: state.items[add.name] = add.price
    case let remove as RemoveItem: state.items[remove.name] = nil
    case CartAction.clear: state.items = [:]
    case CartAction.discount(let percent): state.discount = percent
    default: break
    }
    return state
}

/// An RxStateFlow-style state: a class changed in place.
private final class Counter: @unchecked Sendable, Codable {
    var count = 0
    var history: [Int] = []
}

@Suite struct RecorderTests {
    private static let actions = ActionRegistry(AddItem.self, RemoveItem.self, CartAction.self)

    @Test func recordsStructActionsOfSeveralTypesWithReadableTagsAndLabels() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("shop.jsonl")
        let recorder = try Recorder<ShopState, any ShopAction>(
            journal: path, app: "shop", initialState: ShopState(), actions: Self.actions, clock: RecordingClock.fixed())
        var state = ShopState()
        let actions: [any ShopAction] = [AddItem(name: "tea", price: 3), CartAction.discount(percent: 10),
                                         RemoveItem(name: "tea"), CartAction.clear]
        for action in actions {
            state = shopReducer(action: action, state: state)
            recorder.record(action, state: state, site: nil)
        }
        try recorder.close()

        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == 4)
        #expect(try reader.action(at: 1) == JournalAction(type: "AddItem", label: #"AddItem(name: "tea", price: 3)"#,
                                                            payload: ["name": "tea", "price": 3]))
        #expect(try reader.action(at: 2).type == "CartAction.discount")
        #expect(try reader.action(at: 2).label == "CartAction.discount(percent: 10)")
        #expect(try reader.action(at: 3).label == #"RemoveItem(name: "tea")"#)
        #expect(try reader.action(at: 4).type == "CartAction.clear")
        #expect(try reader.state(at: 1) == ["discount": 0, "items": ["tea": 3]])
        #expect(try reader.state(at: 4) == ["discount": 10, "items": .object(JSONObject())])
    }

    @Test func anActionThatIsNotCodableIsRecordedByReflectionAndMarkedNotReplayable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("effects.jsonl")
        let recorder = try Recorder<ShopState, any ShopAction>(
            journal: path, app: "shop", initialState: ShopState(), actions: Self.actions, clock: RecordingClock.fixed())
        recorder.record(LogEffect(message: "hi", run: {}), state: ShopState(), site: nil)
        recorder.record(AddItem(name: "tea", price: 3), state: ShopState(items: ["tea": 3]), site: nil)
        try recorder.close()

        let reader = try JournalReader(path: path)
        let effect = try reader.action(at: 1)
        #expect(effect.type == "LogEffect")
        var named = Self.actions
        try named.name(LogEffect.self, as: "effects.log")
        #expect(named.tag(of: LogEffect(message: "hi", run: {})) == "effects.log")
        #expect(!effect.isReplayable)
        #expect(effect.payload["message"] == "hi")
        #expect(try reader.action(at: 2).isReplayable)
    }

    @Test func aRegisteredAppReplaysItsRecordingThroughItsOwnReducer() throws {
        let app = AppDefinition<ShopState, any ShopAction>(
            id: "shop", initialState: ShopState(), actions: Self.actions, reducer: shopReducer)
        let directory = try TemporaryDirectory()
        let path = directory.file("replay.jsonl")
        let recorder = try Recorder(app: app, journal: path, clock: RecordingClock.fixed())
        var state = ShopState()
        let actions: [any ShopAction] = [AddItem(name: "tea", price: 3), AddItem(name: "jam", price: 5),
                                         CartAction.discount(percent: 20), RemoveItem(name: "tea")]
        for action in actions {
            state = shopReducer(action: action, state: state)
            recorder.record(action, state: state)
        }
        try recorder.close()

        let reader = try JournalReader(path: path)
        let replayer = try app.makeReplayer(from: reader.header.initialState)
        for step in 1...reader.lastStep {
            #expect(try replayer.apply(reader.action(at: step)) == .applied)
            #expect(try replayer.state == reader.state(at: step))
        }
        // A tag whose payload decodes as another action is a damaged step, not silently another action.
        let forged = JournalAction(type: "CartAction.discount", label: "CartAction.discount", payload: ["clear": [:]])
        #expect(throws: ReplayError.mismatchedTag("CartAction.discount", decoded: "CartAction.clear")) {
            try replayer.apply(forged)
        }
    }

    @Test func eachStepRecordsWhereItsActionWasDispatchedUnlessTurnedOff() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sites.jsonl")
        let recorder = try Recorder<ShopState, any ShopAction>(
            journal: path, app: "shop", initialState: ShopState(), actions: Self.actions, clock: RecordingClock.fixed())
        let line = #line + 1
        recorder.record(AddItem(name: "tea", price: 3), state: ShopState())
        recorder.record(CartAction.clear, state: ShopState(), site: CallSite(fileID: "Shop/CartView.swift", line: 7))
        try recorder.close()
        let reader = try JournalReader(path: path)
        #expect(try reader.action(at: 1).site == "StateRecorderTests/RecorderTests.swift:\(line)")
        #expect(try reader.action(at: 2).site == "Shop/CartView.swift:7")
        #expect(try reader.action(at: 2).withoutSite.label == "CartAction.clear")

        var quiet = RecorderOptions()
        quiet.recordsCallSites = false
        let unsited = try Recorder<ShopState, any ShopAction>(
            journal: directory.file("quiet.jsonl"), app: "shop", initialState: ShopState(), options: quiet)
        unsited.record(CartAction.clear, state: ShopState())
        try unsited.close()
        #expect(try JournalReader(path: unsited.path).action(at: 1).site == nil)
    }

    @Test func aClassStateChangedInPlaceIsRecordedAsItWasAtEachStep() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("counter.jsonl")
        let state = Counter()
        let recorder = try Recorder<Counter, String>(journal: path, app: "counter", initialState: state)
        for _ in 1...5 {
            state.count += 1
            state.history.append(state.count)
            recorder.record("increment", state: state)
        }
        try recorder.close()
        let reader = try JournalReader(path: path)
        #expect(try reader.state(at: 0) == ["count": 0, "history": []])
        for step in 1...5 {
            #expect(try reader.state(at: step)["count"] == .integer(Int64(step)))
            #expect(try reader.state(at: step)["history"]?.arrayValue?.count == step)
        }
        #expect(state.count == 5, "recording never changes the app's own object")
    }

    @Test func timeTravelSetsTheAppsStateThroughItsSetterOrIsNotOffered() throws {
        let directory = try TemporaryDirectory()
        let applied = Locked<[ShopState]>([])
        let recorder = try Recorder<ShopState, any ShopAction>(
            journal: directory.file("travel.jsonl"), app: "shop", initialState: ShopState(), actions: Self.actions,
            setState: { state in applied.withLock { $0.append(state) } })
        var state = ShopState()
        for price in 1...3 {
            state = shopReducer(action: AddItem(name: "item\(price)", price: price), state: state)
            recorder.record(AddItem(name: "item\(price)", price: price), state: state)
        }
        try recorder.undo()
        #expect(applied.withLock { $0.last?.items.count } == 2)
        #expect(recorder.currentStep == 2)
        try recorder.jump(to: 0)
        #expect(applied.withLock { $0.last } == ShopState())
        try recorder.close()

        let untravelled = try Recorder<ShopState, any ShopAction>(
            journal: directory.file("plain.jsonl"), app: "shop", initialState: ShopState(), actions: Self.actions)
        untravelled.record(CartAction.clear, state: ShopState())
        #expect(!untravelled.canTravel)
        #expect(throws: RecorderError.timeTravelUnavailable) { try untravelled.undo() }
        try untravelled.close()
        #expect(try JournalReader(path: untravelled.path).events(after: 1).isEmpty,
                "no travel was journaled, since the app's state did not change")
    }

    @Test func stepsFromManyThreadsAreNumberedOnceEachInOneOrder() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder<Int, Int>(journal: directory.file("threads.jsonl"), app: "threads", initialState: 0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<250 { recorder.record(thread * 1000 + index, state: index) }
        }
        try recorder.close()
        let reader = try JournalReader(path: recorder.path)
        #expect(reader.lastStep == 1000)
        let payloads = try (1...1000).map { try reader.action(at: $0).payload.int64Value.map(Int.init) ?? -1 }
        #expect(Set(payloads).count == 1000)
    }

    @Test func aClosedRecorderRecordsNothingAndNeverTraps() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder<Int, Int>(journal: directory.file("closed.jsonl"), app: "closed", initialState: 0)
        recorder.record(1, state: 1)
        try recorder.close()
        #expect(recorder.record(2, state: 2) == 0)
        recorder.mark("late")
        recorder.flush()
        try recorder.close()
        #expect(try JournalReader(path: recorder.path).lastStep == 1)
    }

    @Test func aStateThatCannotBeEncodedStopsTheJournalOnceAndTheAppGoesOn() throws {
        struct Reading: Codable, Sendable { var value: Double }
        let directory = try TemporaryDirectory()
        let messages = Locked<[String]>([])
        let recorder = try Recorder<Reading, String>(
            journal: directory.file("nan.jsonl"), app: "meter", initialState: Reading(value: 0),
            onError: { message in messages.withLock { $0.append(message) } })
        recorder.record("read", state: Reading(value: 1))
        recorder.record("read", state: Reading(value: .nan))
        recorder.record("read", state: Reading(value: 2))
        recorder.flush()
        #expect(throws: RecorderError.self) { try recorder.close() }
        #expect(messages.withLock { $0.count } == 1)
        #expect(recorder.journalError?.contains("could not encode") == true)
        let reader = try JournalReader(path: recorder.path)
        #expect(reader.lastStep == 1, "the journal is valid up to the last step it could encode")
    }

    @Test func aRecorderStillOpenAtExitIsClosedSoQueuedStepsReachTheFile() throws {
        // Run in a child process that records and returns from main without close().
        let directory = try TemporaryDirectory()
        let path = directory.file("exit.jsonl")
        #expect(try ExitFlushProbe.run(path: path, steps: 300) == 0)
        #expect(try JournalReader(path: path).lastStep == 300)
        let exited = directory.file("exited.jsonl")
        #expect(try ExitFlushProbe.run(path: exited, steps: 300, ending: "exit") == 0)
        #expect(try JournalReader(path: exited).lastStep == 300)
    }

    @Test func anAppsValidatorsRefuseActionsInGeneratedSessionsAndInReplay() throws {
        let app = AppDefinition<ShopState, any ShopAction>(
            id: "shop", initialState: ShopState(), actions: Self.actions, reducer: shopReducer,
            validate: { _, new, _ in
                new.items.values.contains { $0 > 5 } ? Rejection(validator: "cheap", reason: "nothing costs more than 5") : nil
            },
            randomAction: { _, generator in AddItem(name: "item\(generator.next() % 4)", price: Int(generator.next() % 9)) })
        let directory = try TemporaryDirectory()
        let path = directory.file("generated.jsonl")
        let summary = try app.record(to: path, steps: 30, seed: 3, options: RecorderOptions(), clock: RecordingClock.fixed())
        #expect(summary.applied == 30)
        #expect(summary.rejected > 0)
        let reader = try JournalReader(path: path)
        let refusals = (0...reader.lastStep).flatMap { reader.events(after: $0) }
        #expect(refusals.count == summary.rejected)

        let replayer = try app.makeReplayer(from: reader.header.initialState)
        #expect(try replayer.apply(JournalAction(type: "AddItem", label: "AddItem", payload: ["name": "gold", "price": 9]))
                == .rejected(Rejection(validator: "cheap", reason: "nothing costs more than 5")))
    }

    @Test func decimalsDatesAndSetsComeBackFromTheJournalAsTheyWereRecorded() throws {
        struct Order: Codable, Equatable, Sendable {
            var price: Decimal
            var total: Decimal
            var placed: Date
            var tags: Set<String>
        }
        let directory = try TemporaryDirectory()
        let recorder = try Recorder<Order, String>(
            journal: directory.file("orders.jsonl"), app: "orders",
            initialState: Order(price: 0, total: 0, placed: Date(timeIntervalSinceReferenceDate: 0), tags: []))
        var orders: [Order] = []
        for index in 1...40 {
            let order = Order(price: Decimal(string: "19.\(index % 100)")!, total: Decimal(string: "1234567890123456789.0\(index)")!,
                              placed: Date(timeIntervalSinceReferenceDate: 785_000_000.123456789 + Double(index) / 7),
                              tags: Set((0..<(index % 5)).map { "tag\($0)" }))
            orders.append(order)
            recorder.record("place", state: order, site: nil)
        }
        try recorder.close()
        let reader = try JournalReader(path: recorder.path)
        #expect(reader.validate().isEmpty, "every recorded hash matches its rebuilt state")
        for (index, order) in orders.enumerated() {
            #expect(try JSONValueDecoder().decode(Order.self, from: reader.state(at: index + 1)) == order)
        }
    }

    @Test func aPathThatIsNotARegularFileIsRefusedUnderEveryPolicy() throws {
        let directory = try TemporaryDirectory()
        for policy in [ExistingJournalPolicy.startNewFile, .replace, .fail] {
            var options = RecorderOptions()
            options.existingJournal = policy
            for path in [directory.path, directory.path + "/", "", "/dev/null"] {
                #expect(throws: JournalError.self, "\(path) under \(policy)") {
                    try Recorder<Int, Int>(journal: path, app: "refused", initialState: 0, options: options)
                }
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
