import StateJSON

/// A condition over a state, the action that produced it and its step number.
///
/// The debugger uses predicates to search a recording (`find`), to stop replay (`until`) and to
/// bisect for the first step where something became true.
///
/// Grammar (keywords are lowercase; whitespace separates tokens anywhere except inside a path):
///
/// ```text
/// expr     := or
/// or       := and ('or' and)*
/// and      := unary ('and' unary)*
/// unary    := 'not' unary | primary
/// primary  := '(' expr ')'
///           | ('any' | 'all') '(' expr ')'
///           | 'exists' operand
///           | operand (op operand)?
/// op       := '==' | '!=' | '<' | '<=' | '>' | '>=' | 'contains'
/// operand  := path                        a JSONPath into the state: .users[*].age
///           | 'action' path?              the action object {type, label, payload}: action.payload.amount
///           | 'step'                      the step number
///           | number | string | 'true' | 'false' | 'null'
/// ```
///
/// Paths follow ``JSONPath``; strings are JSON string literals. A path ending in `.count` counts
/// the elements of an array or the members of an object without a `count` member, so
/// `.users.count > 3` holds when there are more than three users; an object's real `count` member
/// is read as itself, and `count` on a scalar selects nothing (the comparison is false).
///
/// Semantics:
/// - An operand stands for every value it selects: none when a path matches nothing (or when
///   there is no action), several when a path has `[*]` or `..`.
/// - A comparison is true when some pair of values satisfies it. Inside `all(...)` it is true when
///   every pair does, including when there are none: `all(.users[*].age >= 0)` holds for an empty
///   user list. `any(...)` restores the default inside an `all`. The quantifier changes how each
///   comparison and operand test inside combines its values; `and`, `or` and `not` then combine
///   those results as usual.
/// - An operand on its own is true when it has a value that is neither `false` nor `null`
///   (inside `all(...)`: when none of its values is `false` or `null`). `exists` is true when the
///   operand has at least one value, whatever it is.
/// - `==` compares JSON values, numbers by value (`1 == 1.0`), exactly however many digits they have
///   (`18446744073709551615`, `0.1000000000000000000001`, `1e400`); `!=` is its negation, so values of
///   different kinds are unequal. `<`, `<=`, `>`, `>=` compare two numbers numerically or two
///   strings by UTF-8 bytes, and are false for anything else. `contains` is true for a string
///   containing a substring, an array containing an element and an object containing a key; false
///   for any other pair. Comparing different kinds is never an error.
///
/// ```swift
/// let predicate = try StatePredicate(parsing: #"any(.users[*].age < 0) and action.type == "users.updateAge""#)
/// predicate.evaluate(state: ["users": [["age": -1]]], action: ["type": "users.updateAge"], step: 4)   // true
/// predicate.referencedPaths.map(\.description)   // [".users[*].age"]
/// ```
public struct StatePredicate: Sendable, Hashable, CustomStringConvertible {
    /// How a comparison or test combines the values of its operands.
    enum Quantifier: Sendable, Hashable {
        case any, all
    }

