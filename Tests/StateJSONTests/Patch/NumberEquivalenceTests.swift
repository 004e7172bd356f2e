import Testing
@testable import StateJSON

/// How numbers compare in a patch `test`, in predicates and in ``JSONValue/isEquivalent(to:)``: by
/// the exact decimal value their JSON text says (a `.double` says what it is written as: its
/// shortest round-trip text), whatever case holds them. `==` stays stricter: it also tells the cases apart.
@Suite struct NumberEquivalenceTests {
    private func order(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? { JSONValue.compareNumbers(lhs, rhs) }

    @Test func integersBeyondUInt64AreComparedDigitByDigit() throws {
        let twoToThe64 = try JSONValue(parsing: "18446744073709551616")
        let next = try JSONValue(parsing: "18446744073709551617")
        #expect(!twoToThe64.isEquivalent(to: next))
        #expect(order(twoToThe64, next) == -1)
        #expect(order(next, twoToThe64) == 1)
        #expect(order(.unsigned(.max), twoToThe64) == -1)
        #expect(order(.integer(.min), .bigNumber("-9223372036854775809")) == 1)
        #expect(twoToThe64.isEquivalent(to: .bigNumber("1.8446744073709551616e19")))
    }

    @Test func numbersBeyondTheRangeOfDoubleAreComparedExactly() {
        #expect(!JSONValue.bigNumber("1e400").isEquivalent(to: .bigNumber("2e400")))
        #expect(order(.bigNumber("1e400"), .bigNumber("2e400")) == -1)
        #expect(order(.bigNumber("1e400"), .bigNumber("1e401")) == -1)
        #expect(order(.bigNumber("-1e400"), .bigNumber("-1e399")) == -1)
        #expect(order(.bigNumber("1e-400"), .bigNumber("1e-401")) == 1)
        #expect(order(.bigNumber("1e400"), .double(.greatestFiniteMagnitude)) == 1)
        #expect(order(.bigNumber("-1e400"), .integer(.min)) == -1)
        #expect(order(.bigNumber("1e-400"), .integer(0)) == 1)
        for same in ["1E400", "10e399", "0.1e401", "1.000e+400", "100000e395"] {
            #expect(JSONValue.bigNumber("1e400").isEquivalent(to: .bigNumber(same)), "\(same)")
        }
    }

    @Test func exponentsTooLongForAnIntegerAreComparedExactly() {
        let huge = "1e100000000000000000000000000000"
        #expect(JSONValue.bigNumber(huge).isEquivalent(to: .bigNumber("10e99999999999999999999999999999")))
        #expect(JSONValue.bigNumber(huge).isEquivalent(to: .bigNumber("0.001e100000000000000000000000000003")))
        #expect(order(.bigNumber(huge), .bigNumber("1e100000000000000000000000000001")) == -1)
        #expect(order(.bigNumber(huge), .bigNumber("9e99999999999999999999999999999")) == 1)
        #expect(order(.bigNumber("1e-100000000000000000000000000000"), .integer(0)) == 1)
        #expect(order(.bigNumber("-1e-100000000000000000000000000000"), .bigNumber("-1e-99999999999999999999")) == 1)
        #expect(order(.bigNumber("1e999999999999999999"), .bigNumber("10e999999999999999998")) == 0)
        #expect(order(.bigNumber("1e1000000000000000000"), .bigNumber("10e999999999999999999")) == 0)
        // The digits before and after the point move the exponent, with carries and borrows across
        // the long exponent's digits.
        #expect(order(.bigNumber("1000e999999999999999999999"), .bigNumber("1e1000000000000000000002")) == 0)
        #expect(order(.bigNumber("0.0001e1000000000000000000"), .bigNumber("1e999999999999999996")) == 0)
        #expect(order(.bigNumber("0.0001e1000000000000000000"), .bigNumber("1e999999999999999997")) == -1)
        #expect(order(.bigNumber("-0.0001e-1000000000000000000"), .bigNumber("-1e-1000000000000000004")) == 0)
    }

    @Test func aBigNumberWhoseTextIsNotANumberEqualsOnlyItself() {
        #expect(JSONValue.bigNumber("twelve").isEquivalent(to: .bigNumber("twelve")))
        #expect(!JSONValue.bigNumber("twelve").isEquivalent(to: .integer(12)))
        #expect(order(.bigNumber("twelve"), .integer(12)) == nil)
        #expect(order(.bigNumber("1e"), .integer(1)) == nil)
        #expect(order(.string("1"), .integer(1)) == nil)
    }

    @Test func anIntegerEqualsADoubleOfTheSameValue() {
        #expect(JSONValue.integer(1).isEquivalent(to: .double(1.0)))
        #expect(JSONValue.integer(1) != .double(1.0), "== still tells the cases apart")
        #expect(JSONValue.integer(0).isEquivalent(to: .double(-0.0)))
        #expect(JSONValue.integer(-3).isEquivalent(to: .bigNumber("-3.000")))
        #expect(JSONValue.unsigned(.max).isEquivalent(to: .bigNumber("18446744073709551615.0")))
        #expect(JSONValue.double(1e22).isEquivalent(to: .bigNumber("10000000000000000000000")))
        #expect(order(.integer(2), .double(2.5)) == -1)
        #expect(order(.double(-2.5), .integer(-2)) == -1)
    }

    @Test func anIntegerDiffersFromTheNearestDoubleThatIsNotItsValue() {
        #expect(!JSONValue.integer(9_007_199_254_740_993).isEquivalent(to: .double(9_007_199_254_740_992)))
        #expect(order(.integer(9_007_199_254_740_993), .double(9_007_199_254_740_992)) == 1)
        #expect(!JSONValue.unsigned(.max).isEquivalent(to: .double(18_446_744_073_709_551_616)))
        #expect(order(.unsigned(.max), .double(18_446_744_073_709_551_616)) == -1)
    }

    @Test func aDoubleStandsForTheShortestTextItIsWrittenAs() {
        #expect(JSONValue.double(0.1).isEquivalent(to: .bigNumber("0.1000")))
        #expect(!JSONValue.double(0.1).isEquivalent(to: .bigNumber("0.10000000000000000001")))
        #expect(order(.double(0.1), .bigNumber("0.10000000000000000001")) == -1)
        #expect(JSONValue.double(1e300).isEquivalent(to: .bigNumber("1e300")))
        #expect(JSONValue.double(.leastNonzeroMagnitude).isEquivalent(to: .bigNumber("0.5e-323")))
        #expect(order(.double(0.1), .double(0.2)) == -1)
    }

    @Test func patchTestUsesTheExactRule() throws {
        let document: JSONValue = ["big": .bigNumber("18446744073709551616"), "one": 1]
        func test(_ path: String, _ value: JSONValue) -> Bool {
            (try? JSONPatch([.test(path: JSONPointer(tokens: [path]), value: value)]).apply(to: document)) != nil
        }
        #expect(!test("big", .bigNumber("18446744073709551617")))
        #expect(!test("big", .double(18_446_744_073_709_551_616)))
        #expect(test("big", .bigNumber("18446744073709551616.0")))
        #expect(test("one", .double(1.0)))
        #expect(!test("one", .string("1")))
    }
}
