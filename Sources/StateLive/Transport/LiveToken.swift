/// The secrets of the live channel's TCP transports: the token a loopback port's clients present, and the
/// proofs with which an app that dials out and the debugger it dials show each other that they hold the
/// same token without either sending it.
///
/// A dialing app sends a random challenge first; the debugger answers with its proof of the challenge
/// and a challenge of its own in its `hello`; the app checks the proof and answers the debugger's
/// challenge in its greeting. A proof is HMAC-SHA-256 of the role and the challenge under the token,
/// so whoever listens on the wire, or answers in the debugger's place, learns nothing to reuse.
package enum LiveToken {
    /// Who proves.
    package enum Role: String, Sendable {
        /// The debugger, answering the app's challenge in its `hello`.
        case debugger
        /// The app, answering the debugger's challenge in its greeting.
        case app
    }

    /// A new random 128-bit secret, as 32 lowercase hexadecimal digits: a token or a challenge.
    package static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    /// Whether `given` is `expected`, compared in time that does not depend on where they differ.
    package static func same(_ given: String?, _ expected: String) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8), b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// The proof that `role` holds `token`, answering `challenge`: 64 lowercase hexadecimal digits.
    package static func proof(_ role: Role, token: String, challenge: String) -> String {
        let code = SHA256.authenticationCode(key: Array(token.utf8), message: Array("statedbg-live \(role.rawValue) \(challenge)".utf8))
        return code.map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    /// Why a token given by a person cannot be used, or `nil` when it can: it must be 16 to 256
    /// characters, printable ASCII without spaces or quotes, so that it survives a shell and an Xcode scheme.
    package static func problem(with token: String) -> String? {
        guard (16...256).contains(token.utf8.count) else {
            return "a token must be 16 to 256 characters long (the default is 32 random hexadecimal digits); this one has \(token.utf8.count)."
        }
        guard token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: "\\") }) else {
            return "a token may hold only printable ASCII characters without spaces, quotes or backslashes."
        }
        return nil
    }
}
