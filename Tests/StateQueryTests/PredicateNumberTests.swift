import Testing
import StateJSON
import StateQuery

/// Numbers in predicates compare with the recorded ones exactly, as the journal holds them: every
/// integer however long, decimals with more digits than a `Double` keeps, exponents past its range,
/// and negative zero.
@Suite struct PredicateNumberTests {
    /// The state as a reader of the journal line gets it: each number kept as its text says.
    private let state = try! JSONValue(parsing: """
        {"max": 18446744073709551615, "past": 18446744073709551616, "thirty": 123456789012345678901234567890,
         "negative": -123456789012345678901234567890, "tenth": 0.1, "long": 0.1000000000000000000001,
         "huge": 1e400, "negativeZero": -0.0, "zero": 0, "seventeen": 9007199254740993}
        """)

    private func holds(_ text: String) throws -> Bool {
        try StatePredicate(parsing: text).evaluate(state: state, action: nil)
    }

    @Test func theLargestUnsignedIntegerEqualsItsOwnText() throws {
        #expect(try holds(".max == 18446744073709551615"))
        #expect(try !holds(".max == 18446744073709551614"))
        #expect(try !holds(".max == 18446744073709551616"))
        #expect(try holds(".max > 18446744073709551614"))
        #expect(try holds(".max < 18446744073709551616"))
        #expect(try holds(".max >= 9223372036854775808"))
        #expect(try holds(".past > .max"))
    }

    @Test func integersPastSixtyFourBitsCompareByEveryDigit() throws {
        #expect(try holds(".thirty == 123456789012345678901234567890"))
        #expect(try !holds(".thirty == 123456789012345678901234567891"))
        #expect(try holds(".thirty > 123456789012345678901234567889"))
        #expect(try !holds(".thirty > 123456789012345678901234567890"))
        #expect(try holds(".negative < -123456789012345678901234567889"))
        #expect(try holds(".negative == -123456789012345678901234567890"))
        #expect(try holds(".seventeen == 9007199254740993"))
        #expect(try !holds(".seventeen == 9007199254740992"))
    }

    @Test func decimalsCompareExactlyNotAsTheNearestDouble() throws {
        #expect(try holds(".tenth == 0.1"))
        #expect(try holds(".tenth == 0.10"))
        #expect(try !holds(".long == 0.1"))
        #expect(try holds(".long > 0.1"))
        #expect(try holds(".long == 0.1000000000000000000001"))
        #expect(try holds(".long < 0.1000000000000000000002"))
        #expect(try holds(".huge == 1e400"))
        #expect(try holds(".huge == 10E399"))
        #expect(try !holds(".huge == 2e400"))
        #expect(try holds(".huge > 1e308"))
    }

    @Test func negativeZeroEqualsZeroAndIsNotBelowIt() throws {
        #expect(try holds(".negativeZero == 0"))
        #expect(try holds(".negativeZero == -0"))
        #expect(try holds(".zero == -0"))
        #expect(try holds(".zero == -0.0"))
        #expect(try !holds(".negativeZero < 0"))
        #expect(try holds(".negativeZero >= 0"))
    }

    @Test func literalsCompareWithOneAnotherExactly() throws {
        #expect(try holds("18446744073709551616 > 18446744073709551615"))
        #expect(try holds("1e400 < 1e401"))
        #expect(try holds("007 == 7"))
        #expect(try holds("-007.50 == -7.5"))
    }

    @Test func aLiteralIsWrittenBackWithAllItsDigits() throws {
        #expect(try StatePredicate(parsing: ".a == 18446744073709551616").description == ".a == 18446744073709551616")
        #expect(try StatePredicate(parsing: ".a == 1e400").description == ".a == 1e400")
        #expect(try StatePredicate(parsing: ".a == 0.1000000000000000000001").description == ".a == 0.1000000000000000000001")
        #expect(try StatePredicate(parsing: ".a == 18446744073709551615").description == ".a == 18446744073709551615")
    }
}
