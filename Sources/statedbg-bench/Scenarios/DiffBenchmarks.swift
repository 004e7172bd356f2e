import StateJSON
import StateEncoding

/// Scenario 3: `JSONDiff.patch` between two 1,000-user states, differing in one field or in every user.
struct DiffBenchmarks {
    let context: BenchmarkContext

    func run() throws -> [Measurement] {
        let users = context.scale.users
        context.progress("diff: \(users) users")
        let before = UsersState.generated(count: users)
        let old = try JSONValueEncoder().encode(before)

        var oneField = before
        oneField.users[users / 2].age += 1
        // Encoded separately, the trees share no storage: the diff must compare every user it skips.
        let separate = try JSONValueEncoder().encode(oneField)
        // Edited in place, the trees share every unchanged user, as consecutive states of a recording do.
        let shared = try editedInPlace(old, user: users / 2, age: oneField.users[users / 2].age)

        var everyone = before
        for index in everyone.users.indices { everyone.users[index].age += 1 }
        let everyElement = try JSONValueEncoder().encode(everyone)

        return [
            try row("one field, trees encoded separately", from: old, to: separate, target: .below(100)),
            try row("one field, unchanged users shared (as in a recording)", from: old, to: shared, target: nil),
            try row("every user differs in one field", from: old, to: everyElement, target: nil),
        ]
    }

    private func row(_ name: String, from old: JSONValue, to new: JSONValue, target: Target?) throws -> Measurement {
        let patch = JSONDiff.patch(from: old, to: new)
        guard try patch.apply(to: old) == new else {
            throw BenchmarkError.wrongResult(scenario: "diff", "\(name): applying the patch does not give the new state.")
        }
        let samples = context.stopwatch.perCall(repetitions: context.scale.repetitions, budget: context.scale.budget) {
            blackHole(JSONDiff.patch(from: old, to: new))
        }
        return Measurement(group: "diff", name: "JSONDiff.patch, \(context.scale.users) users: \(name)", unit: .microsecondsPerOperation,
                           samples: samples.map { $0 * 1e6 }, target: target,
                           note: "\(patch.operations.count) operation\(patch.operations.count == 1 ? "" : "s")")
    }

    /// `state` with one user's age replaced, copying only the path down to it.
    private func editedInPlace(_ state: JSONValue, user index: Int, age: Int) throws -> JSONValue {
        guard case .object(var root) = state, case .array(var list)? = root["users"],
              list.indices.contains(index), case .object(var user) = list[index] else {
            throw BenchmarkError.wrongResult(scenario: "diff", "the encoded users state does not have the expected shape.")
        }
        user["age"] = .integer(Int64(age))
        list[index] = .object(user)
        root["users"] = .array(list)
        return .object(root)
    }
}
