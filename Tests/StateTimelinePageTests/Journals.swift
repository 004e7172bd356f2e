import StateJournal
import StateJSON

/// Journals the page tests write: made with the journal module's own builder, so they are what a
/// recorder writes.
enum Journals {
    /// A journal of `initialState` followed by the given (action, state) steps; a step with a parent
    /// was applied to that earlier step's state (a branch).
    static func bytes(app: String = "test", initialState: JSONValue,
                      steps: [(action: JournalAction, state: JSONValue, parent: Int?)], events: [JournalEvent] = []) -> [UInt8] {
        let header = JournalHeader(tool: "statedbg test", app: app, stateType: "State", actionType: "Action", schema: [:],
                                   schemaHash: "0", created: "2026-01-01T00:00:00.000Z", initialState: initialState, hash: 0)
        let builder = JournalBuilder(header: header)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for (index, step) in steps.enumerated() {
            let number = index + 1
            builder.appendStep(action: step.action, state: step.state, time: 1_767_225_600_000 + Int64(number) * 1000,
                               parent: step.parent, into: &bytes)
            for event in events where event.after == number { event.write(to: &bytes) }
        }
        return bytes
    }

    /// `users` users and `steps` steps, each setting one user's age: the scale the issue names.
    static func users(_ users: Int, steps: Int) -> [UInt8] {
        func user(_ id: Int, age: Int) -> JSONValue {
            ["id": .integer(Int64(id)), "name": .string("user \(id)"), "age": .integer(Int64(age)),
             "email": .string("user\(id)@example.com")]
        }
        var list = (0..<users).map { user($0, age: 20 + $0 % 50) }
        let header = JournalHeader(tool: "statedbg test", app: "users", stateType: "State", actionType: "Action", schema: [:],
                                   schemaHash: "0", created: "2026-01-01T00:00:00.000Z",
                                   initialState: ["users": .array(list)], hash: 0)
        let builder = JournalBuilder(header: header)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for step in 1...steps {
            let id = (step &* 7919) % users, age = 18 + step % 61
            list[id] = user(id, age: age)
            let action = JournalAction(type: "users.setAge", label: "users.setAge(id: \(id), age: \(age))",
                                       payload: ["id": .integer(Int64(id)), "age": .integer(Int64(age))])
            builder.appendStep(action: action, state: ["users": .array(list)], time: Int64(step), into: &bytes)
        }
        return bytes
    }
}
