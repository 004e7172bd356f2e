import Foundation
import StateJSON
import StateEncoding
import StateJournal

/// Journals of the sizes issue 20 reads (100,000 steps of 1,000 users, 10 million counter steps),
/// written straight through `JournalBuilder`, as the recorder's writer thread would, without a store:
/// recording that many steps through the app would take most of the run.
///
/// Their lines are those of a recording of the same app (same state shape, same actions, default
/// keyframe policy), so the reader does the same work on them.
enum GeneratedJournal {
    /// Writes `steps` steps of the users app (each sets one user's age, as ``UsersFixture/action(_:users:)``
    /// does) to `path` and returns the number of bytes written.
    static func users(_ users: Int, steps: Int, path: String) throws -> Int {
        var state = try JSONValueEncoder().encode(UsersState.generated(count: users))
        let builder = JournalBuilder(header: header(app: "users", state: "UsersState", action: "UsersAction", initial: state))
        return try write(path: path, builder: builder, steps: steps) { step in
            guard case .setAge(let id, let age) = UsersFixture.action(step, users: users) else { return nil }
            let patch = JSONPatch([.replace(path: JSONPointer(tokens: ["users", String(id), "age"]), value: .integer(Int64(age)))])
            try patch.apply(inPlace: &state)
            let action = JournalAction(type: "users.setAge", label: "users.setAge(id: \(id), age: \(age))",
                                       payload: ["setAge": ["id": .integer(Int64(id)), "age": .integer(Int64(age))]])
            return (action.jsonValue.serialized(.canonical), state)
        }
    }

    /// Writes `steps` steps of the counter app (``CounterFixture/action(_:)``) to `path` and returns the
    /// number of bytes written.
    static func counter(steps: Int, path: String) throws -> Int {
        let builder = JournalBuilder(header: header(app: "counter", state: "CounterState", action: "CounterAction",
                                                    initial: ["count": 0]))
        let increment = JournalAction(type: "counter.increment", label: "counter.increment", payload: "increment").jsonValue.serialized(.canonical)
        let decrement = JournalAction(type: "counter.decrement", label: "counter.decrement", payload: "decrement").jsonValue.serialized(.canonical)
        let add = JournalAction(type: "counter.add", label: "counter.add(5)", payload: ["add": ["_0": 5]]).jsonValue.serialized(.canonical)
        var count: Int64 = 0
        return try write(path: path, builder: builder, steps: steps) { step in
            let action: [UInt8]
            switch CounterFixture.action(step) {
            case .increment: count += 1; action = increment
            case .decrement: count -= 1; action = decrement
            case .add(let amount): count += Int64(amount); action = add
            }
            return (action, ["count": .integer(count)])
        }
    }

    private static func header(app: String, state: String, action: String, initial: JSONValue) -> JournalHeader {
        JournalHeader(tool: JournalFormat.tool, app: app, stateType: state, actionType: action, schema: .null, schemaHash: "",
                      created: "2026-01-01T00:00:00Z", initialState: initial, hash: 0)
    }

    private static func write(path: String, builder: JournalBuilder, steps: Int,
                              next: (Int) throws -> ([UInt8], JSONValue)?) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
            throw BenchmarkError.io("cannot create \(path).")
        }
        defer { try? file.close() }
        var bytes: [UInt8] = []
        var written = 0
        builder.writeHeader(into: &bytes)
        for step in 1...max(1, steps) {
            guard let (action, state) = try next(step) else {
                throw BenchmarkError.wrongResult(scenario: "reading", "the generator has no action for step \(step).")
            }
            builder.appendStep(actionBytes: action, state: state, time: 1_763_000_000_000 + Int64(step), into: &bytes)
            if bytes.count >= 4 << 20 || step == steps {
                do {
                    try file.write(contentsOf: bytes)
                } catch {
                    throw BenchmarkError.io("cannot write \(path): \(error.localizedDescription)")
                }
                written += bytes.count
                bytes.removeAll(keepingCapacity: true)
            }
        }
        return written
    }
}
