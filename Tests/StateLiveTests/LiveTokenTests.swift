import Testing
@testable import StateLive

/// The hash behind the dial-out proofs, against the published test vectors (FIPS 180-4's examples,
/// RFC 4231's HMAC cases), and the proofs themselves.
@Suite struct LiveTokenTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test func sha256MatchesThePublishedDigests() {
        #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // 56 bytes: the padding takes a second block.
        #expect(hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(SHA256.hash([UInt8](repeating: 0x61, count: 1000))) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func hmacMatchesRFC4231() {
        #expect(hex(SHA256.authenticationCode(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
            == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(hex(SHA256.authenticationCode(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // A key longer than a block is hashed first.
        #expect(hex(SHA256.authenticationCode(key: [UInt8](repeating: 0xaa, count: 131),
                                             message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
            == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func proofsDependOnTheRoleTheTokenAndTheChallenge() {
        let token = "0123456789abcdef0123456789abcdef", challenge = "00112233445566778899aabbccddeeff"
        #expect(LiveToken.proof(.debugger, token: token, challenge: challenge) == "92da697966f345051693cffec94e1393427d94ca8d6b7144c4d40a290d2838dd")
        #expect(LiveToken.proof(.app, token: token, challenge: challenge) != LiveToken.proof(.debugger, token: token, challenge: challenge))
        #expect(LiveToken.proof(.debugger, token: token + "0", challenge: challenge) != LiveToken.proof(.debugger, token: token, challenge: challenge))
        #expect(LiveToken.make().count == 32)
        #expect(LiveToken.make() != LiveToken.make())
    }

    @Test func aTokenAPersonGivesMustBeLongAndPlain() {
        #expect(LiveToken.problem(with: "correct-horse-battery") == nil)
        #expect(LiveToken.problem(with: "short") == "a token must be 16 to 256 characters long (the default is 32 random hexadecimal digits); this one has 5.")
        #expect(LiveToken.problem(with: "has a space in the middle") == "a token may hold only printable ASCII characters without spaces, quotes or backslashes.")
    }
}
