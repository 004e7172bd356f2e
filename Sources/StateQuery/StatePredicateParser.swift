import StateJSON

/// A recursive-descent parser for ``StatePredicate``, one function per grammar rule.
struct StatePredicateParser {
    private typealias Expression = StatePredicate.Expression
    private typealias Operand = StatePredicate.Operand

    /// The deepest nesting of parentheses, `not`, `any` and `all` accepted. Parsing, printing and
    /// evaluating all recurse once per level, so without a bound a long run of `(` overflows the stack.
    static let maxDepth = 256

    private let source: String
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    init(source: String) {
        self.source = source
        bytes = Array(source.utf8)
    }

    mutating func parsePredicate() throws(PredicateParseError) -> StatePredicate.Expression {
        skipSpaces()
        guard position < bytes.count else { throw failure(at: position, .expectedCondition(found: nil)) }
        let expression = try parseOr()
        skipSpaces()
        guard position == bytes.count else {
            throw failure(at: position, .unexpectedToken(found: found()))
        }
        return expression
    }

    // MARK: Rules

    private mutating func parseOr() throws(PredicateParseError) -> Expression {
        var terms = [try parseAnd()]
        while consumeKeyword("or") { terms.append(try parseAnd()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func parseAnd() throws(PredicateParseError) -> Expression {
        var terms = [try parseUnary()]
        while consumeKeyword("and") { terms.append(try parseUnary()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    private mutating func parseUnary() throws(PredicateParseError) -> Expression {
        // Every level of nesting passes through here, so this one count bounds them all.
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else {
            skipSpaces()
            throw failure(at: position, .tooDeep(limit: Self.maxDepth))
        }
        if consumeKeyword("not") { return .not(try parseUnary()) }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(PredicateParseError) -> Expression {
        skipSpaces()
        let start = position
        if consume("(") {
            let inner = try parseOr()
            try expectClosingParenthesis(openedAt: start)
            return inner
        }
        let quantifiers: [(String, StatePredicate.Quantifier)] = [("any", .any), ("all", .all)]
        for (keyword, quantifier) in quantifiers where consumeKeyword(keyword) {
            skipSpaces()
            let open = position
            guard consume("(") else { throw failure(at: position, .expectedOpeningParenthesis(after: "'\(keyword)'")) }
            let inner = try parseOr()
            try expectClosingParenthesis(openedAt: open)
            return .quantified(quantifier, inner)
        }
        if consumeKeyword("exists") {
            skipSpaces()
            guard let operand = try parseOperand() else {
                throw failure(at: position, .expectedValue(after: "'exists'"))
            }
            return .exists(operand)
        }
        guard let left = try parseOperand() else {
            throw failure(at: position, .expectedCondition(found: found()))
        }
        guard let comparison = parseComparison() else { return .truthy(left) }
        skipSpaces()
        guard let right = try parseOperand() else {
            throw failure(at: position, .expectedValue(after: "'\(comparison.rawValue)'"))
        }
        return .comparison(left, comparison, right)
    }

    private mutating func expectClosingParenthesis(openedAt open: Int) throws(PredicateParseError) {
        skipSpaces()
        guard consume(")") else {
            let column = JSONStringLiteral.column(of: open, in: bytes)
            throw failure(at: position, .unclosedParenthesis(openedAtColumn: column, found: found()))
        }
    }

    private mutating func parseComparison() -> StatePredicate.Comparison? {
        skipSpaces()
        for comparison in [StatePredicate.Comparison.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        where consume(comparison.rawValue) {
            return comparison
        }
        return consumeKeyword("contains") ? .contains : nil
    }

    /// An operand, or `nil` (consuming nothing) when none starts here.
    private mutating func parseOperand() throws(PredicateParseError) -> Operand? {
        skipSpaces()
        guard let byte = peek() else { return nil }
        switch byte {
        case UInt8(ascii: "."):
            return .state(try parsePath())
        case UInt8(ascii: "\""):
            do {
                let (value, end) = try JSONStringLiteral.scan(bytes, at: position)
                position = end
                return .literal(.string(value))
            } catch {
                throw failure(at: error.offset, .invalidString(error.message))
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .literal(try parseNumber())
        default:
            break
        }
        if consumeKeyword("action") {
            return .action(peek() == UInt8(ascii: ".") ? try parsePath() : .root)
        }
        if consumeKeyword("step") { return .step }
        if consumeKeyword("true") { return .literal(true) }
        if consumeKeyword("false") { return .literal(false) }
        if consumeKeyword("null") { return .literal(nil) }
        return nil
    }

    private mutating func parsePath() throws(PredicateParseError) -> JSONPath {
        do {
            let (path, end) = try JSONPath.parse(bytes, from: position)
            position = end
            return path
        } catch {
            throw PredicateParseError(column: error.column, code: .invalidPath(error.code), source: source)
        }
    }

    /// A number, read as the journal's parser reads the same text, so that it compares with the
    /// recorded numbers exactly: `.integer` or `.unsigned` when it fits 64 bits, `.double` when a
    /// `Double` writes it back as it is written, and otherwise `.bigNumber`, its text, exact however
    /// many digits it has (`18446744073709551616`, `0.1000000000000000000001`, `1e400`).
    private mutating func parseNumber() throws(PredicateParseError) -> JSONValue {
        let start = position
        func digits() -> Int {
            let first = position
            while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
            return position - first
        }
        _ = consume("-")
        guard digits() > 0 else { throw failure(at: position, .expectedDigit(.integer)) }
        if consume(".") {
            guard digits() > 0 else { throw failure(at: position, .expectedDigit(.fraction)) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if !consume("+") { _ = consume("-") }
            guard digits() > 0 else { throw failure(at: position, .expectedDigit(.exponent)) }
        }
        var magnitude = bytes[start..<position]
        let negative = magnitude.first == UInt8(ascii: "-")
        if negative { magnitude = magnitude.dropFirst() }
        // JSON has no leading zeros; `007` is 7 all the same.
        while magnitude.count > 1, magnitude.first == UInt8(ascii: "0"),
              let next = magnitude.dropFirst().first, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
            magnitude = magnitude.dropFirst()
        }
        let text = (negative ? "-" : "") + String(decoding: magnitude, as: UTF8.self)
        // The scan above admits only JSON numbers, which the parser reads; its text is the fallback
        // all the same, since a `.bigNumber` compares exactly.
        return (try? JSONValue(parsing: text)) ?? .bigNumber(text)
    }

    // MARK: Scanning

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipSpaces() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func consume(_ literal: String) -> Bool {
        let utf8 = literal.utf8
        guard bytes.count - position >= utf8.count, bytes[position..<(position + utf8.count)].elementsEqual(utf8) else {
            return false
        }
        position += utf8.count
        return true
    }

    /// Consumes `keyword` (after spaces) when it stands alone, not as the start of a longer word.
    private mutating func consumeKeyword(_ keyword: String) -> Bool {
        let saved = position
        skipSpaces()
        if consume(keyword), !(peek().map(isWordByte) ?? false) { return true }
        position = saved
        return false
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// What is at the current position, for messages: `'x'`, `'=='`, a word, or `the end`.
    private func found() -> String {
        guard position < bytes.count else { return "the end" }
        let rest = String(decoding: bytes[position...], as: UTF8.self)
        let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        if !word.isEmpty { return "'\(word)'" }
        if rest.hasPrefix("=") && !rest.hasPrefix("==") { return "'=' (use '==' to compare)" }
        return "'\(rest.prefix(1))'"
    }

    private func failure(at offset: Int, _ code: PredicateParseError.Code) -> PredicateParseError {
        PredicateParseError(column: JSONStringLiteral.column(of: offset, in: bytes), code: code, source: source)
    }
}
