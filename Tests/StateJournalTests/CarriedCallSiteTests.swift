import Foundation
import StateJSON
@testable import StateJournal
import TestSupport
import Testing

/// Version 6 writes an action as its call alone, a JSON string, where the line needs no `site` member,
/// and a call site only where it changes (the format article's "An action as its call alone, and call
/// sites carried from line to line"): as ``JournalBuilder`` writes it and as every reader reads it.
@Suite struct CarriedCallSiteTests {
    static let text = String(repeating: "x", count: 400)

    static func state(_ n: Int) -> JSONValue { ["text": .string(text), "n": .integer(Int64(n))] }

    static func header(version: Int = JournalFormat.currentVersion) -> JournalHeader {
        JournalHeader(version: version, tool: "test", app: "t", stateType: "S", actionType: "A", schema: .null, schemaHash: "",
                      created: "", initialState: state(0), hash: 0)
    }

    /// A call (`t.set(n: 1)`), or with `call` false an action whose label is no call, written whole.
    static func action(_ n: Int, site: String?, call: Bool = true) -> JournalAction {
        JournalAction(type: "t.set", label: call ? "t.set(n: \(n))" : "set \(n)", payload: ["set": ["n": .integer(Int64(n))]], site: site)
    }

    /// Steps 1 to 9: a site, the same, none, none, another, the first again, a keyframe from the first,
    /// then two actions written whole, with the first site carried and with none.
    static let sites: [String?] = ["A.swift:1", "A.swift:1", nil, nil, "B.swift:2", "A.swift:1", "A.swift:1", "A.swift:1", nil]
    static let actions: [JournalAction] = sites.enumerated().map { index, site in action(index + 1, site: site, call: index < 7) }

    static func journal(version: Int = JournalFormat.currentVersion) -> [UInt8] {
        let builder = JournalBuilder(header: header(version: version))
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for (index, action) in actions.enumerated() {
            builder.appendStep(action: action, state: state(index + 1), time: 0, keyframe: index == 6, into: &bytes)
        }
        return bytes
    }

    static func stepLines(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst().joined(separator: "\n")
    }

