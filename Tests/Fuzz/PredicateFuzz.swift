import StateJSON
import StateQuery

/// A small state with every kind of value, so that predicates over it take every evaluation path.
private let state: JSONValue = [
    "users": [
        ["id": 1, "name": "Ada", "age": 36, "tags": ["admin"], "active": true],
        ["id": 2, "name": "Grace", "age": -1, "tags": [], "active": false, "manager": nil],
    ],
    "balance": 12.5,
    "big": .unsigned(18_446_744_073_709_551_615),
    "title": "ledger",
    "nested": ["a": ["b": ["c": [1, 2, 3]]]],
    "odd key": "x",
]

private let action: JSONValue = [
    "type": "users.updateAge",
    "label": "updateAge(2, -1)",
    "payload": ["id": 2, "age": -1],
]

/// Parses the input as a predicate; one that parses is evaluated against a fixed state and must
/// print as text that parses back to a predicate printing and evaluating the same way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = fuzzText(UnsafeRawBufferPointer(start: start, count: count))
    if let path = try? JSONPath(parsing: text) {
        _ = path.evaluate(on: state)
        let reread = try? JSONPath(parsing: path.description)
        fuzzCheck(reread == path, "a path changed in a description round trip: \(path.description)")
    }
    guard let predicate = try? StatePredicate(parsing: text) else { return 0 }
    let results = [
        predicate.evaluate(state: state, action: action, step: 7),
        predicate.evaluate(state: state, action: nil, step: 0),
        predicate.evaluate(state: .null, action: .null, step: -1),
    ]
    _ = predicate.referencedPaths
    _ = predicate.referencedActionPaths

    let printed = predicate.description
    let reread: StatePredicate
    do {
        reread = try StatePredicate(parsing: printed)
    } catch {
        fuzzCheck(false, "the description of \(text) does not parse: \(printed) (\(error))")
        return 0
    }
    fuzzCheck(reread.description == printed, "description is not a fixed point: \(printed) became \(reread.description)")
    let again = [
        reread.evaluate(state: state, action: action, step: 7),
        reread.evaluate(state: state, action: nil, step: 0),
        reread.evaluate(state: .null, action: .null, step: -1),
    ]
    fuzzCheck(again == results, "\(text) and its description \(printed) evaluate differently")
    return 0
}