    /// A comparison operator.
    enum Comparison: String, Sendable, Hashable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case contains
    }

    enum Operand: Sendable, Hashable {
        case state(JSONPath)
        case action(JSONPath)
        case step
        case literal(JSONValue)
    }

    indirect enum Expression: Sendable, Hashable {
        case or([Expression])
        case and([Expression])
        case not(Expression)
        case quantified(Quantifier, Expression)
        case exists(Operand)
        case truthy(Operand)
        case comparison(Operand, Comparison, Operand)
    }

    /// The text the predicate was parsed from.
    public let source: String
    let expression: Expression

    /// Parses a predicate written in the grammar above.
    ///
    /// - Throws: ``PredicateParseError`` with the column of the first mistake.
    public init(parsing source: String) throws(PredicateParseError) {
        self.source = source
        var parser = StatePredicateParser(source: source)
        expression = try parser.parsePredicate()
    }

    /// The predicate in canonical form: single spaces, parentheses only where needed.
    public var description: String {
        StatePredicate.text(expression, parentPrecedence: 0)
    }

    /// The state paths the predicate reads, in order of first appearance.
    public var referencedPaths: [JSONPath] {
        var paths: [JSONPath] = []
        forEachOperand(expression) { operand in
            if case .state(let path) = operand, !paths.contains(path) { paths.append(path) }
        }
        return paths
    }

    /// The paths into the action the predicate reads (`.type` for `action.type`), in order.
    public var referencedActionPaths: [JSONPath] {
        var paths: [JSONPath] = []
        forEachOperand(expression) { operand in
            if case .action(let path) = operand, !paths.contains(path) { paths.append(path) }
        }
        return paths
    }

    /// Whether the predicate reads nothing but the state (no `action…`, no `step`): then two states
    /// equal at its ``referencedPaths`` give it the same value.
    package var readsOnlyState: Bool {
        var only = true
        forEachOperand(expression) { operand in
            switch operand {
            case .action, .step: only = false
            case .state, .literal: break
            }
        }
        return only
    }

    /// Whether the predicate holds.
    ///
    /// - Parameters:
    ///   - state: the state after the step.
    ///   - action: the step's action as `{"type": …, "label": …, "payload": …}`, or `nil` (the
    ///     initial state has none; `action…` operands then have no value).
    ///   - step: the step number `step` stands for.
    /// - Returns: `true` when the predicate holds for these values.
    public func evaluate(state: JSONValue, action: JSONValue?, step: Int = 0) -> Bool {
        let context = Context(state: state, action: action, step: step)
        return StatePredicate.evaluate(expression, quantifier: .any, in: context)
    }

    // MARK: Evaluation

    private struct Context {
        let state: JSONValue
        let action: JSONValue?
        let step: Int
    }

    private static func evaluate(_ expression: Expression, quantifier: Quantifier, in context: Context) -> Bool {
        switch expression {
        case .or(let terms):
            return terms.contains { evaluate($0, quantifier: quantifier, in: context) }
        case .and(let terms):
            return terms.allSatisfy { evaluate($0, quantifier: quantifier, in: context) }
        case .not(let inner):
            return !evaluate(inner, quantifier: quantifier, in: context)
        case .quantified(let inner, let body):
            return evaluate(body, quantifier: inner, in: context)
        case .exists(let operand):
            return !forEachValue(of: operand, in: context) { _ in false }
        case .truthy(let operand):
            switch quantifier {
            case .any: return !forEachValue(of: operand, in: context) { !isTruthy($0) }
            case .all: return forEachValue(of: operand, in: context) { isTruthy($0) }
            }
        case .comparison(let left, let comparison, let right):
            // Values stream from the left operand and stop at the first that decides the answer;
            // the right operand is usually a literal, so only it is collected.
            let rightValues = values(of: right, in: context)
            switch quantifier {
            case .any:
                return !forEachValue(of: left, in: context) { lhs in
                    !rightValues.contains { rhs in compare(lhs, comparison, rhs) }
                }
            case .all:
                return forEachValue(of: left, in: context) { lhs in
                    rightValues.allSatisfy { rhs in compare(lhs, comparison, rhs) }
                }
            }
        }
    }

    /// Calls `body` with each value of `operand` until it returns `false`; `false` when stopped.
    private static func forEachValue(of operand: Operand, in context: Context, _ body: (JSONValue) -> Bool) -> Bool {
        switch operand {
        case .state(let path):
            return path.forEachValue(in: context.state, body)
        case .action(let path):
            guard let action = context.action else { return true }
            return path.forEachValue(in: action, body)
        case .step:
            return body(.integer(Int64(context.step)))
        case .literal(let value):
            return body(value)
        }
    }

    private static func values(of operand: Operand, in context: Context) -> [JSONValue] {
        var values: [JSONValue] = []
        _ = forEachValue(of: operand, in: context) { value in
            values.append(value)
            return true
        }
        return values
    }

    private static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool(false): false
        default: true
        }
    }

    static func compare(_ lhs: JSONValue, _ comparison: Comparison, _ rhs: JSONValue) -> Bool {
        switch comparison {
        case .equal: return lhs.isEquivalent(to: rhs)
        case .notEqual: return !lhs.isEquivalent(to: rhs)
        case .less: return order(lhs, rhs).map { $0 < 0 } ?? false
        case .lessOrEqual: return order(lhs, rhs).map { $0 <= 0 } ?? false
        case .greater: return order(lhs, rhs).map { $0 > 0 } ?? false
        case .greaterOrEqual: return order(lhs, rhs).map { $0 >= 0 } ?? false
        case .contains:
            switch (lhs, rhs) {
            case (.string(let text), .string(let part)):
                return part.isEmpty || text.utf8.firstRange(of: part.utf8) != nil
            case (.array(let elements), _):
                return elements.contains { $0.isEquivalent(to: rhs) }
            case (.object(let object), .string(let key)):
                return object.index(forKey: key) != nil
            default:
                return false
            }
        }
    }

    private static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        if case .string(let left) = lhs, case .string(let right) = rhs {
            if left == right { return 0 }
            return left.utf8.lexicographicallyPrecedes(right.utf8) ? -1 : 1
        }
        return JSONValue.compareNumbers(lhs, rhs)
    }

    // MARK: Description

    private func forEachOperand(_ expression: Expression, _ body: (Operand) -> Void) {
        switch expression {
        case .or(let terms), .and(let terms):
            for term in terms { forEachOperand(term, body) }
        case .not(let inner), .quantified(_, let inner):
            forEachOperand(inner, body)
        case .exists(let operand), .truthy(let operand):
            body(operand)
        case .comparison(let left, _, let right):
            body(left)
            body(right)
        }
    }

    /// Precedence: or 1, and 2, everything else 3; a child below its parent's level needs parentheses.
    private static func text(_ expression: Expression, parentPrecedence: Int) -> String {
        switch expression {
        case .or(let terms):
            let joined = terms.map { text($0, parentPrecedence: 1) }.joined(separator: " or ")
            return parentPrecedence > 1 ? "(" + joined + ")" : joined
        case .and(let terms):
            let joined = terms.map { text($0, parentPrecedence: 2) }.joined(separator: " and ")
            return parentPrecedence > 2 ? "(" + joined + ")" : joined
        case .not(let inner):
            return "not " + text(inner, parentPrecedence: 3)
        case .quantified(let quantifier, let inner):
            return (quantifier == .any ? "any(" : "all(") + text(inner, parentPrecedence: 0) + ")"
        case .exists(let operand):
            return "exists " + text(operand)
        case .truthy(let operand):
            return text(operand)
        case .comparison(let left, let comparison, let right):
            return text(left) + " " + comparison.rawValue + " " + text(right)
        }
    }

    private static func text(_ operand: Operand) -> String {
        switch operand {
        case .state(let path): path.description
        case .action(let path): path.segments.isEmpty ? "action" : "action" + path.description
        case .step: "step"
        case .literal(let value): JSONTextEscaping.compactText(value)
        }
    }
}
