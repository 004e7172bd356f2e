import Foundation
import StateJSON
import StateJournal
import TestSupport
import Testing

/// Numbers past 64 bits, decimals with more digits than a `Double` keeps, and negative zero: `show`,
/// `diff` and `changes` print them as recorded, and a predicate written with the printed text holds
/// exactly where the value is that.
@Suite struct ExactNumberTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        let initial = try JSONValue(parsing: #"{"big":123456789012345678901234567889,"counter":18446744073709551614,"price":0.1,"zero":0.0}"#)
        let header = JournalHeader(tool: "statedbg 0.1.0", app: "numbers", stateType: "Numbers.State", actionType: "Numbers.Action",
                                   schema: [:], schemaHash: "0000000000000000", created: "2026-01-01T00:00:00.000Z",
                                   initialState: initial, hash: StateFingerprint.of(initial, scheme: .chunked))
        let builder = JournalBuilder(header: header)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        let steps = [
            ("numbers.count", #"{"big":123456789012345678901234567889,"counter":18446744073709551615,"price":0.1,"zero":0.0}"#),
            ("numbers.grow", #"{"big":123456789012345678901234567890,"counter":18446744073709551615,"price":0.1,"zero":0.0}"#),
            ("numbers.price", #"{"big":123456789012345678901234567890,"counter":18446744073709551615,"price":0.1000000000000000000001,"zero":0.0}"#),
            ("numbers.negate", #"{"big":123456789012345678901234567890,"counter":18446744073709551615,"price":0.1000000000000000000001,"zero":-0.0}"#),
        ]
        for (index, step) in steps.enumerated() {
            let action = JournalAction(type: step.0, label: step.0, payload: [:])
            builder.appendStep(action: action, state: try JSONValue(parsing: step.1), time: Int64(index + 1), into: &bytes)
        }
        _ = try directory.writeBytes(bytes, to: "n.jsonl")
    }

    private func run(_ arguments: String...) -> CommandRun {
        CommandRun.statedbg(arguments, in: directory)
    }

    @Test func showAndDiffPrintTheNumbersAsRecorded() {
        let show = run("show", "@n.jsonl", "--step", "4")
        #expect(show.output == """
            {
              "big": 123456789012345678901234567890,
              "counter": 18446744073709551615,
              "price": 0.1000000000000000000001,
              "zero": -0.0
            }

            """)
        let diff = run("diff", "@n.jsonl", "0", "4")
        #expect(diff.output == """
            --- step 0
            +++ step 4
              {
            -   "big": 123456789012345678901234567889,
            +   "big": 123456789012345678901234567890,
            -   "counter": 18446744073709551614,
            +   "counter": 18446744073709551615,
            -   "price": 0.1,
            +   "price": 0.1000000000000000000001,
            -   "zero": 0.0
            +   "zero": -0.0
              }

            """)
    }

    @Test func changesSeesEachNumberChangeAtItsStep() {
        #expect(run("changes", "@n.jsonl", ".counter").output == """
            step 1 numbers.count: 18446744073709551614 → 18446744073709551615
            .counter changed at 1 of steps 1 to 4.

            """)
        #expect(run("changes", "@n.jsonl", ".price").output == """
            step 3 numbers.price: 0.1 → 0.1000000000000000000001
            .price changed at 1 of steps 1 to 4.

            """)
        #expect(run("changes", "@n.jsonl", ".zero").output == """
            step 4 numbers.negate: 0.0 → -0.0
            .zero changed at 1 of steps 1 to 4.

            """)
    }

    /// The step `bisect` reports for `predicate`, by binary search and by a linear scan; `nil` when it never holds.
    private func bisect(_ predicate: String) throws -> [Int?] {
        try [[], ["--linear"]].map { extra in
            let result = CommandRun.statedbg(["bisect", "@n.jsonl", predicate, "--json"] + extra, in: directory)
            let report = try JSONValue(parsing: result.output)
            guard case .object(let object) = report, let step = object["step"] else { return nil }
            if case .integer(let value) = step { return Int(value) }
            return nil
        }
    }

    @Test func aPredicateWithThePrintedNumberHoldsWhereTheValueIsThat() throws {
        #expect(try bisect(".counter == 18446744073709551615") == [1, 1])
        #expect(try bisect(".counter > 18446744073709551614") == [1, 1])
        #expect(try bisect(".counter == 18446744073709551616") == [nil, nil])
        #expect(try bisect(".big == 123456789012345678901234567890") == [2, 2])
        #expect(try bisect(".big >= 123456789012345678901234567890") == [2, 2])
        #expect(try bisect(".price == 0.1000000000000000000001") == [3, 3])
        #expect(try bisect(".price > 0.1") == [3, 3])
        #expect(try bisect(".zero == -0 and .zero == 0") == [0, 0])
        #expect(try bisect(".zero < 0") == [nil, nil])
    }
}
