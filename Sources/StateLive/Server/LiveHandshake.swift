/// What a connection must do before a ``LiveServer`` serves it, and what it is told when it does not:
/// say `hello` in this protocol's version, with the transport's token over TCP, within the time the
/// configuration gives, while the app has room for another client.
///
/// A connection that has not said hello is not a client: it does not count toward
/// ``LiveServerConfiguration/maxClients`` and is closed when its time is up, so connections that never
/// say hello (or cannot, lacking the token) cannot lock a debugger out.
struct LiveHandshake {
    /// What becomes of a connection after a line.
    enum Verdict: Equatable {
        /// It is a client now; the reply is the greeting, with the app's proof for a debugger it dialed.
        case welcome(proof: String?)
        /// The reply is this error; with a reason, the connection is then dropped.
        case refuse(String, drop: String?)
        /// The client does not hold the token: the reply is this error, and the connection is dropped.
        case wrongToken(String, drop: String)
    }

    let configuration: LiveServerConfiguration

    /// The verdict on a `hello` of `version` with `token` or `proof`, from a connection that came with
    /// `authentication`, when `clients` clients are served already.
    func hello(version: Int, token: String?, proof: LiveProof?, authentication: LiveAuthentication, clients: Int) -> Verdict {
        guard version == LiveProtocol.version else {
            return .refuse("This app speaks version \(LiveProtocol.version) of the live protocol, not \(version).", drop: nil)
        }
        var answer: String?
        switch authentication {
        case .sameUser:
            break
        case .token(let expected):
            guard LiveToken.same(token, expected) else {
                return .wrongToken("The token is wrong or missing; use the one the app printed when it opened the port.",
                                   drop: "wrong or missing token")
            }
        case .proof(let token, let challenge):
            guard let proof else {
                return .wrongToken(#"This app dialed out to its debugger, which must prove it holds the app's token: say hello with "proof" and "challenge" (see the LiveProtocol article)."#,
                                   drop: "no proof of the token")
            }
            guard LiveToken.same(proof.answer, LiveToken.proof(.debugger, token: token, challenge: challenge)) else {
                return .wrongToken("The debugger does not hold this app's token (its proof is wrong): start the app with the STATEDBG_TOKEN that `statedbg listen` printed, or give `statedbg listen` the app's token with --token.",
                                   drop: "wrong token")
            }
            answer = LiveToken.proof(.app, token: token, challenge: proof.challenge)
        }
        guard clients < configuration.maxClients else {
            return .refuse("The app already has \(configuration.maxClients) live clients; close one of them and try again.",
                           drop: "the app already has \(configuration.maxClients) live clients")
        }
        return .welcome(proof: answer)
    }

    /// The line a connection gets before anything else: an app that dialed out sends its challenge.
    func opening(_ authentication: LiveAuthentication) -> LiveNotice? {
        guard case .proof(_, let challenge) = authentication else { return nil }
        return LiveNotice(.dialed(challenge: challenge))
    }

    /// The verdict on any other command before `hello`: an error, and over TCP the end of the connection.
    func beforeHello(authentication: LiveAuthentication) -> Verdict {
        let drop: String? = authentication == .sameUser ? nil : "no hello with the token"
        return .refuse(#"Say hello first: {"command":"hello","version":1}."#, drop: drop)
    }

    /// Why a connection that did not say hello in time is closed.
    func expired(authentication: LiveAuthentication) -> String {
        let what: String
        switch authentication {
        case .sameUser: what = "hello"
        case .token: what = "hello with the token"
        case .proof: what = "hello with the proof of the token"
        }
        return "the client did not say \(what) within \(configuration.helloTimeout.secondsText)"
    }

    /// Why a client whose replies wait unread too long is dropped.
    var unreadReplies: String {
        "the client sent commands without reading their replies for \(configuration.replyTimeout.secondsText)"
    }
}
