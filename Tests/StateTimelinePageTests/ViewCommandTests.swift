import Foundation
import StateJSON
import Testing
import TestSupport

/// `statedbg view` run as a user runs it: the built binary, as a child process.
@Suite struct ViewCommandTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    static let bank = PageTools.packageRoot + "/Recordings/bank.jsonl"

    /// The data element of a page, parsed.
    func data(ofPage path: String) throws -> JSONValue {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(html.range(of: #"<script type="application/json" id="timeline-data">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return try JSONValue(parsing: Array(html[start.upperBound..<end.lowerBound].utf8))
    }

    @Test func aBinaryCopiedAloneStillWritesTheWholePage() throws {
        let alone = try folder.createFolder("alone")
        let binary = alone + "/statedbg"
        try FileManager.default.copyItem(atPath: try PageTools.statedbg(), toPath: binary)
        try FileManager.default.copyItem(atPath: Self.bank, toPath: alone + "/bank.jsonl")
        let run = try PageTools.run(["view", "bank.jsonl"], in: alone, executable: binary)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("wrote bank.html: steps 0 through 50 (50 actions; states kept whole: 1 in the page, 50 in the journal), ") && run.output.hasSuffix(" KiB\n"),
                "\(run.output)")
        let html = try String(contentsOfFile: alone + "/bank.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("class Timeline {") && html.contains("#action-list {") && html.contains(#"<footer id="status">"#))
        #expect(try data(ofPage: alone + "/bank.html")["steps"]?.arrayValue?.count == 51)
    }

    @Test func itReplacesItsOwnPageButNoOtherFileWithoutForce() throws {
        let page = folder.file("page.html")
        #expect(try PageTools.run(["view", Self.bank, "-o", page]).status == 0)
        #expect(try PageTools.run(["view", Self.bank, "-o", page, "--steps", "3..4"]).status == 0)
        #expect(try data(ofPage: page)["window"] == ["firstStep": 3, "lastStep": 4])
        let notes = try folder.write("notes.html", "my notes")
        let refused = try PageTools.run(["view", Self.bank, "-o", notes])
        #expect(refused.status == 73)
        #expect(refused.error == "statedbg: error: \(notes): the file already exists; choose another name or pass --force to replace it.\n")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes")
        #expect(try PageTools.run(["view", Self.bank, "-o", notes, "--force"]).status == 0)
    }

    @Test func openHandsThePageToTheOpenerFoundInPath() throws {
        let bin = try folder.createFolder("bin")
        let received = folder.file("received.txt")
        #if os(macOS)
        let opener = bin + "/open"
        #else
        let opener = bin + "/xdg-open"
        #endif
        _ = try folder.write("bin/\((opener as NSString).lastPathComponent)", "#!/bin/sh\necho \"$1\" > '\(received)'\n")
        #expect(chmod(opener, 0o755) == 0)
        let page = folder.file("opened.html")
        let run = try PageTools.run(["view", Self.bank, "-o", page, "--open"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasSuffix("\nopened \(page) with \((opener as NSString).lastPathComponent)\n"), "\(run.output)")
        var waited = 0
        while !FileManager.default.fileExists(atPath: received), waited < 5_000 {
            usleep(10_000)
            waited += 10
        }
        #expect(try String(contentsOfFile: received, encoding: .utf8) == page + "\n")

        let empty = try folder.createFolder("empty")
        let none = try PageTools.run(["view", Self.bank, "-o", folder.file("unopened.html"), "--open"], environment: ["PATH": empty])
        #expect(none.status == 0)
        #expect(none.error.hasPrefix("statedbg: note: no opener ("), "\(none.error)")
    }

    @Test func badInputGetsItsExitStatusAndNoPage() throws {
        let missing = try PageTools.run(["view", folder.file("none.jsonl"), "-o", folder.file("a.html")])
        #expect(missing.status == 66)
        #expect(missing.error == "statedbg: error: \(folder.file("none.jsonl")): no such file.\n")
        let range = try PageTools.run(["view", Self.bank, "-o", folder.file("b.html"), "--steps", "7..x"])
        #expect(range.status == 64)
        #expect(range.error.hasPrefix("statedbg: error: The value '7..x' is invalid for '--steps'; expected a range of steps such as 100..200.\n"))
        let outside = try PageTools.run(["view", Self.bank, "-o", folder.file("c.html"), "--steps", "7..99"])
        #expect(outside.status == 64)
        let itself = try PageTools.run(["view", Self.bank, "-o", Self.bank])
        #expect(itself.status == 64)
        #expect(itself.error == "statedbg: error: The page would replace the recording \(Self.bank); name another file with -o.\n")
        let garbage = try folder.write("garbage.jsonl", "not json\n")
        #expect(try PageTools.run(["view", garbage, "-o", folder.file("d.html")]).status == 65)
        for name in ["a", "b", "c", "d"] { #expect(!FileManager.default.fileExists(atPath: folder.file(name + ".html"))) }
    }

    @Test func aReduxDevToolsExportBecomesAPage() throws {
        let export = try folder.write("todos.json", """
            {"actionsById":{"0":{"action":{"type":"@@INIT"},"timestamp":1000,"type":"PERFORM_ACTION"},
              "1":{"action":{"type":"ADD_TODO","text":"milk"},"timestamp":1001,"type":"PERFORM_ACTION"}},
             "computedStates":[{"state":{"todos":[]}},{"state":{"todos":[{"done":false,"text":"milk"}]}}],
             "stagedActionIds":[0,1],"skippedActionIds":[],"currentStateIndex":1,"nextActionId":2}
            """)
        let page = folder.file("todos.html")
        let run = try PageTools.run(["view", export, "-o", page])
        #expect(run.status == 0, "\(run.error)")
        let data = try data(ofPage: page)
        #expect(data["recording"]?["source"] == "reduxDevTools")
        #expect(data["steps"]?[1]?["patch"] == [["op": "add", "path": "/todos/0", "value": ["done": false, "text": "milk"]]])
    }

    @Test func anExportFileWithoutLaterStatesBecomesAPageOfItsActions() throws {
        let export = try folder.write("export.json", #"""
            {"payload": "[{\"type\":\"INCREMENT\"},{\"type\":\"INCREMENT\",\"by\":2}]", "preloadedState": "{\"count\":5}"}
            """#)
        let page = folder.file("export.html")
        let run = try PageTools.run(["view", export, "-o", page])
        #expect(run.status == 0, "\(run.error)")
        let data = try data(ofPage: page)
        #expect(data["steps"] == [
            ["state": ["count": 5], "step": 0],
            ["action": ["label": "INCREMENT", "payload": ["type": "INCREMENT"], "type": "INCREMENT"], "stateNotExported": true, "step": 1, "time": 0],
            ["action": ["label": "INCREMENT(by)", "payload": ["by": 2, "type": "INCREMENT"], "type": "INCREMENT"], "stateNotExported": true, "step": 2, "time": 0],
        ])
        // Without a preloaded state, not even step 0 has one.
        let bare = try folder.write("bare.json", #"{"payload": "[{\"type\":\"INCREMENT\"}]"}"#)
        let barePage = folder.file("bare.html")
        #expect(try PageTools.run(["view", bare, "-o", barePage]).status == 0)
        #expect(try self.data(ofPage: barePage)["steps"]?[0] == ["stateNotExported": true, "step": 0])
    }

    /// The transcript and the help in TimelinePage.md are what the command prints.
    @Test func theDocumentationShowsWhatTheCommandPrints() throws {
        let article = try String(contentsOfFile: PageTools.packageRoot + "/Sources/StatedbgCLI/StatedbgCLI.docc/TimelinePage.md", encoding: .utf8)
        let blocks = article.components(separatedBy: "```text\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
        try #require(blocks.count >= 2)
        let run = try PageTools.run(["view", "Recordings/users-negative-age.jsonl", "-o", folder.file("users-negative-age.html")],
                                    in: PageTools.packageRoot)
        #expect(run.output.replacingOccurrences(of: folder.file(""), with: "") == blocks[0])
        let help = try PageTools.run(["view", "--help"])
        let usage = try #require(help.output.range(of: "USAGE:"))
        #expect(String(help.output[usage.lowerBound...]).trimmingCharacters(in: .newlines) == blocks[1].trimmingCharacters(in: .newlines))
    }
}
