import TestSupport
import Foundation
import StateJSON
import StateJournal
import Testing

/// Malformed and hostile journals: each gets one clear, located error and never a crash or a hang.
@Suite struct HostileJournalTests {
    static let header = #"{"format":"statedbg-journal","version":1,"app":"test","initialState":{"n":0},"hash":"\#(StateFingerprint.hex(StateFingerprint.of(["n": 0], scheme: .sequential)))"}"#

    static func step(_ number: Int, _ n: Int) -> String {
        let hash = StateFingerprint.hex(StateFingerprint.of(["n": .integer(Int64(n))], scheme: .sequential))
        return #"{"step":\#(number),"kind":"keyframe","time":0,"action":{"label":"t","payload":null,"type":"t"},"state":{"n":\#(n)},"hash":"\#(hash)"}"#
    }

    static func open(_ bytes: [UInt8], options: JournalReader.Options = JournalReader.Options()) throws -> (JournalError?, String) {
        let directory = try TemporaryDirectory()
        let path = try directory.writeBytes(bytes, to: "bad.jsonl")
        do {
            _ = try JournalReader(path: path, options: options)
            return (nil, path)
        } catch {
            return (error, path)
        }
    }

    static func message(_ text: String) throws -> String {
        let (error, path) = try open(Array(text.utf8))
        return (error?.description ?? "no error").replacingOccurrences(of: path, with: "bad.jsonl")
    }

    @Test func anEmptyFileSaysSo() throws {
        #expect(try Self.message("") == "bad.jsonl: the file is empty; a journal starts with a header line written by a statedbg recorder.")
    }

    @Test func binaryGarbageIsNotAHeader() throws {
        let (error, _) = try Self.open([0x00, 0xFF, 0x13, 0x37, 0x0A, 0x01])
        #expect(error?.category == .malformed)
        #expect(error?.line == 1)
        #expect(error?.message.hasPrefix("the first line is not a statedbg journal header: the line is not valid JSON (line 1, column 1:") == true)
    }

    @Test func invalidUTF8IsReportedWithItsColumn() throws {
        let (error, _) = try Self.open(Array(#"{"format":""#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8))
        #expect(error?.line == 1)
        #expect(error?.message.contains("column 12") == true)
    }

    @Test func aByteOrderMarkIsNamed() throws {
        let (error, _) = try Self.open([0xEF, 0xBB, 0xBF] + Array((Self.header + "\n").utf8))
        #expect(error?.description.hasSuffix(":1: the file starts with a UTF-8 byte order mark; journals are plain UTF-8, so remove the first three bytes.") == true)
    }

    @Test func crlfLineEndsAreNamed() throws {
        #expect(try Self.message(Self.header + "\r\n" + Self.step(1, 1) + "\r\n")
            == "bad.jsonl:1: the line ends with CR LF; journal lines end with LF alone (convert the file with `tr -d '\\r'`).")
    }

    @Test func aHeaderAloneIsAnEmptyRecording() throws {
        let directory = try TemporaryDirectory()
        let reader = try JournalReader(path: try directory.write(Self.header + "\n", to: "h.jsonl"))
        #expect(reader.stepCount == 0)
        #expect(reader.lastStep == 0)
        #expect(try reader.state(at: 0) == ["n": 0])
    }

    @Test func aMissingHeaderIsNamed() throws {
        #expect(try Self.message(Self.step(1, 1) + "\n")
            == "bad.jsonl:1: the first line is a step, not the header; a journal starts with a header line (is the beginning of the file missing?).")
    }

