import StateJSON

/// What a command returns when it succeeds, as a type: each command's reply members, named and typed
/// (see the reply table of the `LiveProtocol` article).
///
/// The app makes one and sends its ``fields``; a client reads one back from the reply's members with
/// ``init(reading:)``, so that nobody outside this module spells a member's name.
package protocol LiveAnswer: Sendable, Equatable {
    /// The reply's members besides `reply` and `ok`.
    var fields: JSONObject { get }

    /// Reads the answer from a reply's members.
    ///
    /// - Throws: ``LiveProtocolError/badReply(command:member:expected:)`` naming a member that is
    ///   missing or of another kind.
    init(reading reply: LiveReplyFields) throws(LiveProtocolError)
}

/// An answer that says what a command did to the app: a sentence for a person, and, for a command
/// that made steps, the app's last step after them.
package protocol LiveOutcome: LiveAnswer {
    /// What the command did: `the app's state is now step 3`.
    var message: String { get }
    /// The app's last step after the command, when the command made steps (a dispatch); `nil` when it
    /// made none (a travel or a marker writes an event line instead).
    var stepsThrough: Int? { get }
}

/// The members of a successful reply, read by name and kind for a ``LiveAnswer``: a missing member or
/// one of another kind is an error naming it.
package struct LiveReplyFields: Sendable {
    /// The members besides `reply` and `ok`.
    package let object: JSONObject
    /// The command the reply answers, for the error's message.
    package let command: String

    /// The members of a reply to `command`.
    package init(_ object: JSONObject, command: String) {
        self.object = object
        self.command = command
    }

    /// An integer member.
    package func integer(_ key: String) throws(LiveProtocolError) -> Int {
        guard let number = object[key]?.int64Value, let value = Int(exactly: number) else {
            throw .badReply(command: command, member: key, expected: "an integer")
        }
        return value
    }

    /// A Boolean member.
    package func bool(_ key: String) throws(LiveProtocolError) -> Bool {
        guard let value = object[key]?.boolValue else { throw .badReply(command: command, member: key, expected: "true or false") }
        return value
    }

    /// A string member.
    package func string(_ key: String) throws(LiveProtocolError) -> String {
        guard let value = object[key]?.stringValue else { throw .badReply(command: command, member: key, expected: "a string") }
        return value
    }

    /// A member of any kind.
    package func value(_ key: String) throws(LiveProtocolError) -> JSONValue {
        guard let value = object[key] else { throw .badReply(command: command, member: key, expected: "a JSON value") }
        return value
    }

    /// An array of objects, each read as the members of this reply.
    package func objects(_ key: String) throws(LiveProtocolError) -> [LiveReplyFields] {
        guard case .array(let values)? = object[key] else {
            throw .badReply(command: command, member: key, expected: "an array of objects")
        }
        var objects: [LiveReplyFields] = []
        for value in values {
            guard case .object(let members) = value else {
                throw .badReply(command: command, member: key, expected: "an array of objects")
            }
            objects.append(LiveReplyFields(members, command: command))
        }
        return objects
    }

    /// An array of strings.
    package func strings(_ key: String) throws(LiveProtocolError) -> [String] {
        guard case .array(let values)? = object[key] else {
            throw .badReply(command: command, member: key, expected: "an array of strings")
        }
        var strings: [String] = []
        for value in values {
            guard let string = value.stringValue else {
                throw .badReply(command: command, member: key, expected: "an array of strings")
            }
            strings.append(string)
        }
        return strings
    }
}
