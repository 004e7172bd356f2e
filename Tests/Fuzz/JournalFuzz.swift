import StateJSON
import StateJournal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes every line of the input as a journal line (a line that decodes must re-encode to a line
/// that decodes to the same value, sealed with a checksum that a change of any one of its bytes
/// breaks), checks each input line's own checksum as the reader does, then opens the whole input as a
/// journal file and reads every state and action in it, the way `statedbg check` and replay do; and
/// checks that the readers and `statedbg check` agree: every line a reader refuses or warns about,
/// check reports (at that line or before it, for a state rebuilt through a broken step).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let parser = JSONParser()
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        guard let decoded = try? JournalLine.parse(UnsafeRawBufferPointer(rebasing: line), parser: parser) else { continue }
        var encoded: [UInt8] = []
        decoded.write(to: &encoded)
        fuzzCheck(encoded.last == 0x0A, "a written journal line does not end with a line feed")
        fuzzCheck(!encoded.dropLast().contains(0x0A), "a written journal line contains a line feed")
        let again = encoded.dropLast().withUnsafeBytes { try? JournalLine.parse($0, parser: parser) }
        fuzzCheck(again == decoded, "a journal line changed in a write/parse round trip: \(String(decoding: encoded, as: UTF8.self))")
        checkSeal(Array(encoded.dropLast()), change: line.count)
        if case .step(let step) = decoded, let call = step.action.callValue {
            // Version 4 writes this action as its call only because the call reads back as the action.
            fuzzCheck((try? JournalAction(jsonValue: call)) == step.action,
                      "an action written as its call reads back differently: \(call.canonicalText)")
        }
    }
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        // Any line: the checksum check neither crashes nor calls a line intact that has no checksum.
        let verdict = LineChecksum.verify(UnsafeRawBufferPointer(rebasing: line))
        if verdict == .intact { fuzzCheck(LineChecksum.recordedChecksum(in: UnsafeRawBufferPointer(rebasing: line)) != nil, "a line without a checksum passed as intact") }
    }
    readAsJournal(bytes)
    checkAgreement()
    return 0
}

/// A line the writer sealed is intact, and changing any one of its bytes (which one and how chosen from
/// the input) makes it fail its checksum.
private func checkSeal(_ line: [UInt8], change seed: Int) {
    fuzzCheck(line.withUnsafeBytes { LineChecksum.verify($0) } == .intact, "a sealed line fails its own checksum: \(String(decoding: line, as: UTF8.self))")
    var changed = line
    let position = seed % changed.count
    changed[position] ^= UInt8(truncatingIfNeeded: seed % 255 + 1)
    fuzzCheck(changed.withUnsafeBytes { LineChecksum.verify($0) } != .intact,
              "changing byte \(position) of a sealed line went unnoticed: \(String(decoding: changed, as: UTF8.self))")
}

/// The scratch file every run overwrites; one per process, so parallel fuzzing jobs do not collide.
/// It lives in memory (`/dev/shm`) when it can: on ext4, truncating and rewriting a file on disk
/// thousands of times a second makes the kernel flush it each time, which cuts the rate tenfold.
private let scratchPath: String = {
    let directory: String
    if let variable = getenv("TMPDIR") {
        directory = String(cString: variable)
    } else if access("/dev/shm", W_OK) == 0 {
        directory = "/dev/shm"
    } else {
        directory = "/tmp"
    }
    return "\(directory)/statedbg-journal-fuzz-\(getpid()).jsonl"
}()

private func readAsJournal(_ bytes: UnsafeRawBufferPointer) {
    let descriptor = open(scratchPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    fuzzCheck(descriptor >= 0, "cannot create the scratch file \(scratchPath)")
    var written = 0
    while written < bytes.count {
        let result = write(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
        fuzzCheck(result > 0, "cannot write the scratch file \(scratchPath)")
        written += result
    }
    _ = close(descriptor)

    // Hash checks would stop nearly every mutated journal at its first step; without them the
    // reader goes on to apply the patches.
    var options = JournalReader.Options()
    options.verifyHashes = false
    guard let reader = try? JournalReader(path: scratchPath, options: options) else { return }
    _ = reader.validate(limit: 8)
    for step in reader.baseStep...reader.lastStep {
        _ = try? reader.state(at: step)
        _ = try? reader.action(at: step)
        _ = reader.events(after: step)
    }
    // The replay's fast path: the action and hash scanned from each line, which must agree with the
    // parsed line wherever that parses.
    guard reader.lastStep > reader.baseStep else { return }
    for step in (reader.baseStep + 1)...reader.lastStep {
        guard let fast = try? reader.actionAndHash(ofStep: step), let parsed = try? reader.step(step) else { continue }
        fuzzCheck(fast.action == parsed.action && fast.hash == parsed.hash, "the scanned action or hash of step \(step) is not the parsed one")
    }
    try? reader.forEachActionAndHash((reader.baseStep + 1)...reader.lastStep) { _, _, _ in true }
}

/// What `statedbg check` reports, and every error and warning of both readers, which it must explain.
private func checkAgreement() {
    let problems: [JournalError]
    do {
        problems = try JournalReader(path: scratchPath, options: .checking(limit: 10_000)).validateRecordedStates(limit: 10_000).problems
    } catch {
        problems = [error]
    }
    func explained(_ error: JournalError) -> Bool {
        guard let line = error.line else { return !problems.isEmpty }
        return problems.contains { ($0.line ?? 0) <= line }
    }
    func agree(_ error: JournalError, _ reader: String) {
        fuzzCheck(explained(error), "\(reader) refused what statedbg check passed: \(error); check: \(problems)")
    }
    func attempt(_ reader: String, _ body: () throws(JournalError) -> Void) {
        do { try body() } catch { agree(error, reader) }
    }
    attempt("JournalReader") { () throws(JournalError) in
        let reader = try JournalReader(path: scratchPath)
        for problem in reader.lineProblems { agree(problem, "JournalReader's warning") }
        for step in reader.baseStep...reader.lastStep {
            attempt("JournalReader.state(at:)") { () throws(JournalError) in _ = try reader.state(at: step) }
            guard step > reader.baseStep else { continue }
            attempt("JournalReader.step(_:)") { () throws(JournalError) in _ = try reader.step(step) }
            attempt("JournalReader.actionAndHash(ofStep:)") { () throws(JournalError) in _ = try reader.actionAndHash(ofStep: step) }
        }
        for run in reader.intactRuns() {
            attempt("JournalReader.forEachRecordedStep") { () throws(JournalError) in try reader.forEachRecordedStep(run) { _ in true } }
        }
    }
    attempt("JournalStream") { () throws(JournalError) in
        let stream = try JournalStream(path: scratchPath, blockBytes: 64)
        try stream.forEachStep { line in
            if let damage = stream.damage(of: line) {
                agree(damage, "JournalStream's warning")
                return true
            }
            attempt("JournalStream.action(of:)") { () throws(JournalError) in _ = try stream.action(of: line) }
            attempt("JournalStream.parse(_:)") { () throws(JournalError) in _ = try stream.parse(line) }
            return true
        }
    }
}
