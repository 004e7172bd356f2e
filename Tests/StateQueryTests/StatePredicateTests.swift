import Testing
import StateJSON
@testable import StateQuery

@Suite struct StatePredicateTests {
    private let state: JSONValue = [
        "balance": 120,
        "rate": 1.5,
        "name": "Blob Sr",
        "flags": ["beta", "dark"],
        "settings": ["theme": "dark", "sound": false, "volume": nil],
        "users": [["id": 1, "age": 30], ["id": 2, "age": 41], ["id": 3, "age": 17]],
        "empty": [],
    ]
    private let action: JSONValue = ["type": "bank.deposit", "label": "Deposit 20", "payload": ["amount": 20]]

    private func holds(_ text: String, action: JSONValue? = nil, step: Int = 7) throws -> Bool {
        try StatePredicate(parsing: text).evaluate(state: state, action: action ?? self.action, step: step)
    }

    private func error(_ text: String) -> String {
        do {
            _ = try StatePredicate(parsing: text)
            return "parsed"
        } catch {
            return error.description
        }
    }

    @Test func comparesNumbersAcrossIntegerAndDouble() throws {
        #expect(try holds(".balance == 120"))
        #expect(try holds(".balance == 120.0"))
        #expect(try holds(".balance != 121"))
        #expect(try holds(".balance < 120.5"))
        #expect(try holds(".balance <= 120"))
        #expect(try holds(".rate > 1"))
        #expect(try holds(".rate >= 1.5"))
        #expect(try !holds(".balance < 120"))
        #expect(try !holds(".rate > 1.5"))
        #expect(try holds(".balance == 1.2e2"))
        #expect(try holds("-3 < .rate"))
    }

    @Test func comparesStringsAndOtherKinds() throws {
        #expect(try holds(#".name == "Blob Sr""#))
        #expect(try holds(#".name < "Blob Ss""#))
        #expect(try holds(#".name > "Blob""#))
        #expect(try !holds(#".name < 5"#))
        #expect(try !holds(#".name == 5"#))
        #expect(try holds(#".name != 5"#))
        #expect(try holds(#".settings.volume == null"#))
        #expect(try holds(#".flags[-1] == "dark""#))
        #expect(try holds(#".flags[*] == "beta""#))
    }

    @Test func containsWorksForStringsArraysAndObjects() throws {
        #expect(try holds(#".name contains "ob S""#))
        #expect(try !holds(#".name contains "xyz""#))
        #expect(try holds(#".flags contains "dark""#))
        #expect(try !holds(#".flags contains "light""#))
        #expect(try holds(#".settings contains "theme""#))
        #expect(try !holds(#".settings contains "missing""#))
        #expect(try !holds(#".balance contains 1"#))
    }

    @Test func operandsAloneTestExistenceAndTruth() throws {
        #expect(try holds(".settings.theme"))
        #expect(try !holds(".settings.sound"))
        #expect(try !holds(".settings.volume"))
        #expect(try !holds(".settings.missing"))
        #expect(try holds("exists .settings.volume"))
        #expect(try holds("exists .settings.sound"))
        #expect(try !holds("exists .settings.missing"))
        #expect(try holds("exists .empty"))
        #expect(try !holds("exists .empty[*]"))
    }

    @Test func readsTheActionAndTheStep() throws {
        #expect(try holds(#"action.type == "bank.deposit""#))
        #expect(try holds(#"action.label contains "20""#))
        #expect(try holds("action.payload.amount >= 20"))
        #expect(try holds(#"action contains "payload""#))
        #expect(try holds("step == 7"))
        #expect(try holds("step > 3 and step < 8"))
        let initial = try StatePredicate(parsing: "exists action or step == 0")
        #expect(initial.evaluate(state: state, action: nil, step: 0))
        #expect(!initial.evaluate(state: state, action: nil, step: 1))
        #expect(try !StatePredicate(parsing: "action.type != \"x\"").evaluate(state: state, action: nil, step: 0))
    }

    @Test func precedenceIsNotThenAndThenOr() throws {
        #expect(try holds("true or false and false"))
        #expect(try !holds("(true or false) and false"))
        #expect(try holds("not false and true"))
        #expect(try !holds("not (false or true)"))
        #expect(try holds("not not true"))
        #expect(try holds("false and false or true"))
    }

    @Test func wildcardsMatchAnyValueAndAllRequiresEvery() throws {
        #expect(try holds(".users[*].age < 18"))
        #expect(try holds("any(.users[*].age < 18)"))
        #expect(try !holds("all(.users[*].age < 18)"))
        #expect(try holds("all(.users[*].age > 10)"))
        #expect(try holds("all(.empty[*] == 1)"), "all over no values is true")
        #expect(try !holds(".empty[*] == 1"))
        #expect(try holds("all(.users[*].id > 0 and .users[*].age > 10)"))
        #expect(try holds("all(any(.users[*].age == 41))"))
        #expect(try holds("..age == 17"))
        #expect(try holds("all(.users[*].id)"))
        #expect(try !holds("all(.settings[*])"))
    }

    @Test func errorsPointAtTheColumn() {
        #expect(error(".balance == ") == "column 13: expected a value after '=='.")
        #expect(error("") == "column 1: expected a condition.")
        #expect(error(".a = 1") == "column 4: unexpected '=' (use '==' to compare); expected 'and', 'or' or the end.")
        #expect(error("(.a == 1") == "column 9: expected ')' to close the '(' at column 1, found the end.")
        #expect(error("any .a") == "column 5: expected '(' after 'any'.")
        #expect(error(".a and") == "column 7: expected a condition, found the end.")
        #expect(error("foo == 1") == "column 1: expected a condition, found 'foo'.")
        #expect(error(".a == \"x") == "column 7: unterminated string.")
        #expect(error(".a[x] == 1") == "column 4: expected an index, '*' or a quoted key after '['.")
        #expect(error("exists") == "column 7: expected a value after 'exists'.")
        #expect(error(".a == 1.") == "column 9: expected a digit after '.'.")
        #expect(error(".a == 1 )") == "column 9: unexpected ')'; expected 'and', 'or' or the end.")
    }

    @Test func errorsCarryACode() throws {
        #expect(throws: PredicateParseError(column: 6, code: .expectedValue(after: "'<'"), source: ".a < ")) {
            try StatePredicate(parsing: ".a < ")
        }
        #expect(throws: PredicateParseError(column: 4, code: .invalidPath(.expectedBracketContent), source: ".a[x]")) {
            try StatePredicate(parsing: ".a[x]")
        }
        #expect(throws: JSONPathParseError(column: 5, code: .unexpectedCharacter("x"))) { try JSONPath(parsing: ".[0]x") }
    }

    @Test func caretLinePointsUnderTheColumn() {
        let failure = PredicateParseError(column: 13, code: .expectedValue(after: "'=='"), source: ".balance == ")
        #expect(failure.caretLine == """
            .balance == 
                        ^
            """)
    }

    @Test func exposesReferencedPathsAndCanonicalText() throws {
        let predicate = try StatePredicate(parsing: #"any(.users[*].age<0)and action.type=="users.updateAge" or not(.a or .b) and .users[*].age"#)
        #expect(predicate.referencedPaths.map(\.description) == [".users[*].age", ".a", ".b"])
        #expect(predicate.referencedActionPaths.map(\.description) == [".type"])
        #expect(predicate.description
            == #"any(.users[*].age < 0) and action.type == "users.updateAge" or not (.a or .b) and .users[*].age"#)
        #expect(try StatePredicate(parsing: predicate.description).description == predicate.description)
    }
}
