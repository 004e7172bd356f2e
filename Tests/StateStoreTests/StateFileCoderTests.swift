import Testing

@testable import StateStore

@Suite struct StateFileCoderTests {
    @Test func findsLineAndColumnInCoderMessages() {
        let found = StateFileCoder<CounterState>.location(in: "Unexpected character 'x' around line 3, column 14.")
        #expect(found.line == 3)
        #expect(found.column == 14)
        let missing = StateFileCoder<CounterState>.location(in: "The given data was not valid JSON.")
        #expect(missing.line == nil)
        #expect(missing.column == nil)
    }

    @Test func rendersCodingPathsWithIndexesInBrackets() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                self.stringValue = String(intValue)
                self.intValue = intValue
            }
        }
        let path: [any CodingKey] = [Key(stringValue: "users"), Key(intValue: 3), Key(stringValue: "age")]
        #expect(StateFileCoder<CounterState>.render(path) == "users[3].age")
        #expect(StateFileCoder<CounterState>.render([]) == "(root)")
    }
}
