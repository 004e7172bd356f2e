import StateJSON
import StateEncoding

/// Splits the input at its first line feed into a document and a patch, applies the patch, and
/// checks the diff property on the two documents the input yields: for any `a` and `b`,
/// `JSONDiff.patch(from: a, to: b)` applied to `a` gives exactly `b`.
///
/// `b` is the patched document when the patch applies, or else the second part itself read as JSON,
/// so inputs that are not patches still exercise the differ. A patch that applies is also followed by
/// both incremental fingerprinters, under both journal fingerprint rules: each must give the
/// fingerprint of the result computed from scratch.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let split = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
    let parser = JSONParser()
    guard let document = try? parser.parse(UnsafeRawBufferPointer(rebasing: bytes[..<split])) else { return 0 }
    let rest = split < bytes.endIndex ? bytes[(split + 1)...] : bytes[bytes.endIndex...]
    guard let second = try? parser.parse(UnsafeRawBufferPointer(rebasing: rest)) else { return 0 }

    var patched: JSONValue?
    if let patch = try? JSONPatch(jsonValue: second) {
        let reread = try? JSONPatch(jsonValue: patch.jsonValue)
        fuzzCheck(reread == patch, "a patch changed in a jsonValue round trip: \(patch.jsonValue.canonicalText)")
        for operation in patch.operations {
            let pointer = try? JSONPointer(parsing: operation.path.description)
            fuzzCheck(pointer == operation.path, "a pointer changed in a description round trip: \(operation.path.description)")
        }
        patched = try? patch.apply(to: document)
        if let patched { checkFingerprints(document, patch, patched) }
    }
    checkDiff(from: document, to: patched ?? second)
    if let patched { checkDiff(from: patched, to: document) }
    return 0
}

private func checkDiff(from a: JSONValue, to b: JSONValue) {
    let optionSets = [
        JSONDiff.Options(),
        JSONDiff.Options(identityKey: nil, maxArrayEdits: 64),
        JSONDiff.Options(identityKey: "id", maxArrayEdits: 1),
    ]
    for options in optionSets {
        let diff = JSONDiff.patch(from: a, to: b, options: options)
        let result: JSONValue
        do {
            result = try diff.apply(to: a)
        } catch {
            fuzzCheck(false, "a diff does not apply to its own source (\(error)); from \(a.canonicalText) to \(b.canonicalText), patch \(diff.jsonValue.canonicalText)")
            return
        }
        fuzzCheck(result == b, "apply(diff(a, b), a) != b; from \(a.canonicalText) to \(b.canonicalText), patch \(diff.jsonValue.canonicalText) gave \(result.canonicalText)")
        fuzzCheck((a == b) == diff.isEmpty, "diff emptiness disagrees with equality; from \(a.canonicalText) to \(b.canonicalText)")
    }
}

private func checkFingerprints(_ document: JSONValue, _ patch: JSONPatch, _ patched: JSONValue) {
    for scheme in [FingerprintScheme.sequential, .chunked] {
        let expected = StateFingerprint.of(patched, scheme: scheme)
        let following = PatchedStateFingerprinter(scheme: scheme)
        var state = document
        following.reset(to: state)
        let print = try? following.apply(patch, to: &state)
        fuzzCheck(print == expected, "PatchedStateFingerprinter (\(scheme)) disagrees with a fresh fingerprint after \(patch.jsonValue.canonicalText) on \(document.canonicalText)")
        // In two halves, so that the second updates the nodes the first built.
        let half = patch.operations.count / 2
        if half > 0 {
            let halves = PatchedStateFingerprinter(scheme: scheme)
            var halved = document
            halves.reset(to: halved)
            let first = try? halves.apply(JSONPatch(Array(patch.operations[..<half])), to: &halved)
            let second = try? halves.apply(JSONPatch(Array(patch.operations[half...])), to: &halved)
            fuzzCheck(first != nil && second == expected, "PatchedStateFingerprinter (\(scheme)) disagrees with a fresh fingerprint after the two halves of \(patch.jsonValue.canonicalText) on \(document.canonicalText)")
        }
        let incremental = IncrementalFingerprinter(scheme: scheme)
        fuzzCheck(incremental.fingerprint(document) == StateFingerprint.of(document, scheme: scheme), "IncrementalFingerprinter (\(scheme)) disagrees on \(document.canonicalText)")
        fuzzCheck(incremental.fingerprint(patched) == expected, "IncrementalFingerprinter (\(scheme)) disagrees after \(patch.jsonValue.canonicalText) on \(document.canonicalText)")
    }
}