    @Test func aLineWritesTheCallAloneWhereTheSiteInForceIsItsOwn() {
        let patch = #""patch":[{"op":"replace","path":"/n","value":"#
        #expect(Self.stepLines(Self.journal()) == #"""
            {"step":1,"ms":0,"action":{"call":"t.set(n: 1)","site":"A.swift:1"},\#(patch)1}],"hash":"59045e2f0ee159d5","crc":"bffda84c"}
            {"step":2,"ms":0,"action":"t.set(n: 2)",\#(patch)2}],"hash":"fb91f28721d4fd0a","crc":"7a9be973"}
            {"step":3,"ms":0,"action":{"call":"t.set(n: 3)","site":null},\#(patch)3}],"hash":"c0e0fcc1fcffa614","crc":"4881a2bd"}
            {"step":4,"ms":0,"action":"t.set(n: 4)",\#(patch)4}],"hash":"682886c0ffda22c1","crc":"5d07ffaf"}
            {"step":5,"ms":0,"action":{"call":"t.set(n: 5)","site":"B.swift:2"},\#(patch)5}],"hash":"f63611e26df3bec4","crc":"67b938db"}
            {"step":6,"ms":0,"action":{"call":"t.set(n: 6)","site":1},\#(patch)6}],"hash":"cf1e81fd79f5350d","crc":"fd15f33a"}
            {"step":7,"kind":"keyframe","ms":0,"action":{"call":"t.set(n: 7)","site":"A.swift:1"},"state":{"n":7,"text":"\#(Self.text)"},"hash":"3450d03099bd9880","crc":"65c915cb"}
            {"step":8,"ms":0,"action":{"label":"set 8","payload":{"set":{"n":8}},"type":"t.set"},\#(patch)8}],"hash":"1e4cd74cd90a4618","crc":"235d680d"}
            {"step":9,"ms":0,"action":{"label":"set 9","payload":{"set":{"n":9}},"site":null,"type":"t.set"},\#(patch)9}],"hash":"e8b6d0345b97796d","crc":"f8e245b7"}
            """#)
    }

    /// Writes `bytes` to a file in `directory`, and returns its path.
    static func file(_ bytes: [UInt8], _ name: String = "carried.jsonl", in directory: TemporaryDirectory) throws -> String {
        let path = directory.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func everyReaderPutsTheSiteInForceBackWhereverItStarts() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.file(Self.journal(), in: directory)
        let reader = try JournalReader(path: path)
        #expect(reader.validate().isEmpty)
        for step in 1...9 { #expect(try reader.step(step).action == Self.actions[step - 1], "in order, step \(step)") }
        for step in 1...9 {
            // A reader that reads this step first, from the keyframe at or before it.
            #expect(try JournalReader(path: path).actionAndHash(ofStep: step).action == Self.actions[step - 1], "alone, step \(step)")
        }
        for step in (1...9).reversed() { #expect(try reader.actionAndHash(ofStep: step).action == Self.actions[step - 1], "backwards, step \(step)") }
        try reader.forEachActionAndHash(1...9) { step, action, _ in
            #expect(action == Self.actions[step - 1], "block, step \(step)")
            return true
        }
        try reader.forEachRecordedStep(1...9) { recorded in
            #expect(recorded.action == Self.actions[recorded.step - 1], "recorded, step \(recorded.step)")
            return true
        }
        #expect(try reader.siteInForce(after: 3) == nil)
        #expect(try reader.siteInForce(after: 8) == "A.swift:1")
        #expect(try reader.callSites(after: 6) == ["A.swift:1", "B.swift:2"])
        // A stream that reads some lines only, so that the lines that set the site are passed over.
        for modulus in [1, 2, 3, 4] {
            let stream = try JournalStream(path: path)
            var read: [Int: JournalAction] = [:]
            var failure: JournalError?
            try stream.forEachStep { line in
                guard line.step % modulus == 0 else { return true }
                do throws(JournalError) {
                    read[line.step] = try modulus == 2 ? stream.parse(line).action : stream.action(of: line)
                } catch {
                    failure = error
                    return false
                }
                return true
            }
            #expect(failure == nil)
            for (step, action) in read { #expect(action == Self.actions[step - 1], "stream every \(modulus), step \(step)") }
        }
    }

    /// Keyframes in a row that write their sites whole (as a small state makes every step one): a stream
    /// keeps the list of the keyframe before when the next one writes the same site, and the patch lines
    /// after a keyframe must still carry that keyframe's own site, whatever the keyframes before it wrote.
    @Test func keyframesInARowLeaveTheSiteOfTheLastOneInForce() throws {
        let sites: [String?] = ["A.swift:1", "A.swift:1", "B.swift:2", "B.swift:2", nil, nil, "A.swift:1", "A.swift:1", "A.swift:1", "A.swift:1"]
        let keyframes: Set<Int> = [1, 2, 3, 5, 7, 9]
        let actions = sites.enumerated().map { index, site in Self.action(index + 1, site: site, call: index != 7) }
        let builder = JournalBuilder(header: Self.header())
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for (index, action) in actions.enumerated() {
            builder.appendStep(action: action, state: Self.state(index + 1), time: 0, keyframe: keyframes.contains(index + 1), into: &bytes)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#"{"step":4,"ms":0,"action":"t.set(n: 4)","#), "step 4 carries step 3's site")
        let directory = try TemporaryDirectory()
        let path = try Self.file(bytes, in: directory)
        for modulus in [1, 2, 3] {
            let stream = try JournalStream(path: path)
            var read: [Int: JournalAction] = [:]
            try stream.forEachStep { line in
                if line.step % modulus == 0 { read[line.step] = try? stream.action(of: line) }
                return true
            }
            #expect(read.count == 10 / modulus, "stream every \(modulus)")
            for (step, action) in read { #expect(action == actions[step - 1], "stream every \(modulus), step \(step)") }
        }
        let reader = try JournalReader(path: path)
        #expect(reader.validate().isEmpty)
        for step in 1...10 { #expect(try reader.step(step).action == actions[step - 1], "reader, step \(step)") }
    }

    @Test func aContinuationHeaderPutsTheSiteInForceForTheLinesAfterIt() throws {
        let builder = JournalBuilder(header: Self.header())
        var whole: [UInt8] = []
        var joined: [UInt8] = []
        builder.writeHeader(into: &whole)
        for step in 1...8 {
            if step == 3 || step == 5 {
                var next = builder.header
                next.firstStep = step
                next.initialState = builder.lastState
                joined = []
                builder.continuation(after: next, policy: builder.policy).writeHeader(into: &joined)
            }
            let start = whole.count
            let site = step == 6 ? "B.swift:2" : "A.swift:1"
            builder.appendStep(action: Self.action(step, site: site), state: Self.state(step), time: 0, into: &whole)
            if step >= 5 { joined += whole[start...] }
        }
        let text = String(decoding: joined, as: UTF8.self)
        #expect(text.contains(#""site":1,"sites":["A.swift:1"]"#))
        #expect(text.contains(#"{"step":5,"ms":0,"action":"t.set(n: 5)","#), "step 5 has the site in force at the header")
        #expect(text.contains(#"{"call":"t.set(n: 7)","site":1}"#))
        let directory = try TemporaryDirectory()
        let path = try Self.file(joined, in: directory)
        let reader = try JournalReader(path: path)
        #expect(reader.validate().isEmpty)
        for step in 5...8 {
            let site = step == 6 ? "B.swift:2" : "A.swift:1"
            #expect(try JournalReader(path: path).step(step).action.site == site, "step \(step)")
            #expect(try reader.step(step).action.site == site, "step \(step)")
        }
        let stream = try JournalStream(path: path)
        var sites: [String?] = []
        try stream.forEachStep { line in
            sites.append(try? stream.action(of: line).site)
            return true
        }
        #expect(sites == ["A.swift:1", "B.swift:2", "A.swift:1", "A.swift:1"])
    }

    @Test func aResumedJournalGoesOnFromTheSiteInForce() throws {
        let directory = try TemporaryDirectory()
        var bytes = Self.journal()
        let path = try Self.file(bytes, in: directory)
        let reader = try JournalReader(path: path)
        let builder = JournalBuilder(continuing: reader.header, lastStep: 9, state: Self.state(9), sites: try reader.callSites(after: 9),
                                     siteInForce: try reader.siteInForce(after: 9))
        var appended: [UInt8] = []
        builder.appendStep(action: Self.action(10, site: nil), state: Self.state(10), time: 0, into: &appended)
        builder.appendStep(action: Self.action(11, site: "A.swift:1"), state: Self.state(11), time: 0, into: &appended)
        let text = String(decoding: appended, as: UTF8.self)
        #expect(text.contains(#""action":"t.set(n: 10)","#), "no site was in force after step 9")
        #expect(text.contains(#""action":{"call":"t.set(n: 11)","site":1}"#), "the site list goes on from step 7's keyframe")
        bytes += appended
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let resumed = try JournalReader(path: path)
        #expect(resumed.validate().isEmpty)
        #expect(try resumed.step(10).action.site == nil)
        #expect(try resumed.step(11).action.site == "A.swift:1")
    }

    /// The `site` member of a version 6 header, and the forms a version 6 line has, in a journal of an
    /// earlier version or where they do not belong.
    @Test func theFormsOfVersion6AreRefusedWhereTheyDoNotBelong() throws {
        let directory = try TemporaryDirectory()
        // A version 5 journal whose lines use the version 6 forms of actions and sites (and give their
        // time as version 5 does: the origin is 0).
        let text = String(decoding: Self.journal(), as: UTF8.self)
            .replacingOccurrences(of: #""version":\#(JournalFormat.currentVersion)"#, with: #""version":5"#)
            .replacingOccurrences(of: #","origin":0"#, with: "").replacingOccurrences(of: #""ms":"#, with: #""time":"#)
        let lines = text.split(separator: "\n").map { LineChecksum.resealed(String($0)) }
        let path = try Self.file(Array((lines.joined(separator: "\n") + "\n").utf8), "v5.jsonl", in: directory)
        let reader = try JournalReader(path: path)
        #expect(try reader.step(1).action.site == "A.swift:1")
        #expect(throws: JournalError(.carriedSiteForm(step: 2, siteNull: false, version: 5), path: path, line: 3)) { try reader.step(2) }
        #expect(throws: JournalError(.carriedSiteForm(step: 3, siteNull: true, version: 5), path: path, line: 4)) {
            try JournalReader(path: path).actionAndHash(ofStep: 3)
        }
        #expect(reader.validate().first?.description
            == "\(path):3: step 2 writes its action as a call alone (a string), but the header says version 5, and only version 6 on carries call sites from line to line; the journal was edited, or its header is wrong.")
        let stream = try JournalStream(path: path)
        var failure: JournalError?
        try stream.forEachStep { line in
            do throws(JournalError) { _ = try stream.action(of: line) } catch {
                failure = error
                return false
            }
            return true
        }
        #expect(failure == JournalError(.carriedSiteForm(step: 2, siteNull: false, version: 5), path: path, line: 3))

        func header(_ edit: (inout JSONObject) -> Void) throws -> JournalLineError? {
            guard case .object(var object) = Self.header().jsonValue else { return nil }
            edit(&object)
            do {
                _ = try JournalHeader(jsonValue: .object(object))
                return nil
            } catch {
                return error
            }
        }
        #expect(try header { $0["site"] = 1 } == .invalidValue(field: "site", reason: "is 1, but it must be the number of one of the header's 0 call sites (from 1)"))
        #expect(try header { $0["sites"] = ["A.swift:1"]; $0["site"] = 2 }
            == .invalidValue(field: "site", reason: "is 2, but it must be the number of one of the header's 1 call site (from 1)"))
        #expect(try header { $0["sites"] = ["A.swift:1"]; $0["site"] = 1; $0["version"] = 5 }
            == .invalidValue(field: "site", reason: "is 1, but a header names the call site in force only from version 6 on"))
        #expect(try header { $0["sites"] = ["A.swift:1"]; $0["site"] = 1 } == nil)
        // The number counts the header's sites as written, a repeated one too.
        guard case .object(var repeated) = Self.header().jsonValue else { return }
        repeated["sites"] = ["A.swift:1", "A.swift:1", "B.swift:2"]
        repeated["site"] = 3
        #expect(CallSiteList(header: try JournalHeader(jsonValue: .object(repeated))).inForce == "B.swift:2")

        // A string that is no call, an action of no form, a site of no form.
        func stepLine(action: String) -> JournalLineError? {
            let line = #"{"step":1,"time":0,"action":"# + action + #","patch":[],"hash":"0000000000000000"}"#
            do {
                _ = try JournalLine(jsonValue: try JSONValue(parsing: Array(line.utf8)))
                return nil
            } catch let error as JournalLineError {
                return error
            } catch {
                return .missingField("a parse error: \(error)")
            }
        }
        #expect(stepLine(action: #""t.set(n: 1""#)
            == .invalidValue(field: "action", reason: #"is "t.set(n: 1", which is not a call (tag(name: value, …)) that gives an action's tag and payload"#))
        #expect(stepLine(action: "12") == .wrongType(field: "action", expected: "an object or a call (a string)", found: .number))
        #expect(stepLine(action: #"{"call":"t.set(n: 1)","site":true}"#)
            == .wrongType(field: "action.site", expected: "a string, a call site's number or null", found: .bool))
        #expect(stepLine(action: #""t.set(n: 1)""#) == nil)

        // An event's action writes its site whole: the carried forms say nothing there.
        let event = #"{"event":"rejected","after":1,"time":0,"action":"t.set(n: 1)","validator":"v","reason":"r"}"#
        #expect(throws: JournalLineError.wrongType(field: "action", expected: "an object (an event's action writes its call site whole)", found: .string)) {
            try JournalLine(jsonValue: JSONValue(parsing: Array(event.utf8)))
        }
    }

    /// A line whose action carries the site in force cannot be read past a damaged line that may have set it.
    @Test func aCarriedSiteAfterADamagedLineIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        var lines = String(decoding: Self.journal(), as: UTF8.self).split(separator: "\n").map(String.init)
        // Step 1 (line 2) sets the site step 2 carries: damage it (its checksum no longer holds).
        lines[1] = lines[1].replacingOccurrences(of: "A.swift:1", with: "A.swift:9")
        let path = try Self.file(Array((lines.joined(separator: "\n") + "\n").utf8), in: directory)
        var options = JournalReader.Options()
        options.lineProblemLimit = 10
        let reader = try JournalReader(path: path, options: options)
        #expect(throws: JournalError(.unreadableThroughDamage(step: 2, damaged: 1, line: 2), path: path, line: 2)) { try reader.step(2) }
        // Step 3 writes its site (none) itself: it reads.
        #expect(try reader.step(3).action == Self.actions[2])
        #expect(try reader.step(7).action == Self.actions[6], "a keyframe starts afresh")
        #expect(try reader.step(8).action == Self.actions[7])
        // A stream likewise, on the lines it hands over.
        let stream = try JournalStream(path: path)
        var read: [Int: Result<JournalAction, JournalError>] = [:]
        try stream.forEachStep { line in
            do throws(JournalError) { read[line.step] = .success(try stream.action(of: line)) } catch { read[line.step] = .failure(error) }
            return true
        }
        #expect(read[2] == .failure(JournalError(.unreadableThroughDamage(step: 2, damaged: 1, line: 2), path: path, line: 2)))
        #expect(read[3] == .success(Self.actions[2]))
        #expect(read[8] == .success(Self.actions[7]))
    }

    /// The byte scanners classify a line whose action is a string as they do one whose action is an object.
    @Test func theScannersPassOverAnActionThatIsAString() throws {
        var scanner = StepLineScanner()
        let line = #"{"step":2,"time":0,"action":"t.set(n: \"}\")","patch":[{"op":"replace","path":"/n","value":2}],"hash":"0123456789abcdef"}"#
        let scanned = Array(line.utf8).withUnsafeBytes { scanner.scan($0) }
        #expect(scanned?.action.label == #"t.set(n: "}")"#)
        #expect(scanned?.action.siteNote == .bareCall)
        #expect(scanned?.hash == 0x0123_4567_89ab_cdef)
        var finder = StepLineContentFinder()
        let bytes = Array(line.utf8)
        let found = bytes.withUnsafeBytes { raw -> String? in
            let prefix = StepLinePrefix(raw)
            let stepLine = JournalStream.StepLine(step: 2, line: 3, time: 0, parent: 1, isKeyframe: false, bytes: raw, actionStart: prefix?.actionStart)
            return finder.content(of: stepLine).map { String(decoding: raw[$0.range], as: UTF8.self) }
        }
        #expect(found == #"[{"op":"replace","path":"/n","value":2}]"#)
    }

    /// Long runs of calls alone, which a reader passes over by their bits in the index, between the
    /// lines that change the site: every step reads the same from anywhere.
    @Test func longRunsOfCallsAloneReadTheSameFromAnywhere() throws {
        func site(_ step: Int) -> String? {
            switch (step / 37) % 4 {
            case 0: "A.swift:1"
            case 1: nil
            case 2: "B.swift:2"
            default: step % 5 == 0 ? "A.swift:1" : "C.swift:3"
            }
        }
        let builder = JournalBuilder(header: Self.header())
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for step in 1...300 {
            builder.appendStep(action: Self.action(step, site: site(step)), state: Self.state(step), time: 0, keyframe: step % 90 == 0, into: &bytes)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.components(separatedBy: #""action":"t.set("#).count > 200, "most lines are calls alone")
        let directory = try TemporaryDirectory()
        let path = try Self.file(bytes, in: directory)
        let inOrder = try JournalReader(path: path)
        #expect(inOrder.validate().isEmpty)
        for step in 1...300 {
            #expect(try inOrder.step(step).action.site == site(step), "in order, step \(step)")
        }
        let backwards = try JournalReader(path: path)
        for step in stride(from: 300, through: 1, by: -7) {
            #expect(try backwards.actionAndHash(ofStep: step).action.site == site(step), "backwards, step \(step)")
            #expect(try JournalReader(path: path).step(step).action.site == site(step), "alone, step \(step)")
        }
        let stream = try JournalStream(path: path)
        var wrong: [Int] = []
        try stream.forEachStep { line in
            if line.step % 11 == 0, (try? stream.action(of: line).site) != site(line.step) { wrong.append(line.step) }
            return true
        }
        #expect(wrong.isEmpty)
    }
}
