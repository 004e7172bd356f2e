import StateJSON
import StateQuery
import Testing

/// Predicates that crashed the parser, kept so the fixes stay fixed (see `.ci/fuzz --target predicate`).
@Suite struct PredicateFuzzRegressionTests {
    /// 8,000 nested parentheses: the recursive-descent parser recursed once per level and overflowed
    /// the stack. Built rather than written out, because the input is 16 KB of brackets.
    static let deepParentheses = String(repeating: "(", count: 8_000) + "true" + String(repeating: ")", count: 8_000)

    @Test func deeplyNestedParenthesesAreAnErrorNotAStackOverflow() {
        #expect {
            _ = try StatePredicate(parsing: Self.deepParentheses)
        } throws: { error in
            (error as? PredicateParseError)?.description
                == "column 257: the predicate nests more than 256 levels of parentheses, 'not', 'any' and 'all'."
        }
    }

    @Test func aLongChainOfNotIsBoundedToo() {
        let source = String(repeating: "not ", count: 1_000) + "true"
        #expect {
            _ = try StatePredicate(parsing: source)
        } throws: { error in
            (error as? PredicateParseError)?.column == 1_025
        }
    }

    @Test func nestingUpToTheLimitStillParsesAndEvaluates() throws {
        let source = String(repeating: "(", count: 255) + ".ok" + String(repeating: ")", count: 255)
        let predicate = try StatePredicate(parsing: source)
        #expect(predicate.description == ".ok")
        #expect(predicate.evaluate(state: ["ok": true], action: nil))
        #expect(!predicate.evaluate(state: ["ok": false], action: nil))
    }
}