    @Test func anotherFormatIsRefused() throws {
        #expect(try Self.message(#"{"format":"redux-log","version":1}"# + "\n")
            == "bad.jsonl:1: the first line is not a statedbg journal header: \"format\" is \"redux-log\", not \"statedbg-journal\"; this is not a statedbg journal.")
    }

    @Test func aNewerVersionAsksForAnUpgrade() throws {
        let text = Self.header.replacingOccurrences(of: #""version":1"#, with: #""version":7"#) + "\n"
        #expect(try Self.message(text)
            == "bad.jsonl:1: the first line is not a statedbg journal header: \"version\" is 7, newer than this statedbg reads (up to \(JournalFormat.readableVersions.upperBound)); upgrade statedbg to read it.")
    }

    @Test func skippedStepsAreNamed() throws {
        #expect(try Self.message([Self.header, Self.step(1, 1), Self.step(3, 3)].joined(separator: "\n") + "\n")
            == "bad.jsonl:3: step 3 comes after step 1; step 2 is missing, and steps must be consecutive.")
        #expect(try Self.message([Self.header, Self.step(1, 1), Self.step(4, 4)].joined(separator: "\n") + "\n")
            == "bad.jsonl:3: step 4 comes after step 1; steps 2 to 3 are missing, and steps must be consecutive.")
    }

    @Test func repeatedStepsAreNamed() throws {
        #expect(try Self.message([Self.header, Self.step(1, 1), Self.step(1, 1)].joined(separator: "\n") + "\n")
            == "bad.jsonl:3: step 1 comes again or out of order; the step expected here is 2, and steps must be consecutive.")
    }

    @Test func aWholeStateOnALineWithoutKindStillReads() throws {
        // statedbg leaves `kind` out of patch lines, so the fast index takes such a line for a patch;
        // a hand-made line that holds a state must still rebuild, and validate, correctly.
        let bare = Self.step(2, 5).replacingOccurrences(of: #","kind":"keyframe""#, with: "")
        let patch = #"{"step":3,"time":0,"action":{"label":"t","payload":null,"type":"t"},"patch":[{"op":"replace","path":"/n","value":6}],"hash":"\#(StateFingerprint.hex(StateFingerprint.of(["n": 6], scheme: .sequential)))"}"#
        let directory = try TemporaryDirectory()
        let path = try directory.write([Self.header, Self.step(1, 1), bare, patch].joined(separator: "\n") + "\n", to: "k.jsonl")
        let reader = try JournalReader(path: path)
        #expect(try reader.state(at: 2) == ["n": 5])
        #expect(try reader.state(at: 3) == ["n": 6])
        #expect(reader.validate().isEmpty)
    }

    @Test func aPatchThatDoesNotApplyIsReportedAtItsStep() throws {
        let patch = #"{"step":2,"kind":"patch","time":0,"action":{"label":"t","payload":null,"type":"t"},"patch":[{"op":"replace","path":"/missing","value":1}],"hash":"0000000000000000"}"#
        let directory = try TemporaryDirectory()
        let path = try directory.write([Self.header, Self.step(1, 1), patch].joined(separator: "\n") + "\n", to: "p.jsonl")
        let reader = try JournalReader(path: path)
        #expect(throws: JournalError.self) { try reader.state(at: 2) }
        let problems = reader.validate()
        #expect(problems.count == 1)
        #expect(problems.first?.line == 3)
        #expect(problems.first?.message.hasPrefix("step 2's patch does not apply to the state of step 1:") == true)
    }

    @Test func aHashMismatchIsReportedAtItsStep() throws {
        let wrong = Self.step(1, 1).replacingOccurrences(of: #""state":{"n":1}"#, with: #""state":{"n":2}"#)
        let directory = try TemporaryDirectory()
        let path = try directory.write([Self.header, wrong].joined(separator: "\n") + "\n", to: "h.jsonl")
        let problems = try JournalReader(path: path).validate()
        #expect(problems.map(\.line) == [2])
        #expect(problems.first?.message.contains("but its rebuilt state hashes to") == true)
    }

    @Test func numbersOutOfRangeAreNamed() throws {
        let huge = Self.step(1, 1).replacingOccurrences(of: #"{"step":1,"#, with: #"{"step":123456789012345678901234567890,"#)
        #expect(try Self.message([Self.header, huge].joined(separator: "\n") + "\n")
            == "bad.jsonl:2: \"step\" is 123456789012345678901234567890, too large for a step or count.")
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let (error, _) = try Self.open(Array((Self.header + "\n" + deep + "\n").utf8))
        #expect(error?.line == 2)
        #expect(error?.message.contains("nest") == true)
    }

    @Test func aHugeLineIsRefusedWithoutReadingItIntoMemory() throws {
        var options = JournalReader.Options()
        options.maxLineBytes = 1 << 20
        var bytes = Array((Self.header + "\n").utf8)
        bytes += Array(#"{"step":1,"kind":"keyframe","time":0,"action":{"label":""#.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)
        bytes += Array("\"}\n".utf8)
        let (error, _) = try Self.open(bytes, options: options)
        #expect(error?.line == 2)
        #expect(error?.code == .lineTooLong(limit: 1 << 20))
    }

    @Test func aHundredMegabyteLineIsRefusedToo() throws {
        var bytes = Array((Self.header + "\n").utf8)
        bytes.reserveCapacity(100 << 20 + 200)
        bytes += Array(#"{"step":1,"#.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: " "), count: 100 << 20)
        bytes += Array("}\n".utf8)
        let (error, _) = try Self.open(bytes)
        #expect(error?.line == 2)
        #expect(error?.message.hasPrefix("the line is longer than 64 MiB") == true)
    }

    @Test func manyTinyBadLinesStopAtTheFirst() throws {
        let text = Self.header + "\n" + String(repeating: "{}\n", count: 1_000_000)
        #expect(try Self.message(text)
            == "bad.jsonl:2: the line is of unknown kind \"(no \"step\", \"event\" or \"format\" member)\"; this reader knows steps and the events rejected, commandError, travel, marker, closed, actionInFlight and crashed.")
    }

    @Test func aHundredThousandTinyStepsOpenQuickly() throws {
        var text = Self.header + "\n"
        for number in 1...100_000 { text += Self.step(number, number) + "\n" }
        let directory = try TemporaryDirectory()
        let reader = try JournalReader(path: try directory.write(text, to: "many.jsonl"))
        #expect(reader.lastStep == 100_000)
        #expect(try reader.state(at: 77_777) == ["n": 77_777])
    }

    @Test func aDirectoryIsNotAJournal() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: JournalError(.notARegularFile(.directory), path: directory.path)) {
            try JournalReader(path: directory.path)
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("fifo")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: JournalError(.notARegularFile(.fifoDeviceOrSocket), path: path)) {
            try JournalReader(path: path)
        }
    }

    @Test func aMissingFileIsNoInput() throws {
        let error = #expect(throws: JournalError.self) { try JournalReader(path: "/nonexistent/x.jsonl") }
        #expect(error?.category == .noInput)
        #expect(error?.description == "/nonexistent/x.jsonl: cannot open the journal: no such file or directory.")
    }
}
