import Testing
@testable import StateJSON

@Suite struct JSONDumperTests {
    @Test func dumpsPrettyJSONWithSortedKeys() {
        let value: JSONValue = ["b": [1, 2.5, nil], "a": ["x": true, "y": "t\"ab\t"], "c": [], "d": [:]]
        #expect(JSONDumper().dump(value) == """
            {
              "a": {
                "x": true,
                "y": "t\\"ab\\t"
              },
              "b": [
                1,
                2.5,
                null
              ],
              "c": [],
              "d": {}
            }
            """)
    }

    @Test func foldsLongArraysAndPrintsAHeader() {
        let value: JSONValue = ["count": 3, "users": [["id": 1, "name": "Blob"], ["id": 2], ["id": 3]]]
        let dumper = JSONDumper(options: .init(maxArrayElements: 1, header: ".users"))
        #expect(dumper.dump(value) == """
            .users
            {
              "count": 3,
              "users": [
                {
                  "id": 1,
                  "name": "Blob"
                },
                … (2 more)
              ]
            }
            """)
        #expect(JSONDumper().dump("plain") == "\"plain\"")
    }
}
