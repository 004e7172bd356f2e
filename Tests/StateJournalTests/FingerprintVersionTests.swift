import Foundation
import StateJSON
import StateJournal
import TestSupport
import Testing

/// Each journal's hashes follow the fingerprint rule of its own version: version 3 folds long arrays
/// in runs of 64, versions 1 and 2 in one pass, and a reader or a writer continuing a file never mixes
/// the two.
@Suite struct FingerprintVersionTests {
    /// 40 steps over 300 users, so that the two rules give different hashes.
    private static let states: [JSONValue] = (1...40).map { step in
        JournalRoundTripTests.users(300, changedAge: step * 7 % 300, age: Int64(step))
    }

    private static func scheme(_ version: Int) -> FingerprintScheme { version >= 3 ? .chunked : .sequential }

    @Test(arguments: [1, 2, 3])
    func everyHashIsThatOfItsVersionsRule(version: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v\(version).jsonl")
        let initial = JournalRoundTripTests.users(300)
        try JournalRoundTripTests.writeJournal(Self.states, initial: initial, policy: KeyframePolicy(interval: 9, smallStateBytes: 0),
                                               to: path, version: version)
        let reader = try JournalReader(path: path)
        #expect(reader.header.version == version)
        #expect(reader.header.hash == StateFingerprint.of(initial, scheme: Self.scheme(version)))
        #expect(reader.header.hash != StateFingerprint.of(initial, scheme: Self.scheme(version) == .chunked ? .sequential : .chunked))
        var checked = 0
        try reader.forEachRecordedStep(1...40) { recorded in
            #expect(recorded.fingerprint == recorded.hash, "step \(recorded.step)")
            #expect(recorded.hash == StateFingerprint.of(Self.states[recorded.step - 1], scheme: Self.scheme(version)))
            checked += 1
            return true
        }
        #expect(checked == 40)
        #expect(reader.validate().isEmpty)
    }

    /// A writer continuing a version 2 file (a recorder resuming it) adds version 2 hashes.
    @Test func continuingAVersion2FileKeepsItsRule() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("old.jsonl")
        try JournalRoundTripTests.writeJournal(Array(Self.states.prefix(20)), initial: JournalRoundTripTests.users(300),
                                               to: path, version: 2)
        let reader = try JournalReader(path: path)
        let builder = JournalBuilder(continuing: reader.header, lastStep: reader.lastStep, state: try reader.state(at: reader.lastStep))
        var bytes: [UInt8] = []
        for (index, state) in Self.states.enumerated().dropFirst(20) {
            builder.appendStep(action: JournalRoundTripTests.action(index + 1), state: state, time: Int64(index), into: &bytes)
        }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(bytes))
        try handle.close()
        let continued = try JournalReader(path: path)
        #expect(continued.lastStep == 40)
        #expect(continued.validate().isEmpty)
        try continued.forEachRecordedStep(21...40) { recorded in
            #expect(recorded.hash == StateFingerprint.of(Self.states[recorded.step - 1], scheme: .sequential))
            return true
        }
    }

    /// A file that claims version 2 but carries version 3 hashes is caught at the first long array.
    @Test func hashesOfTheOtherRuleAreDamage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("mixed.jsonl")
        // Written as version 3, whose lines version 2 has too (a version 6 line carries its site, which version 2 refuses).
        try JournalRoundTripTests.writeJournal(Array(Self.states.prefix(5)), initial: JournalRoundTripTests.users(300), to: path, version: 3)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try LineChecksum.resealed(text.replacingOccurrences(of: #""version":3"#, with: #""version":2"#))
            .write(toFile: path, atomically: true, encoding: .utf8)
        let problems = try JournalReader(path: path).validate().map { "\($0)" }
        #expect(problems.first?.contains("mixed.jsonl:1: the header records hash ") == true, "\(problems)")
        // The first step's state follows from the header's, so only where it starts differing is reported.
        #expect(problems.count == 2, "\(problems.joined(separator: "\n"))")
        #expect(problems.last?.contains("mixed.jsonl:2: step 1 records hash ") == true, "\(problems)")
    }
}
