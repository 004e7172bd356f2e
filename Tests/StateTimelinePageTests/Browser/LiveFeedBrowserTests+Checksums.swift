import Foundation
import StateJournal
import StateJSON
import Testing
import TestSupport

/// The page's own CRC-32C and its check of every journal line it takes in: the same checksum as
/// statedbg's on every length and alignment, statedbg's own lines intact, and a changed line shown as
/// damaged with its line and step while the page reads on, as statedbg's reader does. In the live
/// feed's suite, so that they share its one browser at a time rather than start another beside it.
extension LiveFeedBrowserTests {
    /// A live page with no lines, for calling the page's functions.
    private func openEmptyPage(_ browser: WebDriver) async throws {
        let path = folder.file("empty.html")
        try Data(InjectedLivePage.make(lines: [], perMessage: 1)).write(to: URL(fileURLWithPath: path))
        try await browser.open(URL(fileURLWithPath: path).absoluteString)
    }

    private func javaScriptArray(_ bytes: [UInt8]) -> String {
        "new Uint8Array([" + bytes.map(String.init).joined(separator: ",") + "])"
    }

    @Test func thePagesChecksumIsStatedbgsOnEveryLengthAndAlignment() async throws {
        try await WebDriver.session { browser in
            try await openEmptyPage(browser)
            let check = try await browser.execute(#"return crc32c(new TextEncoder().encode("123456789")).toString(16);"#)
            #expect(check == "e3069283")
            var seed: UInt64 = 36
            let bytes = (0..<320).map { _ -> UInt8 in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: seed >> 33)
            }
            // Every length to 300 from offset 0, and from the odd offsets 1, 3 and 7, through the
            // eight-byte rounds and the byte-at-a-time tail.
            var expected: [JSONValue] = []
            var calls: [String] = []
            for start in [0, 1, 3, 7] {
                for length in 0...300 where start + length <= bytes.count {
                    expected.append(.integer(Int64(CRC32C.checksum(of: Array(bytes[start..<(start + length)])))))
                    calls.append("crc32c(b, \(start), \(start + length))")
                }
            }
            let computed = try await browser.execute("const b = \(javaScriptArray(bytes)); return [\(calls.joined(separator: ","))];")
            #expect(computed == .array(expected))
        }
    }

