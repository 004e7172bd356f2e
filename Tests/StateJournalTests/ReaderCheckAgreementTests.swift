import TestSupport
import Foundation
import StateJSON
import StateJournal
import Testing

/// The readers and `statedbg check` agree on every line: every line check accepts, every reader reads;
/// every line a reader refuses (or warns about), check reports. Seeded journals are written, then
/// damaged in the ways files are (bytes changed, lines dropped, repeated, swapped, joined, cut, edited
/// and resealed so that their checksums pass), and read by both readers in every way they read.
///
/// A reader's error at line L is explained by a problem check reports at L or before it (a state after
/// a broken step cannot be rebuilt, and check goes on from the next keyframe); a damaged line a reader
/// warns about is one check lists.
@Suite struct ReaderCheckAgreementTests {
    @Test func everyLineAReaderRefusesCheckReportsAndEveryJournalCheckPassesEveryReaderReads() throws {
        let directory = try TemporaryDirectory()
        var random = SeededNumbers(seed: 31)
        var damagedJournals = 0
        for round in 0..<300 {
            var journal = JournalSample(random: &random)
            let mutations = round < 20 ? 0 : 1 + random.next(below: 3)
            for _ in 0..<mutations { journal.mutate(&random) }
            let path = directory.file("j\(round).jsonl")
            try Data(journal.bytes).write(to: URL(fileURLWithPath: path))

            let check = CheckedLines(path: path)
            if !check.isEmpty { damagedJournals += 1 }
            let readers = ReaderFindings(path: path, blockBytes: random.next(below: 2) == 0 ? 64 : 1 << 18,
                                         readAhead: random.next(below: 2) == 0)
            let context = "round \(round):\n\(String(decoding: journal.bytes, as: UTF8.self))\ncheck: \(check.problems)"
            for error in readers.errors {
                #expect(check.explains(error), "a reader refused what check passed: \(error)\n\(context)")
            }
            for line in readers.warnedLines {
                #expect(check.lines.contains(line), "a reader warned about line \(line), which check passed\n\(context)")
            }
            if check.isEmpty {
                #expect(readers.errors.isEmpty && readers.warnedLines.isEmpty, "\(context)")
            }
            // One validator: where both readers stop at a line, they stop at the same line for the same reason.
            if let scanned = readers.openingError, let streamed = readers.streamingError, journal.bytes.contains(0x0A) {
                #expect(scanned == streamed, "\(context)")
            }
        }
        // The mutations must produce damage the check finds, or the test proves nothing.
        #expect(damagedJournals > 150)
    }
}

/// What `statedbg check` reports about a journal, as ``JournalReader/Options/checking(limit:)`` and
/// ``JournalReader/validateRecordedStates(limit:isCancelled:)`` find it (what `JournalCheck` runs).
private struct CheckedLines {
    var problems: [JournalError] = []

    init(path: String) {
        do {
            let reader = try JournalReader(path: path, options: .checking(limit: 10_000))
            problems = reader.validateRecordedStates(limit: 10_000).problems
        } catch {
            problems = [error]
        }
    }

    var isEmpty: Bool { problems.isEmpty }
    var lines: Set<Int> { Set(problems.compactMap(\.line)) }

    /// Whether a problem check reports explains a reader's error: one at its line or before it, or any
    /// problem for an error about the whole file.
    func explains(_ error: JournalError) -> Bool {
        guard let line = error.line else { return !problems.isEmpty }
        return problems.contains { ($0.line ?? 0) <= line }
    }
}

/// Everything the readers refuse or warn about when they read a journal every way they read one.
private struct ReaderFindings {
    var errors: [JournalError] = []
    var warnedLines: [Int] = []
    /// The error that stopped ``JournalReader`` opening the file, and ``JournalStream`` passing its lines.
    var openingError: JournalError?
    var streamingError: JournalError?

    init(path: String, blockBytes: Int, readAhead: Bool) {
        readWithReader(path)
        readWithStream(path, blockBytes: blockBytes, readAhead: readAhead)
    }

    private mutating func attempt(_ body: () throws(JournalError) -> Void) {
        do {
            try body()
        } catch {
            errors.append(error)
        }
    }

    private mutating func readWithReader(_ path: String) {
        let reader: JournalReader
        do {
            reader = try JournalReader(path: path)
        } catch {
            errors.append(error)
            openingError = error
            return
        }
        warnedLines += reader.lineProblems.compactMap(\.line)
        for step in reader.baseStep...reader.lastStep {
            attempt { () throws(JournalError) in _ = try reader.state(at: step) }
            guard step > reader.baseStep else { continue }
            attempt { () throws(JournalError) in _ = try reader.step(step) }
            attempt { () throws(JournalError) in _ = try reader.actionAndHash(ofStep: step) }
        }
        for run in reader.intactRuns() {
            attempt { () throws(JournalError) in try reader.forEachRecordedStep(run) { _ in true } }
            attempt { () throws(JournalError) in try reader.forEachActionAndHash(run) { _, _, _ in true } }
        }
    }

