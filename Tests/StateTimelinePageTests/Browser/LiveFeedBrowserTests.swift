import Foundation
import StateJSON
import StateJournal
import TestFixtures
import Testing
import TestSupport

/// The live page's reading of journal lines, with the bridge injected as an app's web view injects it:
/// every shipped recording, fed line by line, passes the page's checksum check and shows the states `statedbg show` prints, and the
/// versions 1 and 2 of the format read as well as 3.
@Suite(.serialized, .enabled(if: WebDriver.shouldRun, "no browser: install chromium and chromedriver (apt-get install chromium chromium-driver) to run the browser tests"))
struct LiveFeedBrowserTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// Opens an injected live page fed `lines`, `perMessage` a message, and waits until `lastStep` arrived.
    func open(_ lines: [String], perMessage: Int, lastStep: Int, name: String, _ browser: WebDriver) async throws {
        let path = folder.file(name + ".html")
        try Data(InjectedLivePage.make(lines: lines, perMessage: perMessage)).write(to: URL(fileURLWithPath: path))
        try await browser.open("about:blank")
        try await browser.open(URL(fileURLWithPath: path).absoluteString)
        for _ in 0..<200 {
            if try await browser.execute(LivePageBrowserTests.lastStep).int64Value == Int64(lastStep),
               try await browser.execute("return !window.statedbgTimeline || !window.statedbgTimeline.page.refreshScheduled;") == true { return }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        Issue.record("\(name): the page did not reach step \(lastStep)")
    }

    func state(_ step: Int, _ browser: WebDriver) async throws -> JSONValue {
        let text = try await browser.execute("return canonicalJSON(window.statedbgTimeline.timeline.state(\(step)));")
        return try JSONValue(parsing: Array((text.stringValue ?? "").utf8))
    }

    @Test func everyShippedRecordingFedLineByLineShowsTheStatesShowPrints() async throws {
        try await WebDriver.session { browser in
            for path in PageTools.shippedRecordings {
                let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let lines = text.split(separator: "\n").map(String.init)
                let last = lines.compactMap { line -> Int? in
                    guard line.hasPrefix(#"{"step":"#) else { return nil }
                    return Int(line.dropFirst(8).prefix { $0.isNumber })
                }.max() ?? 0
                try await open(lines, perMessage: name.count % 3 + 1, lastStep: last, name: name, browser)
                let shown = try await browser.execute("""
                    return {status: document.getElementById('status').className, errors: window.statedbgLive.messages.filter((m) => m.kind === 'error'),
                            following: window.statedbgTimeline.page.following, current: window.statedbgTimeline.page.current,
                            marks: [...window.statedbgTimeline.timeline.marks.values()].flat().length};
                    """)
                #expect(shown["errors"] == [], "\(name): \(shown)")
                // The page checked every line's checksum as it took it in (a failing one is an error
                // above); the page's check passes each of them.
                let checked = try await browser.execute("""
                    const lines = JSON.parse(document.getElementById('feed').textContent);
                    return {failing: lines.filter((line) => lineChecksumFailure(line, 4) !== null).length, taken: window.statedbgLive.lineNumber};
                    """)
                #expect(checked == ["failing": 0, "taken": .integer(Int64(lines.count))], "\(name): \(checked)")
                #expect(shown["current"] == .integer(Int64(last)), "\(name): the page follows the newest step")
                let events = lines.filter { $0.hasPrefix(#"{"event":"#) && !$0.hasPrefix(#"{"event":"closed""#) }.count
                #expect(shown["marks"] == .integer(Int64(events)), "\(name): every event is on the page")
                // Every action as log reads it, also those a version 4 journal writes as a call.
                let actionsText = try await browser.execute("""
                    return canonicalJSON(window.statedbgTimeline.timeline.entries.filter((e) => e.action).map((e) =>
                        ({label: e.action.label, payload: e.action.payload, step: e.step, type: e.action.type})));
                    """)
                let actions = try JSONValue(parsing: Array((actionsText.stringValue ?? "").utf8))
                let log = try PageTools.run(["log", "Recordings/\(name).jsonl", "--json"], in: PageTools.packageRoot)
                let logged = try log.output.split(separator: "\n").map { line -> JSONValue in
                    let entry = try JSONValue(parsing: Array(line.utf8))
                    return ["label": entry["action"]?["label"] ?? .null, "payload": entry["action"]?["payload"] ?? .null,
                            "step": entry["step"] ?? .null, "type": entry["action"]?["type"] ?? .null]
                }
                #expect(actions == .array(logged), "\(name): the page's actions are log's")
                // A flight recorder's journal starts at the state after its header's firstStep - 1.
                let header = try JSONValue(parsing: Array((lines.first ?? "").utf8))
                let first = Int(header["firstStep"]?.int64Value ?? 1) - 1
                for step in Set([first, first + 1, (first + last) / 2, last - 1, last]).sorted() where step >= first && step <= last {
                    let show = try PageTools.run(["show", "Recordings/\(name).jsonl", "--step", String(step), "--json"], in: PageTools.packageRoot)
                    let onPage = try await state(step, browser)
                    #expect(onPage == (try JSONValue(parsing: Array(show.output.utf8))), "\(name) step \(step)")
                }
            }
        }
    }

    @Test func aPlottedNumberGrowsAsStepsArrive() async throws {
        try await WebDriver.session { browser in
            let lines = try String(contentsOfFile: PageTools.packageRoot + "/Recordings/users-negative-age.jsonl", encoding: .utf8)
                .split(separator: "\n").map(String.init)
            func lastStep(_ lines: ArraySlice<String>) -> Int {
                lines.compactMap { line -> Int? in
                    guard line.hasPrefix(#"{"step":"#) else { return nil }
                    return Int(line.dropFirst(8).prefix { $0.isNumber })
                }.max() ?? 0
            }
            let held = 20
            let path = folder.file("growing.html")
            try Data(InjectedLivePage.make(lines: lines, perMessage: 5, held: held)).write(to: URL(fileURLWithPath: path))
            try await browser.open(URL(fileURLWithPath: path).absoluteString)
            func waitFor(_ condition: String) async throws -> Bool {
                for _ in 0..<100 {
                    if try await browser.execute("return !!(\(condition));") == true { return true }
                    try await Task.sleep(nanoseconds: 50_000_000)
                }
                return false
            }
            let before = lastStep(lines.dropLast(held)), after = lastStep(lines[...])
            #expect(try await waitFor("window.statedbgTimeline && window.statedbgTimeline.timeline.lastStep === \(before)"))
            let plotted = try await browser.execute("""
                const page = window.statedbgTimeline.page; page.chart(["nextID"]); window.releasedAt = performance.now();
                window.releaseFeed(); return page.chartValues.length;
                """)
            #expect(plotted == .integer(Int64(before + 1)), "steps 0 through \(before)")
            let grown = "window.statedbgTimeline.timeline.lastStep === \(after) && window.statedbgTimeline.page.chartValues.length === \(after + 1) && !window.statedbgTimeline.page.chartRedraw && window.statedbgTimeline.page.chartDrawnAt > window.releasedAt"
            #expect(try await waitFor(grown), "the chart takes the steps that arrived and is drawn again")
            let values = try await browser.execute("""
                const t = window.statedbgTimeline.timeline;
                return [numberOf(window.statedbgTimeline.page.chartValues.at(-1)), numberOf(t.state(t.lastStep).nextID)];
                """)
            #expect(values[0] == values[1] && values[0] != .null, "\(values)")
            // The bridge says the app is gone: the status says so too, not only the message line.
            #expect(try await browser.execute("return document.getElementById('live-status').textContent;").stringValue?.contains("running") == true)
            let status = try await browser.execute("""
                window.statedbgBridge.receive({type: 'error', ended: true, message: 'The connection to the app has ended: it exited.'});
                return document.getElementById('live-status').textContent;
                """)
            #expect(status.stringValue?.contains("ended") == true && status.stringValue?.contains("running") == false, "\(status)")
        }
    }

    @Test func versionOneAndTwoJournalsReadAsVersionThree() async throws {
        try await WebDriver.session { browser in
            // Version 1: no checksums, no firstStep in this header (the first step is then 1).
            let one = [
                #"{"format":"statedbg-journal","version":1,"app":"test","initialState":{"n":0},"hash":"0000000000000000"}"#,
                #"{"step":1,"kind":"keyframe","time":0,"action":{"label":"t","payload":null,"type":"t"},"state":{"n":1},"hash":"0000000000000000"}"#,
                #"{"step":2,"kind":"patch","parent":1,"time":1,"action":{"label":"inc","payload":{"by":1},"type":"inc"},"patch":[{"op":"replace","path":"/n","value":2}],"hash":"0000000000000000"}"#,
                #"{"event":"marker","after":2,"time":2,"name":"done"}"#,
            ]
            try await open(one, perMessage: 10, lastStep: 2, name: "version-1", browser)
            let states = [try await state(0, browser), try await state(1, browser), try await state(2, browser)]
            #expect(states == [["n": 0], ["n": 1], ["n": 2]])
            // Version 2: checksums, which the page checks.
            let two = try String(contentsOfFile: PageTools.packageRoot + "/Tests/Fuzz/Seeds/journal/v2-header-and-step.jsonl", encoding: .utf8)
                .split(separator: "\n").map(String.init)
            try await open(two, perMessage: 1, lastStep: 1, name: "version-2", browser)
            let counter = try await state(1, browser)
            #expect(counter == ["counter": -1])
            // A later version is refused with a sentence.
            try await open([#"{"format":"statedbg-journal","version":9,"app":"x","initialState":{},"hash":"0"}"#], perMessage: 1,
                           lastStep: -1, name: "version-9", browser)
            var said: JSONValue = .null
            for _ in 0..<100 where said["kind"] != "error" {
                said = try await browser.execute("return window.statedbgLive.messages.at(-1);")
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            #expect(said["text"] == "statedbg: the app writes journal version 9; this page reads versions 1 to 6", "\(said)")
        }
    }

    @Test func stepsThatNameTheirCallSiteByNumberShowTheSiteWhereverTheStreamStarts() async throws {
        // A version 6 stream as a recorder writes it, and as a live server sends it to a debugger that
        // attaches after it started its history again: the header of a continuation, then the lines after.
        let stream = SiteNumberedStream()
        let (whole, joined) = (stream.whole, stream.joined)
        func site(_ step: Int) -> String { SiteNumberedStream.site(step) }
        try await WebDriver.session { browser in
            for (name, bytes, steps) in [("sites-whole", whole, 1...20), ("sites-joined", joined, 11...20)] {
                let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
                #expect(lines.contains { $0.contains(#","site":2}"#) }, "\(name) names sites by number")
                #expect(lines.contains { $0.contains(#""action":"notes.set("#) }, "\(name) carries sites (version 6)")
                try await open(lines, perMessage: 3, lastStep: 20, name: name, browser)
                let shown = try await browser.execute("""
                    return {errors: window.statedbgLive.messages.filter((m) => m.kind === 'error'),
                            sites: window.statedbgTimeline.timeline.entries.filter((e) => e.action).map((e) => e.action.site)};
                    """)
                #expect(shown["errors"] == [], "\(name): \(shown)")
                #expect(shown["sites"] == .array(steps.map { .string(site($0)) }), "\(name)")
            }
            // A number that no line gave a site is refused with a sentence that names the step.
            var lines = String(decoding: joined, as: UTF8.self).split(separator: "\n").map(String.init)
            lines[2] = LineChecksum.resealed(lines[2].replacingOccurrences(of: #","site":2}"#, with: #","site":7}"#)
                                                     .replacingOccurrences(of: #","site":1}"#, with: #","site":7}"#))
            try await open(lines, perMessage: 1, lastStep: 11, name: "sites-undefined", browser)
            var said: JSONValue = .null
            for _ in 0..<100 where said == .null {
                said = try await browser.execute("return window.statedbgLive.messages.find((m) => m.kind === 'error') || null;")
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            #expect(said["text"] == "the app's journal, line 3 cannot be read: step 12 names call site 7, but 2 call sites are written whole since the last keyframe (or the header)", "\(said)")

            // A damaged step line may have been a keyframe that emptied the list: after it, up to the
            // next keyframe, a number names no site rather than a possibly wrong one.
            lines = String(decoding: whole, as: UTF8.self).split(separator: "\n").map(String.init)
            lines[5] = lines[5].replacingOccurrences(of: "notes.set(n: 5)", with: "notes.set(n: 6)")
            try await open(lines, perMessage: 1, lastStep: 20, name: "sites-after-damage", browser)
            let sites = try await browser.execute("""
                return window.statedbgTimeline.timeline.entries.filter((e) => e.step > 5 && e.action)
                  .map((e) => [e.step, e.action.site === undefined ? null : e.action.site]);
                """)
            let pairs = sites.arrayValue ?? []
            #expect(pairs.count == 15, "\(sites)")
            for pair in pairs {
                guard let step = pair[0]?.int64Value else { continue }
                #expect(pair[1] == .null || pair[1] == .string(site(Int(step))), "step \(step) shows a wrong site: \(pair)")
            }
            #expect(pairs.contains { $0[1] == .null }, "no numbered site was left unnamed after the damaged line: \(sites)")

            // The forms of version 6 in a stream of version 5 are refused with a sentence that names the step.
            // (Their times as version 5 gives them: only the actions keep version 6's form.)
            lines = AbsoluteStepTimes.text(String(decoding: whole, as: UTF8.self)).split(separator: "\n").map(String.init)
            lines[0] = LineChecksum.resealed(lines[0].replacingOccurrences(of: #""version":\#(JournalFormat.currentVersion)"#, with: #""version":5"#))
            try await open(lines, perMessage: 1, lastStep: 1, name: "sites-version-5", browser)
            said = .null
            for _ in 0..<100 where said == .null {
                said = try await browser.execute("return window.statedbgLive.messages.find((m) => m.kind === 'error') || null;")
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            #expect(said["text"] == "the app's journal, line 3 cannot be read: step 2 writes its action as a call alone (a string), but the header says version 5, and only version 6 on carries call sites from line to line", "\(said)")
        }
    }

    @Test func stepsThatGiveMillisecondsSinceTheOriginShowTheirTimesWhereverTheStreamStarts() async throws {
        // A version 6 stream, whole and joined at a continuation header as a live server sends it to a
        // client that attaches after it started its history again: both headers carry the session's origin.
        let origin: Int64 = 1_795_911_381_000
        var header = JournalHeader(tool: "test", app: "notes", stateType: "S", actionType: "A", schema: .null, schemaHash: "",
                                   created: "", initialState: ["n": 0], hash: 0)
        header.origin = origin
        let builder = JournalBuilder(header: header, policy: KeyframePolicy(interval: 4, smallStateBytes: 0))
        func time(_ step: Int) -> Int64 { origin + Int64(step * 100 - 300) }
        var whole: [UInt8] = []
        var joined: [UInt8] = []
        builder.writeHeader(into: &whole)
        for step in 1...20 {
            if step == 11 {
                var next = builder.header
                next.firstStep = 11
                next.initialState = builder.lastState
                next.origin = nil
                builder.continuation(after: next, policy: builder.policy).writeHeader(into: &joined)
            }
            let start = whole.count
            builder.appendStep(action: JournalAction(type: "notes.set", label: "notes.set(n: \(step))", payload: ["set": ["n": .integer(Int64(step))]]),
                               state: ["n": .integer(Int64(step))], time: time(step), into: &whole)
            if step >= 11 { joined += whole[start...] }
        }
        try await WebDriver.session { browser in
            for (name, bytes, steps) in [("times-whole", whole, 1...20), ("times-joined", joined, 11...20)] {
                let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
                #expect(lines.contains { $0.contains(#","ms":-200,"#) || $0.contains(#","ms":1700,"#) }, "\(name) gives ms")
                try await open(lines, perMessage: 3, lastStep: 20, name: name, browser)
                let shown = try await browser.execute("""
                    return {errors: window.statedbgLive.messages.filter((m) => m.kind === 'error'),
                            times: window.statedbgTimeline.timeline.entries.filter((e) => e.action).map((e) => e.time)};
                    """)
                #expect(shown["errors"] == [], "\(name): \(shown)")
                #expect(shown["times"] == .array(steps.map { .integer(time($0)) }), "\(name)")
            }
            // Under a header without an origin a step's `ms` counts from nothing: refused, naming the step.
            var lines = String(decoding: whole, as: UTF8.self).split(separator: "\n").map(String.init)
            lines[0] = LineChecksum.resealed(lines[0].replacingOccurrences(of: #","origin":\#(origin)"#, with: ""))
            try await open(Array(lines.prefix(3)), perMessage: 1, lastStep: 0, name: "times-without-origin", browser)
            var said: JSONValue = .null
            for _ in 0..<100 where said == .null {
                said = try await browser.execute("return window.statedbgLive.messages.find((m) => m.kind === 'error') || null;")
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            #expect(said["text"] == #"the app's journal, line 2 cannot be read: step 1's "ms" counts from the header's "origin", but the header has none"#, "\(said)")
        }
    }

    @Test func theInjectedBridgeCarriesThePagesCommands() async throws {
        try await WebDriver.session { browser in
            let lines = try String(contentsOfFile: PageTools.packageRoot + "/Recordings/users-negative-age.jsonl", encoding: .utf8)
                .split(separator: "\n").map(String.init)
            try await open(lines, perMessage: 100, lastStep: 60, name: "commands", browser)
            try await browser.execute("window.statedbgTimeline.page.go(12);")
            for button in ["#app-jump", "#app-undo", "#app-redo", "#app-pause", "#app-resume"] { try await browser.click(button) }
            try await browser.type(#"users.addUser(name: "Ada", age: 36)"#, into: "#dispatch-text")
            try await browser.click("#app-dispatch")
            let sent = try await browser.execute("return window.statedbgBridge.sent;")
            #expect(sent == [
                ["command": "jump", "step": 12, "id": 1], ["command": "undo", "id": 2], ["command": "redo", "id": 3],
                ["command": "pause", "id": 4], ["command": "resume", "id": 5],
                ["command": "dispatch", "text": #"users.addUser(name: "Ada", age: 36)"#, "id": 6],
            ])
            // The reply the app sends back is shown, and a refusal as an error.
            try await browser.execute("""
                window.statedbgLive.receive({type: 'reply', reply: {reply: 1, ok: true, message: "the app's state is now step 12"}});
                window.statedbgLive.receive({type: 'reply', reply: {reply: 6, ok: false, error: 'The app has no action users.addUser.'}});
                """)
            let said = try await browser.execute("return window.statedbgLive.messages.slice(-2);")
            #expect(said == [["text": "jump: the app's state is now step 12", "kind": "info"],
                             ["text": "dispatch: The app has no action users.addUser.", "kind": "error"]])
        }
    }
}
