import Foundation
import StateJSON
import StateEncoding

/// Scenario 2: StateJSON's encoder, serializer, parser and decoder against Foundation's, on the
/// 1,000-user state.
struct JSONBenchmarks {
    let context: BenchmarkContext

    func run() throws -> [Measurement] {
        let state = UsersState.generated(count: context.scale.users)
        let templated = TemplatedUsersState(state)
        let tree = try JSONValueEncoder().encode(state)
        let bytes = tree.serialized(.canonical)
        let data = Data(bytes)
        try check(state: state, tree: tree, bytes: bytes)
        let sortingEncoder = JSONEncoder()
        sortingEncoder.outputFormatting = [.sortedKeys]
        guard try JSONValueEncoder().encode(templated) == tree,
              try sortingEncoder.encode(templated) == sortingEncoder.encode(state) else {
            throw BenchmarkError.wrongResult(scenario: "json", "the templated users do not encode to the same JSON as the Codable ones.")
        }
        let sizeNote = "\(context.scale.users) users, \(NumberText.figure(Double(bytes.count) / 1000)) KB of JSON"
        context.progress("json: \(sizeNote)")

        let foundationEncoder = JSONEncoder()
        foundationEncoder.outputFormatting = [.sortedKeys]
        let foundationDecoder = JSONDecoder()
        let ours = JSONValueEncoder()
        let decoder = JSONValueDecoder()
        let parser = JSONParser()

        let encoding = try pair(baseline: { blackHole(try foundationEncoder.encode(state)) },
                                subject: { blackHole(try ours.encode(state).serialized(.canonical)) })
        let templatedEncoding = try pair(baseline: { blackHole(try foundationEncoder.encode(state)) },
                                         subject: { blackHole(try ours.encode(templated).serialized(.canonical)) })
        let discarding = DiscardingEncoder()
        let codableFloor = try pair(baseline: { blackHole(try foundationEncoder.encode(state)) },
                                    subject: { try state.encode(to: discarding) })
        let treeOnly = try pair(baseline: { blackHole(try foundationEncoder.encode(state)) },
                                subject: { blackHole(try ours.encode(state)) })
        let parsing = try pair(baseline: { blackHole(try JSONSerialization.jsonObject(with: data)) },
                               subject: { blackHole(try parser.parse(bytes)) })
        let decoding = try pair(baseline: { blackHole(try foundationDecoder.decode(UsersState.self, from: data)) },
                                subject: { blackHole(try decoder.decode(UsersState.self, from: tree)) })
        let parseDecoding = try pair(baseline: { blackHole(try foundationDecoder.decode(UsersState.self, from: data)) },
                                     subject: { blackHole(try decoder.decode(UsersState.self, from: try parser.parse(bytes))) })
        let serializing = context.stopwatch.perCall(repetitions: context.scale.repetitions, budget: context.scale.budget) {
            blackHole(tree.serialized(.canonical))
        }

        let encoderName = "JSONEncoder (sortedKeys)"
        let decoderName = "JSONDecoder"
        return [
            row("encode + serialize, JSONValueEncodable users: JSONValueEncoder + serialized(.canonical)", templatedEncoding,
                encoderName, .ratioAtLeast(10), sizeNote),
            row("encode + serialize, Codable users: JSONValueEncoder + serialized(.canonical)", encoding, encoderName, nil,
                "the floor below leaves no Codable encoder room for 10x"),
            row("Codable floor: synthesized encode(to:) into an encoder that stores nothing", codableFloor, encoderName, nil, nil),
            row("encode to tree only: JSONValueEncoder", treeOnly, encoderName, nil, nil),
            Measurement(group: "json", name: "serialize only: serialized(.canonical)", unit: .microsecondsPerOperation,
                        samples: serializing.map { $0 * 1e6 }),
            row("parse: JSONParser", parsing, "JSONSerialization.jsonObject", .ratioAtLeast(10), nil),
            row("decode from tree: JSONValueDecoder", decoding, decoderName, nil, nil),
            row("parse + decode from bytes: JSONParser + JSONValueDecoder", parseDecoding, decoderName, nil, nil),
        ]
    }

    private func pair(baseline: () throws -> Void, subject: () throws -> Void) throws -> (baseline: Samples, subject: Samples) {
        try context.stopwatch.perCallPair(repetitions: context.scale.repetitions, budget: context.scale.budget,
                                          baseline: baseline, subject: subject)
    }

    private func row(_ name: String, _ samples: (baseline: Samples, subject: Samples), _ baselineName: String,
                     _ target: Target?, _ note: String?) -> Measurement {
        Measurement(group: "json", name: name, unit: .microsecondsPerOperation, samples: samples.subject.map { $0 * 1e6 },
                    baselineName: baselineName, baseline: samples.baseline.map { $0 * 1e6 }, target: target, note: note)
    }

    /// The figures mean nothing unless both sides compute the same thing.
    private func check(state: UsersState, tree: JSONValue, bytes: [UInt8]) throws {
        guard try JSONParser().parse(bytes) == tree else {
            throw BenchmarkError.wrongResult(scenario: "json", "parsing the serialized state does not give the encoded tree back.")
        }
        guard try JSONValueDecoder().decode(UsersState.self, from: tree) == state else {
            throw BenchmarkError.wrongResult(scenario: "json", "decoding the encoded tree does not give the state back.")
        }
        guard try JSONDecoder().decode(UsersState.self, from: Data(bytes)) == state else {
            throw BenchmarkError.wrongResult(scenario: "json", "Foundation does not decode StateJSON's output to the same state.")
        }
    }
}