    private mutating func readWithStream(_ path: String, blockBytes: Int, readAhead: Bool) {
        let stream: JournalStream
        do {
            stream = try JournalStream(path: path, blockBytes: blockBytes, readAheadFromBytes: readAhead ? 0 : 8 << 20)
        } catch {
            errors.append(error)
            streamingError = error
            return
        }
        var lineErrors: [JournalError] = []
        var warned: [Int] = []
        do {
            try stream.forEachStep { line in
                if line.isDamaged {
                    warned.append(line.line)
                    return true
                }
                do throws(JournalError) {
                    _ = try stream.action(of: line)
                    _ = try stream.parse(line)
                } catch {
                    lineErrors.append(error)
                }
                return true
            }
        } catch {
            errors.append(error)
            streamingError = error
        }
        errors += lineErrors
        warnedLines += warned
    }
}

/// A journal as its lines, written by ``JournalBuilder`` and then damaged.
private struct JournalSample {
    var lines: [[UInt8]] = []
    /// Whether the file ends without a line feed after its last line (a torn line).
    var torn = false
    private var version: Int

    var bytes: [UInt8] {
        var bytes = lines.joined(separator: [0x0A]).map { $0 }
        if !torn, !lines.isEmpty { bytes.append(0x0A) }
        return bytes
    }

    init(random: inout SeededNumbers) {
        version = random.next(below: 5) == 0 ? 1 : JournalFormat.currentVersion
        var state = Self.randomObject(&random, depth: 2)
        let policy = KeyframePolicy(interval: 1 + random.next(below: 6), smallStateBytes: random.next(below: 2) == 0 ? 0 : 256)
        let builder = JournalBuilder(header: JournalRoundTripTests.header(initial: state, version: version), policy: policy)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        var states: [JSONValue] = [state]
        var closed = false
        for step in 1...(3 + random.next(below: 12)) {
            var parent: Int?
            if step > 2, random.next(below: 8) == 0 {
                // A time travel back to an earlier step, and the step after it applied to that state.
                let target = random.next(below: step - 1)
                state = states[target]
                JournalEvent.travel(after: step - 1, time: 0, kind: .jump, to: target, hash: builder.travel(to: state)).write(to: &bytes)
                parent = target
            }
            state = Self.changed(state, &random)
            states.append(state)
            let action = JournalAction(type: "t.\(random.next(below: 3))", label: "t", payload: Self.randomValue(&random, depth: 1))
            builder.appendStep(action: action, state: state, time: Int64(step), parent: parent, into: &bytes)
            switch random.next(below: 10) {
            case 0: JournalEvent.marker(after: step, time: 0, name: "m").write(to: &bytes)
            case 1: JournalEvent.rejected(after: step, time: 0, action: action, validator: "v", reason: "r").write(to: &bytes)
            case 2 where !closed:
                // Closed, then resumed as a recorder resumes: the "resumed" marker first.
                JournalEvent.closed(after: step, time: 0).write(to: &bytes)
                JournalEvent.marker(after: step, time: 0, name: "resumed").write(to: &bytes)
                closed = true
            default: break
            }
        }
        if random.next(below: 3) == 0 { JournalEvent.closed(after: builder.lastStep, time: 0).write(to: &bytes) }
        lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
        if version == 1 { lines = lines.map { Self.unsealed($0) } }
    }

    // MARK: Damage