    /// Lines statedbg writes, also with text of two, three and four UTF-8 bytes a character and the
    /// characters the page shows as escapes, are intact; a changed character is found.
    @Test func statedbgsOwnLinesAreIntactAndAChangedOneIsNot() async throws {
        let labels = ["plain", "café crème", "日本語のラベル", "🙂 emoji 👩‍👩‍👧", "right\u{202E}txt.exe", "tab\tand \"quotes\" and \\"]
        let steps = labels.enumerated().map { index, label in
            (action: JournalAction(type: "t.set", label: label, payload: ["text": .string(label)]),
             state: ["text": .string(label), "n": .integer(Int64(index))] as JSONValue, parent: Int?.none)
        }
        let journal = Journals.bytes(initialState: ["text": "", "n": 0], steps: steps,
                                     events: [.marker(after: 2, time: 0, name: "ünïcödé ⚑")])
        let lines = String(decoding: journal, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == labels.count + 2)
        try await WebDriver.session { browser in
            try await openEmptyPage(browser)
            let feed = JSONValue.array(lines.map { .string($0) }).canonicalText
            let verdicts = try await browser.execute("return \(feed).map((line) => lineChecksumFailure(line, 4));")
            #expect(verdicts == .array(lines.map { _ in .null }))
            // One character changed in each line, its checksum left as it was.
            let changed = lines.map { line -> String in
                var scalars = Array(line.unicodeScalars)
                let index = scalars.count / 2
                scalars[index] = scalars[index] == "x" ? "y" : "x"
                return String(String.UnicodeScalarView(scalars))
            }
            let expected = changed.map { line -> JSONValue in
                let bytes = Array(line.utf8)
                let recorded = UInt32(String(line.suffix(10).prefix(8)), radix: 16) ?? 0
                let actual = CRC32C.checksum(of: Array(bytes.dropLast(18)) + [0x7D])
                return ["recorded": .integer(Int64(recorded)), "actual": .integer(Int64(actual))]
            }
            let failures = try await browser.execute("return \(JSONValue.array(changed.map { .string($0) }).canonicalText).map((line) => lineChecksumFailure(line, 4));")
            #expect(failures == .array(expected))
            // A version 2 line without a checksum is damaged; a version 1 line without one is not.
            let missing = try await browser.execute(#"return [lineChecksumFailure('{"event":"marker","after":0,"time":0,"name":"x"}', 2), lineChecksumFailure('{"event":"marker","after":0,"time":0,"name":"x"}', 1)];"#)
            #expect(missing == [["missing": true], .null])
        }
    }

    /// users-negative-age.jsonl with one byte of one step line changed (a digit of its time, so the line
    /// is still JSON) and its checksum left: the page says which line and step, lists the step as
    /// damaged, reads on to the last step, shows no state rebuilt through the damaged step, and shows
    /// the states from the next keyframe on as `show` prints them.
    @Test func aLineWithAChangedByteIsShownAsDamagedWithItsLineAndStep() async throws {
        var lines = try String(contentsOfFile: PageTools.packageRoot + "/Recordings/users-negative-age.jsonl", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        func stepOf(_ line: String) -> Int? {
            guard line.hasPrefix(#"{"step":"#) else { return nil }
            return Int(line.dropFirst(8).prefix { $0.isNumber })
        }
        // The first patch step after step 10 that a keyframe follows before the last step.
        let index = try #require(lines.indices.first { index in
            guard let step = stepOf(lines[index]), step > 10, !lines[index].contains(#""kind":"keyframe""#) else { return false }
            return lines[(index + 1)...].contains { $0.contains(#""kind":"keyframe""#) }
        })
        let damagedStep = try #require(stepOf(lines[index]))
        let keyframe = try #require(lines[(index + 1)...].first { $0.contains(#""kind":"keyframe""#) }.flatMap(stepOf))
        let last = try #require(lines.compactMap(stepOf).max())
        var bytes = Array(lines[index].utf8)
        let time = try #require(lines[index].range(of: #""time":"#)).upperBound.utf16Offset(in: lines[index]) + 5
        bytes[time] = bytes[time] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        lines[index] = String(decoding: bytes, as: UTF8.self)
        let recorded = String(lines[index].suffix(10).prefix(8))
        let actual = String(CRC32C.checksum(of: Array(bytes.dropLast(18)) + [0x7D]), radix: 16)
        let actualHex = String(repeating: "0", count: 8 - actual.count) + actual
        let sentence = "the app's journal, line \(index + 1): step \(damagedStep) is damaged: the line records checksum \(recorded) but its bytes give \(actualHex); it was changed after it was written."

        try await WebDriver.session { browser in
            let path = folder.file("damaged.html")
            try Data(InjectedLivePage.make(lines: lines, perMessage: 7)).write(to: URL(fileURLWithPath: path))
            try await browser.open(URL(fileURLWithPath: path).absoluteString)
            var reached = false
            for _ in 0..<200 where !reached {
                let lastStep = try await browser.execute(LivePageBrowserTests.lastStep).int64Value
                let drawn = try await browser.execute("return !!window.statedbgTimeline && !window.statedbgTimeline.page.refreshScheduled;")
                reached = lastStep == Int64(last) && drawn == true
                if !reached { try await Task.sleep(nanoseconds: 50_000_000) }
            }
            #expect(reached, "the page reads on after the damaged line, to step \(last)")
            let errors = try await browser.execute("return window.statedbgLive.messages.filter((m) => m.kind === 'error').map((m) => m.text);")
            #expect(errors == [.string(sentence + " The states rebuilt through it cannot be read.")])
            // TimelinePage.md shows this very sentence.
            let article = try String(contentsOfFile: PageTools.packageRoot + "/Sources/StatedbgCLI/StatedbgCLI.docc/TimelinePage.md", encoding: .utf8)
            #expect(article.contains("```text\n" + sentence + " The states rebuilt through it cannot be read.\n```"))
            try await browser.execute("window.statedbgTimeline.page.go(\(damagedStep)); window.statedbgTimeline.page.scrollToCurrent();")
            let shown = try await browser.execute("""
                const t = window.statedbgTimeline.timeline;
                return {tree: document.getElementById('state-tree').textContent, header: document.getElementById('step-header').textContent,
                        badges: [...document.querySelectorAll('#action-spacer .row')].filter((row) => row.textContent.includes('damaged line')).map((row) => Number(row.dataset.step)),
                        damaged: t.state(\(damagedStep)) === undefined, after: t.state(\(damagedStep + 1)) === undefined,
                        afterText: t.whyNoState(\(damagedStep + 1)), before: t.state(\(damagedStep - 1)) !== undefined};
                """)
            #expect(shown["tree"] == .string("This step's state cannot be read: " + sentence))
            #expect(shown["header"] == .string("step \(damagedStep)  (damaged line)" + sentence))
            #expect(shown["badges"] == [.integer(Int64(damagedStep))])
            // The filter finds it.
            let found = try await browser.execute("""
                document.getElementById('filter-text').value = 'damaged'; window.statedbgTimeline.page.filter();
                const listed = window.statedbgTimeline.page.listed.slice(); document.getElementById('filter-text').value = '';
                window.statedbgTimeline.page.filter(); return listed;
                """)
            #expect(found == [.integer(Int64(damagedStep))])
            #expect(shown["damaged"] == true && shown["before"] == true)
            if keyframe > damagedStep + 1 {
                #expect(shown["after"] == true)
                #expect(shown["afterText"] == .string("This step's state cannot be read: it is rebuilt through step \(damagedStep), whose line is damaged. " + sentence))
            }
            for step in Set([damagedStep - 1, keyframe, last]).sorted() {
                let show = try PageTools.run(["show", "Recordings/users-negative-age.jsonl", "--step", String(step), "--json"], in: PageTools.packageRoot)
                let text = try await browser.execute("return canonicalJSON(window.statedbgTimeline.timeline.state(\(step)));")
                #expect(try JSONValue(parsing: Array((text.stringValue ?? "").utf8)) == JSONValue(parsing: Array(show.output.utf8)), "step \(step)")
            }
        }
    }

    /// A damaged event is left out and said; a step line whose step number itself was changed is
    /// placed by the line after it, as statedbg's reader places it; a damaged header stops the journal.
    @Test func aDamagedEventAStepOfUnknownPlaceAndADamagedHeaderAreSaid() async throws {
        let steps = (1...4).map { n in
            (action: JournalAction(type: "t.inc", label: "t.inc", payload: [:]), state: ["n": .integer(Int64(n))] as JSONValue, parent: Int?.none)
        }
        var lines = String(decoding: Journals.bytes(initialState: ["n": 0], steps: steps, events: [.marker(after: 1, time: 0, name: "m")]), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        // Lines: 1 header, 2 step 1, 3 the marker, 4 step 2, 5 step 3, 6 step 4.
        #expect(lines.count == 6 && lines[2].hasPrefix(#"{"event":"marker""#) && lines[3].hasPrefix(#"{"step":2,"#))
        lines[2] = lines[2].replacingOccurrences(of: #""name":"m""#, with: #""name":"n""#)
        lines[3] = lines[3].replacingOccurrences(of: #"{"step":2,"#, with: #"{"step":7,"#)
        try await WebDriver.session { browser in
            let path = folder.file("places.html")
            try Data(InjectedLivePage.make(lines: lines, perMessage: 1)).write(to: URL(fileURLWithPath: path))
            try await browser.open(URL(fileURLWithPath: path).absoluteString)
            for _ in 0..<100 {
                if try await browser.execute(LivePageBrowserTests.lastStep).int64Value == 4 { break }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            let said = try await browser.execute("""
                const t = window.statedbgTimeline.timeline;
                return {errors: window.statedbgLive.messages.filter((m) => m.kind === 'error').map((m) => m.text.replace(/[0-9a-f]{8} but its bytes give [0-9a-f]{8}/, 'X but its bytes give Y')),
                        marks: [...t.marks.values()].flat().length, two: t.state(2) === undefined, three: t.state(3) === undefined,
                        four: t.state(4) === undefined ? null : canonicalJSON(t.state(4))};
                """)
            let reason = "the line records checksum X but its bytes give Y; it was changed after it was written"
            #expect(said["errors"] == [
                .string("the app's journal, line 3: the event after step 1 is damaged: \(reason); the page leaves it out."),
                .string("the app's journal, line 4: the line is damaged: \(reason)."),
                .string("the app's journal, line 4: step 2 is damaged: \(reason). The states rebuilt through it cannot be read."),
            ])
            #expect(said["marks"] == 0)
            // Steps 3 and 4 are read only from a keyframe on (a keyframe holds its state whole).
            let keyframe3 = lines[4].contains(#""kind":"keyframe""#), keyframe4 = keyframe3 || lines[5].contains(#""kind":"keyframe""#)
            #expect(said["two"] == true && said["three"] == .bool(!keyframe3), "\(said)")
            #expect(said["four"] == (keyframe4 ? "{\n  \"n\": 4\n}" : .null), "\(said)")

            // A damaged header: nothing of its journal is read.
            var header = lines
            header[0] = header[0].replacingOccurrences(of: #""app":"test""#, with: #""app":"tesu""#)
            let refused = folder.file("header.html")
            try Data(InjectedLivePage.make(lines: header, perMessage: 10)).write(to: URL(fileURLWithPath: refused))
            try await browser.open(URL(fileURLWithPath: refused).absoluteString)
            var errors: JSONValue = []
            for _ in 0..<100 {
                if errors != [] { break }
                errors = try await browser.execute("return window.statedbgLive.messages.filter((m) => m.kind === 'error').map((m) => m.text.replace(/[0-9a-f]{8} but its bytes give [0-9a-f]{8}/, 'X but its bytes give Y'));")
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            try await Task.sleep(nanoseconds: 300_000_000)
            #expect(try await browser.execute("return window.statedbgLive.messages.filter((m) => m.kind === 'error').length;") == 1)
            #expect(errors == [.string("the app's journal, line 1: the header is damaged: \(reason); the page reads nothing more of this journal.")])
            #expect(try await browser.execute("return window.statedbgTimeline === undefined;") == true)
        }
    }
}
