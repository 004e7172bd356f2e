import TestFixtures
import Testing
@testable import StateJSON
@testable import StateEncoding

@Suite struct PatchedStateFingerprinterTests {
    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func chainsOfDiffPatchesFingerprintAsFromScratch(scheme: FingerprintScheme) throws {
        var random = RandomJSON(seed: 620)
        for _ in 0..<200 {
            let fingerprinter = PatchedStateFingerprinter(scheme: scheme)
            var state = random.value(depth: 4)
            #expect(fingerprinter.reset(to: state) == StateFingerprint.of(state, scheme: scheme))
            for _ in 0..<12 {
                let next = random.edited(state)
                let patch = JSONDiff.patch(from: state, to: next)
                let print = try fingerprinter.apply(patch, to: &state)
                #expect(state == next, "\(patch)")
                #expect(print == StateFingerprint.of(next, scheme: scheme), "\(patch)\n\(next.canonicalText)")
            }
        }
    }

    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func longPatchesMadeOfSeveralDiffsFingerprintAsFromScratch(scheme: FingerprintScheme) throws {
        // Several diffs in one patch edit, insert and remove in the same containers, so that an edit's
        // node moves or goes away before the patch is folded.
        var random = RandomJSON(seed: 2027)
        for _ in 0..<200 {
            let fingerprinter = PatchedStateFingerprinter(scheme: scheme)
            var state = random.value(depth: 4)
            fingerprinter.reset(to: state)
            for _ in 0..<6 {
                var next = state
                var operations: [JSONPatchOperation] = []
                for _ in 0..<4 {
                    let edited = random.edited(next)
                    operations += JSONDiff.patch(from: next, to: edited).operations
                    next = edited
                }
                let patch = JSONPatch(operations)
                let print = try fingerprinter.apply(patch, to: &state)
                #expect(state == next, "\(patch)")
                #expect(print == StateFingerprint.of(next, scheme: scheme), "\(patch)\n\(next.canonicalText)")
            }
        }
    }

    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func anEditedNodeThatMovesOrGoesLaterInThePatchFingerprintsAsFromScratch(scheme: FingerprintScheme) throws {
        let patches: [String] = [
            #"[{"op":"replace","path":"/items/2/v/0","value":9},{"op":"remove","path":"/items/0"},{"op":"replace","path":"/items/1/v/0","value":8}]"#,
            #"[{"op":"replace","path":"/items/0/v/0","value":7},{"op":"add","path":"/items/0","value":{"v":[0]}},{"op":"replace","path":"/items/1/v/0","value":6}]"#,
            #"[{"op":"replace","path":"/items/1/v/0","value":5},{"op":"remove","path":"/items/1"}]"#,
            #"[{"op":"replace","path":"/items/0/v/0","value":1},{"op":"replace","path":"/items/0","value":{"v":[2]}},{"op":"add","path":"/items/0/v/-","value":3}]"#,
            #"[{"op":"add","path":"/ids/0","value":0},{"op":"remove","path":"/ids/3"},{"op":"replace","path":"/ids/1","value":10}]"#,
            #"[{"op":"replace","path":"/items/0/v/0","value":4},{"op":"add","path":"/0","value":true},{"op":"replace","path":"/items/0/v/1","value":5}]"#,
            #"[{"op":"add","path":"/items/1/v/0","value":1},{"op":"remove","path":"/0"},{"op":"add","path":"/items/0/w","value":[1]},{"op":"remove","path":"/items/0/v"}]"#,
        ]
        var state: JSONValue = ["items": [["v": [1, 2]], ["v": [3]], ["v": [4]]], "ids": [1, 2, 3]]
        let fingerprinter = PatchedStateFingerprinter(scheme: scheme)
        fingerprinter.reset(to: state)
        for text in patches {
            let patch = try JSONPatch(jsonValue: try JSONParser().parse(text))
            let expected = try patch.apply(to: state)
            let print = try fingerprinter.apply(patch, to: &state)
            #expect(state == expected, "\(text)")
            #expect(print == StateFingerprint.of(expected, scheme: scheme), "\(text)")
        }
    }

    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func everyOperationKindFingerprintsAsFromScratch(scheme: FingerprintScheme) throws {
        let patches: [String] = [
            #"[{"op":"replace","path":"/users/1/age","value":41}]"#,
            #"[{"op":"add","path":"/users/1/email","value":"b@x"}]"#,
            #"[{"op":"add","path":"/users/1/age","value":42}]"#,
            #"[{"op":"add","path":"/users/-","value":{"age":1}}]"#,
            #"[{"op":"add","path":"/users/0","value":{"age":2}}]"#,
            #"[{"op":"remove","path":"/users/2"}]"#,
            #"[{"op":"remove","path":"/users/0/age"}]"#,
            #"[{"op":"add","path":"/a","value":[1,2]},{"op":"add","path":"/a/1","value":3},{"op":"remove","path":"/a/0"}]"#,
            #"[{"op":"test","path":"/a","value":[3,2]},{"op":"replace","path":"/a/0","value":"x"}]"#,
            #"[{"op":"move","from":"/a","path":"/b"},{"op":"copy","from":"/b","path":"/users/0/b"}]"#,
            #"[{"op":"replace","path":"/users/0/b/1","value":null},{"op":"replace","path":"","value":{"users":[]}}]"#,
            #"[{"op":"add","path":"/users/-","value":7},{"op":"replace","path":"/users/0","value":8}]"#,
        ]
        var state: JSONValue = ["users": [["age": 30, "name": "a"], ["age": 40, "name": "b"], ["age": 50]]]
        let fingerprinter = PatchedStateFingerprinter(scheme: scheme)
        fingerprinter.reset(to: state)
        for text in patches {
            let patch = try JSONPatch(jsonValue: try JSONParser().parse(text))
            let expected = try patch.apply(to: state)
            let print = try fingerprinter.apply(patch, to: &state)
            #expect(state == expected, "\(text)")
            #expect(print == StateFingerprint.of(expected, scheme: scheme), "\(text)")
        }
    }

    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func aFailedPatchLeavesTheFailingOperationUndoneAndIsFingerprintedAfresh(scheme: FingerprintScheme) throws {
        var state: JSONValue = ["a": 1, "b": [1, 2]]
        let fingerprinter = PatchedStateFingerprinter(scheme: scheme)
        fingerprinter.reset(to: state)
        let failing = try JSONPatch(jsonValue: try JSONParser().parse(
            #"[{"op":"replace","path":"/a","value":2},{"op":"remove","path":"/b/5"}]"#))
        #expect(throws: JSONPatchError.self) { try fingerprinter.apply(failing, to: &state) }
        // Not atomic: the first operation stays applied; the failing one changed nothing.
        #expect(state == ["a": 2, "b": [1, 2]])
        let next = try JSONPatch(jsonValue: try JSONParser().parse(#"[{"op":"add","path":"/b/-","value":3}]"#))
        #expect(try fingerprinter.apply(next, to: &state) == StateFingerprint.of(["a": 2, "b": [1, 2, 3]], scheme: scheme))
    }

    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func applyingInPlaceLeavesACopyTakenBeforeUnchanged(scheme: FingerprintScheme) throws {
        var state: JSONValue = ["users": [["age": 30], ["age": 40]]]
        let kept = state
        let patch = JSONPatch([.replace(path: try JSONPointer(parsing: "/users/1/age"), value: 41)])
        try patch.apply(inPlace: &state)
        #expect(state == ["users": [["age": 30], ["age": 41]]])
        #expect(kept == ["users": [["age": 30], ["age": 40]]])
    }
}