    mutating func mutate(_ random: inout SeededNumbers) {
        guard lines.count > 1 else { return }
        let index = 1 + random.next(below: lines.count - 1)
        switch random.next(below: 16) {
        case 0:
            flipByte(index, &random)
        case 1:
            flipByte(index, &random)
            reseal(index)
        case 2:
            let pieces = [[0x00], [0xFF], Array("\"".utf8), Array("{".utf8), Array("]".utf8), Array(",\"x\":1".utf8),
                          Array("1e400".utf8), Array("\\u00".utf8), [0xC3, 0x28]]
            let piece = pieces[random.next(below: pieces.count)]
            let position = random.next(below: max(1, lines[index].count - LineChecksum.suffixLength))
            lines[index].insert(contentsOf: piece, at: position)
            reseal(index)
        case 3:
            replace(#""state":{"#, with: #""state":{"dup":1,"dup":2,"#, in: index)
        case 4:
            replace(#""action":{"#, with: #""action":{"label":"again","#, in: index)
        case 5:
            let depth = JournalLimits.maxValueDepth - 2 + random.next(below: 4)
            deepen(index, member: random.next(below: 2) == 0 ? #""state":"# : #""payload":"#, depth: depth)
        case 6:
            lines.insert([], at: index)
        case 7:
            lines[index].append(0x0D)
        case 8:
            lines.remove(at: index)
        case 9:
            lines.insert(lines[index], at: index)
        case 10 where index + 1 < lines.count:
            lines.swapAt(index, index + 1)
        case 11:
            let step = Self.stepNumber(of: lines[index - 1]) ?? 0
            insert(#"{"event":"closed","after":\#(step),"time":0}"#, at: index)
        case 12:
            lines.insert(lines[0], at: index)
        case 13:
            torn = true
            let last = lines.count - 1
            lines[last] = Array(lines[last].prefix(random.next(below: lines[last].count + 1)))
        case 14:
            if let step = Self.stepNumber(of: lines[index]) {
                replace(#"{"step":\#(step),"#, with: #"{"step":\#(step + 1 + random.next(below: 2)),"#, in: index)
            }
        default:
            insert(#"{"event":"marker","after":\#(1000 + random.next(below: 5)),"time":0,"name":"m"}"#, at: index)
        }
    }

    private mutating func flipByte(_ index: Int, _ random: inout SeededNumbers) {
        guard !lines[index].isEmpty else { return }
        let position = random.next(below: lines[index].count)
        lines[index][position] ^= UInt8(1 + random.next(below: 255))
    }

    /// Replaces the first `text` in a line and makes its checksum right again.
    private mutating func replace(_ text: String, with replacement: String, in index: Int) {
        let target = Array(text.utf8)
        let line = lines[index]
        guard line.count >= target.count,
              let start = (0...(line.count - target.count)).first(where: { line[$0..<($0 + target.count)].elementsEqual(target) }) else { return }
        lines[index].replaceSubrange(start..<(start + target.count), with: Array(replacement.utf8))
        reseal(index)
    }

    /// Wraps the value after `member` in arrays `depth` levels deep.
    private mutating func deepen(_ index: Int, member: String, depth: Int) {
        let target = Array(member.utf8)
        let line = lines[index]
        guard line.count >= target.count,
              let start = (0...(line.count - target.count)).first(where: { line[$0..<($0 + target.count)].elementsEqual(target) }),
              let parsed = try? JSONParser(limits: .init(maxDepth: 10_000)).parse(Array(Self.unsealed(line))),
              case .object(let object) = parsed else { return }
        let key = String(member.dropFirst().dropLast(2))
        guard let value = object[key] ?? object["action"]?["payload"] else { return }
        let text = Array(value.canonicalText.utf8)
        let valueStart = start + target.count
        guard line.count >= valueStart + text.count, Array(line[valueStart..<(valueStart + text.count)]) == text else { return }
        let wrapped = Array(repeating: UInt8(ascii: "["), count: depth) + text + Array(repeating: UInt8(ascii: "]"), count: depth)
        lines[index].replaceSubrange(valueStart..<(valueStart + text.count), with: wrapped)
        reseal(index)
    }

    private mutating func insert(_ line: String, at index: Int) {
        var bytes = Array((line + "\n").utf8)
        if version >= 2 { LineChecksum.seal(&bytes, lineStart: 0) }
        lines.insert(Array(bytes.dropLast()), at: index)
    }

    /// The line with its checksum recomputed (or, in a version 1 journal, left without one).
    private mutating func reseal(_ index: Int) {
        var bytes = Self.unsealed(lines[index]) + [0x0A]
        if version >= 2 { LineChecksum.seal(&bytes, lineStart: 0) }
        lines[index] = Array(bytes.dropLast())
    }

    private static func unsealed(_ line: [UInt8]) -> [UInt8] {
        let sealed = line.withUnsafeBytes { LineChecksum.recordedChecksum(in: $0) != nil }
        return sealed ? Array(line.dropLast(LineChecksum.suffixLength)) + [UInt8(ascii: "}")] : line
    }

    private static func stepNumber(of line: [UInt8]) -> Int? {
        let prefix = Array(#"{"step":"#.utf8)
        guard line.starts(with: prefix) else { return nil }
        return Int(String(decoding: line.dropFirst(prefix.count).prefix { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self))
    }

    // MARK: States

    private static func randomObject(_ random: inout SeededNumbers, depth: Int) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for _ in 0..<(1 + random.next(below: 4)) {
            members.append(("k\(random.next(below: 6))", randomValue(&random, depth: depth - 1)))
        }
        return .object(JSONObject(members))
    }

    private static func randomValue(_ random: inout SeededNumbers, depth: Int) -> JSONValue {
        switch random.next(below: depth > 0 ? 8 : 6) {
        case 0: return .null
        case 1: return .bool(random.next(below: 2) == 0)
        case 2: return .integer(Int64(random.next(below: 2000)) - 1000)
        case 3: return .double(Double(random.next(below: 1000)) / 8)
        case 4: return .string(["", "a", "é", "x\"y", "line\nbreak"][random.next(below: 5)])
        case 5: return .bigNumber("123456789012345678901234567890")
        case 6: return .array((0..<random.next(below: 4)).map { _ in randomValue(&random, depth: depth - 1) })
        default: return randomObject(&random, depth: depth - 1)
        }
    }

    private static func changed(_ state: JSONValue, _ random: inout SeededNumbers) -> JSONValue {
        guard case .object(var object) = state else { return randomObject(&random, depth: 2) }
        let key = "k\(random.next(below: 6))"
        object[key] = random.next(below: 5) == 0 ? nil : randomValue(&random, depth: 2)
        return .object(object)
    }
}
