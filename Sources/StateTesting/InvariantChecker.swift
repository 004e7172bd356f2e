import StateJSON
import StateEncoding
import StateQuery

/// The invariants of one replay with their state type erased, so that one replay loop serves every app.
struct InvariantChecker {
    enum Verdict {
        case holds
        case broken(String)
        case undecodable(name: String, detail: String)
    }

    /// Predicates that did not parse, reported before anything is replayed.
    let parseErrors: [(source: String, error: PredicateParseError)]
    let isEmpty: Bool
    private let evaluate: (JSONValue, JSONValue?, Int) -> Verdict

    private init(parseErrors: [(source: String, error: PredicateParseError)], isEmpty: Bool,
                 evaluate: @escaping (JSONValue, JSONValue?, Int) -> Verdict) {
        self.parseErrors = parseErrors
        self.isEmpty = isEmpty
        self.evaluate = evaluate
    }

    init<State>(_ invariants: [Invariant<State>]) {
        var parseErrors: [(source: String, error: PredicateParseError)] = []
        for invariant in invariants {
            if case .predicate(.failure(let error)) = invariant.check {
                parseErrors.append((invariant.name, error))
            }
        }
        self.init(parseErrors: parseErrors, isEmpty: invariants.isEmpty) { state, action, step in
            // Typed invariants share one decoding of the step's state.
            var typed: State?
            for invariant in invariants {
                switch invariant.check {
                case .predicate(.success(let predicate)):
                    // The initial state has no action, so a predicate about the action says nothing there.
                    if action == nil && !predicate.referencedActionPaths.isEmpty { continue }
                    if !predicate.evaluate(state: state, action: action, step: step) { return .broken(invariant.name) }
                case .predicate(.failure):
                    continue
                case .typed(let holds):
                    let value: State
                    if let typed {
                        value = typed
                    } else {
                        do {
                            guard let decodable = State.self as? any Decodable.Type else {
                                return .undecodable(name: invariant.name, detail: "\(State.self) is not Decodable; write the invariant as a predicate instead")
                            }
                            guard let decoded = try Self.decode(decodable, from: state) as? State else {
                                return .undecodable(name: invariant.name, detail: "the state decodes as another type")
                            }
                            value = decoded
                        } catch {
                            return .undecodable(name: invariant.name, detail: "\(error)")
                        }
                        typed = value
                    }
                    if !holds(value) { return .broken(invariant.name) }
                }
            }
            return .holds
        }
    }

    private static func decode<Decoded: Decodable>(_: Decoded.Type, from state: JSONValue) throws -> Any {
        try JSONValueDecoder().decode(Decoded.self, from: state)
    }

    func check(state: JSONValue, action: JSONValue?, step: Int) -> Verdict {
        evaluate(state, action, step)
    }
}
