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
        /// It is a client now; the reply is the greeting.
        case welcome
        /// The reply is this error; with a reason, the connection is then dropped.
        case refuse(String, drop: String?)
    }

    let configuration: LiveServerConfiguration

    /// The verdict on a `hello` of `version` with `token`, from a connection that came with
    /// `authentication`, when `clients` clients are served already.
    func hello(version: Int, token: String?, authentication: LiveAuthentication, clients: Int) -> Verdict {
        guard version == LiveProtocol.version else {
            return .refuse("This app speaks version \(LiveProtocol.version) of the live protocol, not \(version).", drop: nil)
        }
        if case .token(let expected) = authentication, !LiveTCPListener.sameToken(token, expected) {
            return .refuse("The token is wrong or missing; use the one the app printed when it opened the port.",
                           drop: "wrong or missing token")
        }
        guard clients < configuration.maxClients else {
            return .refuse("The app already has \(configuration.maxClients) live clients; close one of them and try again.",
                           drop: "the app already has \(configuration.maxClients) live clients")
        }
        return .welcome
    }

    /// The verdict on any other command before `hello`: an error, and over TCP the end of the connection.
    func beforeHello(authentication: LiveAuthentication) -> Verdict {
        let drop: String? = authentication == .sameUser ? nil : "no hello with the token"
        return .refuse(#"Say hello first: {"command":"hello","version":1}."#, drop: drop)
    }

    /// Why a connection that did not say hello in time is closed.
    func expired(authentication: LiveAuthentication) -> String {
        let what = authentication == .sameUser ? "hello" : "hello with the token"
        return "the client did not say \(what) within \(configuration.helloTimeout.secondsText)"
    }

    /// Why a client whose replies wait unread too long is dropped.
    var unreadReplies: String {
        "the client sent commands without reading their replies for \(configuration.replyTimeout.secondsText)"
    }
}
