import StateJSON

/// The app's answer to `hello`: who it is, where it stands, and what it lets a debugger do.
package struct LiveGreeting: LiveAnswer {
    /// The protocol's name, ``LiveProtocol/name``.
    package var name: String = LiveProtocol.name
    /// The protocol version the app speaks.
    package var version: Int = LiveProtocol.version
    /// The app's identifier, as its journal's header names it.
    package var app: String
    /// The app's process id.
    package var pid: Int
    /// The app's last step.
    package var lastStep: Int
    /// The step whose state the app has (before `lastStep` after an undo or a jump).
    package var currentStep: Int
    /// Whether a debugger paused the app's dispatching.
    package var paused: Bool
    /// What the app lets a debugger do.
    package var abilities: LiveAbilities
    /// The longest command line the app reads.
    package var maxLineBytes: Int = LiveProtocol.maxLineBytes
    /// The commands the app knows.
    package var commands: [String] = LiveCommand.names
    /// To a debugger the app dialed: the app's answer to the challenge in its `hello`
    /// (``LiveToken/proof(_:token:challenge:)``); `nil` otherwise.
    package var proof: String?

    /// A greeting with this build's protocol name, version, line limit and commands.
    package init(app: String, pid: Int, lastStep: Int, currentStep: Int, paused: Bool, abilities: LiveAbilities) {
        self.app = app
        self.pid = pid
        self.lastStep = lastStep
        self.currentStep = currentStep
        self.paused = paused
        self.abilities = abilities
    }

    package var fields: JSONObject {
        var fields: JSONObject = [
            "name": .string(name), "version": .integer(Int64(version)),
            "app": .string(app), "pid": .integer(Int64(pid)),
            "lastStep": .integer(Int64(lastStep)), "currentStep": .integer(Int64(currentStep)),
            "paused": .bool(paused),
            "canTravel": .bool(abilities.travel), "canDispatch": .bool(abilities.dispatch), "canPause": .bool(abilities.pause),
            "maxLineBytes": .integer(Int64(maxLineBytes)),
            "commands": .array(commands.map { .string($0) }),
        ]
        if let proof { fields["proof"] = .string(proof) }
        return fields
    }

    package init(reading reply: LiveReplyFields) throws(LiveProtocolError) {
        name = try reply.string("name")
        version = try reply.integer("version")
        app = try reply.string("app")
        pid = try reply.integer("pid")
        lastStep = try reply.integer("lastStep")
        currentStep = try reply.integer("currentStep")
        paused = try reply.bool("paused")
        abilities = LiveAbilities(travel: try reply.bool("canTravel"), dispatch: try reply.bool("canDispatch"),
                                  pause: try reply.bool("canPause"))
        maxLineBytes = try reply.integer("maxLineBytes")
        commands = try reply.strings("commands")
        proof = reply.object["proof"]?.stringValue
    }
}

/// What an app lets a debugger do through its live channel, besides watching.
package struct LiveAbilities: Sendable, Equatable {
    /// `jump`, `undo` and `redo`: the app gave its recorder a way to set its state.
    package var travel: Bool
    /// `dispatch`: the app gave its recorder a dispatch hook.
    package var dispatch: Bool
    /// `pause` and `resume`: the app gave its recorder both hooks.
    package var pause: Bool

    /// Abilities as the app has them.
    package init(travel: Bool, dispatch: Bool, pause: Bool) {
        self.travel = travel
        self.dispatch = dispatch
        self.pause = pause
    }
}
