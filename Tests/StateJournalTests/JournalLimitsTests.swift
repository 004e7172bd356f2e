import TestSupport
import Foundation
import StateJSON
import StateJournal
import Testing

/// The writer and the readers keep one set of limits (``JournalLimits``): what the writer writes, every
/// reader reads; what it refuses is what a reader would refuse.
@Suite struct JournalLimitsTests {
    /// An array nested `levels` deep: `[[[]]]` for 3.
    static func nested(_ levels: Int) -> JSONValue {
        var value: JSONValue = .array([])
        for _ in 1..<max(1, levels) { value = .array([value]) }
        return value
    }

    /// A journal of `states` written with the checked builder, or the refusal of the first it refuses.
    static func write(_ states: [JSONValue], initial: JSONValue = ["n": 0], action: JournalAction = JournalRoundTripTests.action(1),
                      to path: String) throws -> JournalError.UnreadableLine? {
        let builder = JournalBuilder(header: JournalRoundTripTests.header(initial: initial))
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        var refusal: JournalError.UnreadableLine?
        do throws(JournalError.UnreadableLine) {
            for (index, state) in states.enumerated() {
                let before = bytes.count
                let step = try builder.appendReadableStep(action: action, state: state, time: Int64(index), into: &bytes)
                #expect(step == index + 1)
                #expect(bytes.count > before)
            }
        } catch {
            refusal = error
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return refusal
    }

    @Test func theDeepestStateAReaderReadsIsWrittenAndOneLevelMoreIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("deep.jsonl")
        let deepest = Self.nested(JournalLimits.maxValueDepth)
        #expect(try Self.write([["n": 1], deepest, ["n": 2]], to: path) == nil)
        let reader = try JournalReader(path: path)
        #expect(try reader.state(at: 2) == deepest)
        #expect(reader.validate().isEmpty)

        let refused = try Self.write([["n": 1], Self.nested(JournalLimits.maxValueDepth + 1), ["n": 2]], to: path)
        #expect(refused == JournalError.UnreadableLine(step: 2, problem: .tooDeep(field: "state", limit: 511)))
        #expect(refused?.description == #"step 2 was not written: "state" nests arrays and objects deeper than 511 levels, the most a journal line holds there; no statedbg reader would read it."#)
        let cut = try JournalReader(path: path)
        #expect(cut.lastStep == 1, "nothing of the refused step was written")
        #expect(cut.validate().isEmpty)
    }

    @Test func aReaderRefusesTheLineTheWriterRefuses() throws {
        // The same state written by the unchecked builder, as a recorder before these limits did.
        let directory = try TemporaryDirectory()
        let path = directory.file("unchecked.jsonl")
        try JournalRoundTripTests.writeJournal([["n": 1], Self.nested(JournalLimits.maxValueDepth + 1)], initial: ["n": 0], to: path)
        let reader = try JournalReader(path: path)
        let error = #expect(throws: JournalError.self) { try reader.state(at: 2) }
        guard case .invalidLine(.invalidJSON(let parse))? = error?.code else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(parse.code == .tooDeep)
    }

    @Test func aPatchValueTooDeepForAPatchLineIsStoredAsAKeyframe() throws {
        // A value replacing the whole document is three levels deeper in a patch line than in a keyframe.
        let directory = try TemporaryDirectory()
        let path = directory.file("patch.jsonl")
        // `tree` goes from a string to arrays: the patch replaces it whole, one level below the document.
        let filler = JSONValue.array((0..<500).map { .integer($0) })
        let big = JSONValue.object(["filler": filler, "tree": "none"])
        let changed = JSONValue.object(["filler": .array((0..<500).map { .integer($0 == 7 ? -1 : $0) }), "tree": "none"])
        let deep = JSONValue.object(["filler": filler, "tree": Self.nested(JournalLimits.maxValueDepth - 1)])
        #expect(try Self.write([big, changed, deep], initial: big, to: path) == nil)
        let reader = try JournalReader(path: path)
        #expect(!reader.isKeyframe(2), "a change of the filler alone is a patch")
        #expect(reader.isKeyframe(3))
        #expect(try reader.state(at: 3) == deep)
        #expect(reader.validate().isEmpty)
    }

