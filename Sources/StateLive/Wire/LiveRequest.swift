import StateJSON

/// One command line from a debugger: the command and the request id its reply carries.
///
/// ```swift
/// let request = try LiveRequest(line: Array(#"{"command":"jump","id":7,"step":12}"#.utf8))
/// request.command   // .jump(step: 12)
/// request.id        // 7
/// ```
package struct LiveRequest: Sendable, Equatable {
    /// The id the client chose (any JSON value, usually a number); the reply echoes it. `null` when absent.
    package var id: JSONValue
    /// What is asked.
    package var command: LiveCommand

    /// A request.
    package init(id: JSONValue, command: LiveCommand) {
        self.id = id
        self.command = command
    }

    /// Decodes one line (without its line feed).
    ///
    /// - Throws: ``LiveProtocolError`` saying what is wrong; ``LiveProtocolError/id`` holds the
    ///   request's id when the line got that far, so the error reply can carry it.
    package init(line: some Collection<UInt8>) throws(LiveProtocolError) {
        let head: LiveRequestHead
        do {
            head = try LiveRequestHead(line: line, maxBytes: LiveProtocol.maxLineBytes)
        } catch {
            switch error {
            case .tooLong(let count): throw .lineTooLong(count)
            case .notJSON(let detail): throw .notJSON(detail)
            case .notAnObject(let kind): throw .notAnObject(kind)
            case .missingCommand(let id): throw .missingCommand(id: id)
            case .commandNotAString(let id): throw .badArgument(id: id, command: "?", member: "command", expected: "a string")
            }
        }
        try self.init(head: head)
    }

    /// Decodes the command of a request whose head was read.
    ///
    /// - Throws: ``LiveProtocolError`` for an unknown command or a member that is missing or wrong.
    package init(head: LiveRequestHead) throws(LiveProtocolError) {
        let object = head.object, id = head.id, name = head.command
        let fields = Fields(object: object, id: id, command: name)
        let command: LiveCommand
        switch name {
        case "hello":
            var proof: LiveProof?
            if let answer = try fields.optionalString("proof") {
                proof = LiveProof(answer: answer, challenge: try fields.string("challenge"))
            }
            command = .hello(version: try fields.integer("version"), client: try fields.optionalString("client"),
                             token: try fields.optionalString("token"), proof: proof)
        case "subscribe": command = .subscribe(from: try fields.optionalInteger("from", minimum: 0) ?? 0)
        case "unsubscribe": command = .unsubscribe
        case "jump": command = .jump(step: try fields.integer("step", minimum: 0))
        case "undo": command = .undo(count: try fields.optionalInteger("count", minimum: 1) ?? 1)
        case "redo": command = .redo(count: try fields.optionalInteger("count", minimum: 1) ?? 1)
        case "dispatch":
            guard case .object(let action)? = object["action"] else {
                throw .badArgument(id: id, command: name, member: "action",
                                   expected: #"an object {"type": …, "payload": …}"#)
            }
            guard let type = action["type"]?.stringValue, !type.isEmpty else {
                throw .badArgument(id: id, command: name, member: "action.type", expected: "a non-empty string")
            }
            command = .dispatch(type: type, payload: action["payload"] ?? .null)
        case "mark":
            let name = try fields.string("name")
            guard !name.isEmpty, name.count <= 200 else {
                throw .badArgument(id: id, command: "mark", member: "name", expected: "a string of 1 to 200 characters")
            }
            command = .mark(name: name)
        case "pause": command = .pause
        case "resume": command = .resume
        case "snapshot": command = .snapshot
        case "status": command = .status
        case "journal": command = .journal
        case "read":
            let length = try fields.optionalInteger("length", minimum: 1) ?? LiveCommand.defaultReadBytes
            guard length <= LiveCommand.maxReadBytes else {
                throw .badArgument(id: id, command: name, member: "length", expected: "an integer from 1 to \(LiveCommand.maxReadBytes)")
            }
            command = .read(part: try fields.integer("part", minimum: 0), offset: try fields.integer("offset", minimum: 0),
                            length: length)
        case "trap":
            let number = try fields.integer("number", minimum: 1)
            switch (try fields.optionalString("when"), try fields.optionalString("action")) {
            case (let predicate?, nil) where !predicate.isEmpty: command = .trap(LiveTrap(number: number, condition: .when(predicate)))
            case (nil, let pattern?) where !pattern.isEmpty: command = .trap(LiveTrap(number: number, condition: .action(pattern)))
            default:
                throw .badArgument(id: id, command: name, member: "when", expected: #"a predicate, or instead "action" with a type glob (one of the two)"#)
            }
        case "untrap": command = .untrap(number: try fields.integer("number", minimum: 1))
        default: throw .unknownCommand(id: id, name)
        }
        self.init(id: id, command: command)
    }

    /// The request as one line, line feed included: what a client sends.
    package var line: [UInt8] {
        var members = command.arguments
        members.append(("id", id))
        var bytes: [UInt8] = []
        LiveProtocol.writeLine(leading: ("command", .string(command.name)), JSONObject(members), into: &bytes)
        return bytes
    }

    /// Reads a command's members, each error naming the member and what it must be.
    private struct Fields {
        let object: JSONObject
        let id: JSONValue
        let command: String

        func integer(_ key: String, minimum: Int = .min) throws(LiveProtocolError) -> Int {
            guard let value = try optionalInteger(key, minimum: minimum) else {
                throw .badArgument(id: id, command: command, member: key, expected: expectation(minimum))
            }
            return value
        }

        func optionalInteger(_ key: String, minimum: Int) throws(LiveProtocolError) -> Int? {
            guard let value = object[key], value != .null else { return nil }
            guard let number = value.int64Value, let int = Int(exactly: number), int >= minimum else {
                throw .badArgument(id: id, command: command, member: key, expected: expectation(minimum))
            }
            return int
        }

        func string(_ key: String) throws(LiveProtocolError) -> String {
            guard let value = try optionalString(key) else {
                throw .badArgument(id: id, command: command, member: key, expected: "a string")
            }
            return value
        }

        func optionalString(_ key: String) throws(LiveProtocolError) -> String? {
            guard let value = object[key], value != .null else { return nil }
            guard let string = value.stringValue else {
                throw .badArgument(id: id, command: command, member: key, expected: "a string")
            }
            return string
        }

        private func expectation(_ minimum: Int) -> String {
            switch minimum {
            case 0: "an integer from 0"
            case 1: "an integer from 1"
            default: "an integer"
            }
        }
    }
}
