@testable import StateJournal
import Testing

@Suite struct RawJSONSkimmerTests {
    /// The end of a string read one byte at a time: slow and obviously right.
    private func referenceEnd(ofStringAfter start: Int, in bytes: [UInt8]) -> Int? {
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""): return position + 1
            case UInt8(ascii: "\\"): position += 2
            default: position += 1
            }
        }
        return nil
    }

    @Test func findsTheClosingQuoteOfStringsOfEveryLengthAfterAnyRunOfBackslashes() {
        // Strings of letters, quotes and backslashes, short (ended within the first words) and long
        // (ended by the C library's search), with escaped quotes and backslash runs of every length.
        var numbers = SeededNumbers(seed: 23)
        let alphabet: [UInt8] = Array("ab\"\\\\\\".utf8) + Array("cdefghijklmnop".utf8)
        for length in 0...120 {
            for _ in 0..<30 {
                var bytes = [UInt8(ascii: "\"")]
                for _ in 0..<length { bytes.append(alphabet[numbers.next(below: numbers.next(below: 4) == 0 ? alphabet.count : 6)]) }
                let expected = referenceEnd(ofStringAfter: 1, in: bytes)
                // Safe because the pointer is used only inside the closure, within the array's count.
                let found = bytes.withUnsafeBytes { RawJSONSkimmer.end(ofStringAfter: 1, in: $0) }
                #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}

@Suite struct PatchLineFilterScanTests {
    @Test func theOnePassScanAgreesWithLookingForEachThingOnItsOwn() {
        // Random text made of the bytes that matter (quotes, backslashes, slashes and the letters of
        // `state` and of the keys), at every length, against the three separate searches.
        let needles = [Array(#""/flag"#.utf8), Array(#""/users"#.utf8)]
        let alphabet = Array(#""/:staeflgusr,x"#.utf8)
        var numbers = SeededNumbers(seed: 24)
        var suspicious = 0
        for length in 0...60 {
            for _ in 0..<200 {
                let bytes = (0..<length).map { _ in
                    numbers.next(below: 200) == 0 ? UInt8(ascii: "\\") : alphabet[numbers.next(below: numbers.next(below: 8) == 0 ? 2 : alphabet.count)]
                }
                // Safe because the pointer is used only inside the closure, within the array's count.
                bytes.withUnsafeBytes { raw in
                    let expected = PatchLineFilter.hasBackslashOrEmptyString(raw) || PatchLineFilter.contains(raw, Array(#""state":"#.utf8))
                        || needles.contains { PatchLineFilter.contains(raw, $0) }
                    if expected { suspicious += 1 }
                    #expect(PatchLineFilter.mayName(needles, in: raw) == expected, "\(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
        // Both answers occur often enough for the comparison to mean something.
        #expect(suspicious > 1000 && suspicious < 61 * 200 - 1000)
    }

    @Test func bytesThatDifferOnlyInDigitsAreToldApartFromAnyOtherDifference() {
        var numbers = SeededNumbers(seed: 25)
        let alphabet = Array(#"0123456789"/:s\ax/"#.utf8) + [0x80, 0xB9, 0xFF, 0x2F, 0x3A]
        for length in 0...80 {
            for _ in 0..<200 {
                let left = (0..<length).map { _ in alphabet[numbers.next(below: alphabet.count)] }
                var right = left
                for index in right.indices where numbers.next(below: 4) == 0 {
                    right[index] = alphabet[numbers.next(below: numbers.next(below: 2) == 0 ? 10 : alphabet.count)]
                }
                let expected = zip(left, right).allSatisfy { $0 == $1 || ((0x30...0x39).contains($0) && (0x30...0x39).contains($1)) }
                // Safe because the pointers are used only inside the closures, within the arrays' counts.
                let found = left.withUnsafeBytes { a in right.withUnsafeBytes { b in RawJSONSkimmer.differOnlyInDigits(a, b) } }
                #expect(found == expected, "\(left) \(right)")
                // What the filter relies on: clear bytes stay clear through any change of digits.
                if expected, !left.withUnsafeBytes({ PatchLineFilter.mayName([Array(#""/flag"#.utf8)], in: $0) }) {
                    #expect(!right.withUnsafeBytes { PatchLineFilter.mayName([Array(#""/flag"#.utf8)], in: $0) })
                }
            }
        }
    }
}
