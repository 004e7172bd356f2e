import Foundation
import Testing
import TextControls

/// The timeline page spells out the characters every other output escapes: its script's set is
/// `EscapedCharacters`, which holds the one definition.
@Suite struct EscapedCharacterSetTests {
    @Test func thePageEscapesTheSameCharactersAsEveryOtherOutput() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/StatePage/Page/timeline.js")
        let text = try String(contentsOf: script, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("const INVISIBLE = /[") })
        let set = try #require(line.split(separator: "[").dropFirst().first?.split(separator: "]").first)
        // `\u0000-\u001f` is a range, `\u061c` one character.
        let ranges = String(set).matches(of: /\\u([0-9a-fA-F]{4})(?:-\\u([0-9a-fA-F]{4}))?/).compactMap { match -> ClosedRange<UInt32>? in
            guard let low = UInt32(match.1, radix: 16), let high = UInt32(match.2 ?? match.1, radix: 16) else { return nil }
            return low...high
        }
        #expect(ranges == EscapedCharacters.ranges)
    }
}