    @Test func aNumberJSONCannotHoldIsRefusedWithWhereItIs() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("numbers.jsonl")
        for (number, text) in [(JSONValue.double(.nan), "nan"), (.double(-.infinity), "-inf"), (.bigNumber("12"), "12"),
                               (.bigNumber("1.5"), "1.5"), (.bigNumber("0x10"), "0x10")] {
            let refused = try Self.write([["a": ["b": 1]], ["a": ["b": number]]], initial: ["a": ["b": 0]], to: path)
            #expect(refused == JournalError.UnreadableLine(
                step: 2, problem: .unreadableNumber(field: "state", at: try JSONPointer(parsing: "/a/b"), number: text)))
            #expect(try JournalReader(path: path).lastStep == 1)
        }
        // Numbers that read back as they are: written. (`1.50` is not one: it reads back as the double 1.5.)
        for number in [JSONValue.bigNumber("123456789012345678901234567890"), .bigNumber("3.14159265358979323846"), .double(-0.0), .unsigned(.max)] {
            let refused = try Self.write([["a": number]], to: path)
            #expect(refused == nil, "\(number): \(String(describing: refused))")
            let reader = try JournalReader(path: path)
            #expect(reader.validate().isEmpty, "\(number)")
        }
    }

    @Test func anActionNestedDeeperThanALineHoldsIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("action.jsonl")
        let deepest = JournalAction(type: "t", label: "t", payload: Self.nested(JournalLimits.maxValueDepth - 1))
        #expect(try Self.write([["n": 1]], action: deepest, to: path) == nil)
        #expect(try JournalReader(path: path).action(at: 1) == deepest)
        let deeper = JournalAction(type: "t", label: "t", payload: Self.nested(JournalLimits.maxValueDepth))
        #expect(try Self.write([["n": 1]], action: deeper, to: path)
            == JournalError.UnreadableLine(step: 1, problem: .tooDeep(field: "action", limit: 511)))

        var bytes: [UInt8] = []
        #expect(throws: JournalError.UnreadableLine(step: nil, problem: .tooDeep(field: nil, limit: 512))) {
            try JournalEvent.rejected(after: 0, time: 0, action: deeper, validator: "v", reason: "r").writeReadable(to: &bytes)
        }
        #expect(bytes.isEmpty)
    }

    @Test func aLineLongerThanReadersReadIsRefusedAndNothingOfItIsWritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("long.jsonl")
        let long = JSONValue.object(["text": .string(String(repeating: "x", count: JournalLimits.maxLineBytes))])
        #expect(try Self.write([["n": 1], long], to: path)
            == JournalError.UnreadableLine(step: 2, problem: .tooLong(limit: JournalLimits.maxLineBytes)))
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == 1)
        #expect(reader.torn == nil)
    }

    @Test func aJournalWhoseHeaderNoReaderReadsIsNotCreated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("header.jsonl")
        let builder = JournalBuilder(header: JournalRoundTripTests.header(initial: Self.nested(JournalLimits.maxDepth)))
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        #expect(throws: JournalError(.unreadableLine(.init(step: nil, problem: .tooDeep(field: nil, limit: 512))), path: path)) {
            try JournalFile.create(at: path, header: bytes)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aLineTooLongForAReaderIsNotCalledTheWorkOfAnotherWriter() throws {
        var options = JournalReader.Options()
        options.maxLineBytes = 1 << 20
        let directory = try TemporaryDirectory()
        let path = directory.file("long.jsonl")
        try JournalRoundTripTests.writeJournal([["text": .string(String(repeating: "x", count: 2 << 20))]], initial: ["n": 0], to: path)
        let error = #expect(throws: JournalError.self) { try JournalReader(path: path, options: options) }
        #expect(error?.code == .lineTooLong(limit: 1 << 20))
        #expect(error?.message == "the line is longer than 1 MiB, the most a journal line may hold; statedbg reads no longer line, and its recorder writes none.")
    }
}
