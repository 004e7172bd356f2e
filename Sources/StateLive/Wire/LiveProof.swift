/// What a debugger's `hello` to an app that dialed it carries instead of the token: its answer to the
/// challenge the app sent as it connected, and a challenge of its own, which the app answers in its
/// greeting (see ``LiveToken``).
///
/// ```text
/// {"command":"hello","version":1,"client":"statedbg listen","proof":"9c1e…","challenge":"5a0f…","id":1}
/// ```
package struct LiveProof: Sendable, Equatable {
    /// ``LiveToken/proof(_:token:challenge:)`` of the debugger for the app's challenge.
    package var answer: String
    /// The debugger's challenge, which the app's greeting answers.
    package var challenge: String

    /// A proof and a challenge.
    package init(answer: String, challenge: String) {
        self.answer = answer
        self.challenge = challenge
    }
}
