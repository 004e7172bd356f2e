import Foundation
import StateCollections
import Testing

/// The example of `StateCollections.docc/StateCollections.md` is the code below, between the markers:
/// the test checks that the article shows that code (its imports aside), runs it, and compares what it
/// prints with the article's ```text block.
@Suite struct StateCollectionsArticleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of the fenced block opened by "````fence`" after `index` in `text`, and where it ends.
    static func block(_ fence: String, in text: String, after index: String.Index) throws -> (String, String.Index) {
        let open = try #require(text.range(of: "\n```\(fence)\n", range: index..<text.endIndex), "no ```\(fence) block")
        let close = try #require(text.range(of: "\n```\n", range: open.upperBound..<text.endIndex), "an unclosed ```\(fence) block")
        return (String(text[open.upperBound..<close.lowerBound]), close.upperBound)
    }

    @Test func theExampleIsTheCodeRunHereAndPrintsWhatTheArticleShows() throws {
        let article = try String(contentsOf: Self.packageRoot.appendingPathComponent("Sources/StateCollections/StateCollections.docc/StateCollections.md"),
                                 encoding: .utf8)
        let (code, end) = try Self.block("swift", in: article, after: article.startIndex)
        let (shownOutput, _) = try Self.block("text", in: article, after: end)

        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = try #require(source.range(of: "// The article's example begins.\n"))
        let finish = try #require(source.range(of: "        // The article's example ends.", range: begin.upperBound..<source.endIndex))
        let ranHere = source[begin.upperBound..<finish.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }
            .joined(separator: "\n")
        #expect("import Foundation\nimport StateCollections\n\n" + ranHere == code + "\n")

        var printed = ""
        func print(_ items: Any...) {
            printed += items.map { String(describing: $0) }.joined(separator: " ") + "\n"
        }

        // The article's example begins.
        struct User: Codable, Equatable {
            var name: String
            var age: Int
        }

        struct UsersState: Codable, Equatable {
            var users: ChunkedArray<User> = []
        }

        var state = UsersState()
        state.users.append(contentsOf: (1...1_000).map { User(name: "user \($0)", age: 20 + $0 % 50) })
        let previous = state         // what a recorder holds of the previous step

        state.users[42].age += 1     // copies the list of runs and one run of 64 users, not 1,000 users
        state.users.removeLast(2)
        print(state.users.count, state.users[42], previous.users[42].age)
        print(state == previous, state.users.first == previous.users.first)

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(UsersState(users: ChunkedArray(state.users.prefix(2))))
        print(String(decoding: json, as: UTF8.self))
        // The article's example ends.

        #expect(printed == shownOutput + "\n")
    }
}
