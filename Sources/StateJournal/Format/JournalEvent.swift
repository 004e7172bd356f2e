import StateJSON

/// A journal line that is not a step: something that happened between steps.
///
/// Every event names the step it follows (`after`), so a reader can place it on the timeline.
///
/// ```json
/// {"event":"rejected","after":41,"time":1763765000123,"action":{…},"validator":"noDebt","reason":"jenny would owe 20"}
/// {"event":"travel","after":57,"time":1763765000456,"travel":"undo","to":56,"hash":"1c0e…"}
/// {"event":"marker","after":57,"time":1763765000789,"name":"checkout opened"}
/// {"event":"commandError","after":60,"time":1763765001000,"command":"loadUsers","error":"the server returned 500"}
/// {"event":"closed","after":61,"time":1763765002000}
/// {"event":"actionInFlight","action":{…},"after":61,"time":1763765002100}
/// {"event":"crashed","after":61,"signal":"SIGILL","signalNumber":4,"time":1763765002101}
/// ```
public enum JournalEvent: Sendable, Equatable {
    /// A validator rejected the state an action would have produced; the state did not change.
    case rejected(after: Int, time: Int64, action: JournalAction, validator: String, reason: String)
    /// A command (asynchronous work) failed.
    case commandError(after: Int, time: Int64, command: String, error: String)
    /// The live store travelled to the state of step `to`; later steps continue from there.
    case travel(after: Int, time: Int64, kind: TravelKind, to: Int, hash: UInt64)
    /// A bookmark set by the app or a person.
    case marker(after: Int, time: Int64, name: String)
    /// The recorder closed the journal after step `after`: a reader following the file can stop.
    ///
    /// It is the last line a recorder writes; lines after it come from a recording resumed later.
    /// Readers keep it out of their list of events (see <doc:JournalFileFormat>).
    case closed(after: Int, time: Int64)
    /// The action the app was applying when the journal was written: its reducer never returned, so
    /// step `after + 1` was never recorded. A flight recorder's crash journal holds it (see
    /// <doc:JournalFileFormat>).
    case actionInFlight(after: Int, time: Int64, action: JournalAction)
    /// The process died of `signal` (`"SIGSEGV"`, number `signalNumber`) after step `after`: the last
    /// line of a crash journal, written by the signal's handler.
    case crashed(after: Int, time: Int64, signal: String, signalNumber: Int32)

    /// The name of the marker a recording that goes on after its closing line writes first: the only
    /// line that may follow a closing line.
    package static let resumedMarkerName = "resumed"

    /// The name of the marker a crash journal holds in place of its `actionInFlight` line when the app
    /// was applying an action whose line was not made before the journal was written (the recorder's
    /// encoder was stuck, or the action did not encode); a reason may follow it after `": "`.
    package static let unencodedInFlightMarkerName = "action in flight not encoded"

    /// How the live store travelled.
    public enum TravelKind: String, Sendable, Equatable, CaseIterable {
        case undo, redo, jump
    }

    /// The step this event follows (0 when it comes before the first step).
    public var after: Int {
        switch self {
        case .rejected(let after, _, _, _, _), .commandError(let after, _, _, _),
             .travel(let after, _, _, _, _), .marker(let after, _, _), .closed(let after, _),
             .actionInFlight(let after, _, _), .crashed(let after, _, _, _):
            after
        }
    }

    /// The event's name as written in its line's `event` member.
    public var name: String {
        switch self {
        case .rejected: "rejected"
        case .commandError: "commandError"
        case .travel: "travel"
        case .marker: "marker"
        case .closed: "closed"
        case .actionInFlight: "actionInFlight"
        case .crashed: "crashed"
        }
    }

    /// The event as the JSON object on its journal line (member order is not significant for events).
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("event", .string(name))]
        switch self {
        case .rejected(let after, let time, let action, let validator, let reason):
            members += [("after", .integer(Int64(after))), ("time", .integer(time)), ("action", action.jsonValue),
                        ("validator", .string(validator)), ("reason", .string(reason))]
        case .commandError(let after, let time, let command, let error):
            members += [("after", .integer(Int64(after))), ("time", .integer(time)),
                        ("command", .string(command)), ("error", .string(error))]
        case .travel(let after, let time, let kind, let to, let hash):
            members += [("after", .integer(Int64(after))), ("time", .integer(time)), ("travel", .string(kind.rawValue)),
                        ("to", .integer(Int64(to))), ("hash", .string(StateFingerprint.hex(hash)))]
        case .marker(let after, let time, let name):
            members += [("after", .integer(Int64(after))), ("time", .integer(time)), ("name", .string(name))]
        case .closed(let after, let time):
            members += [("after", .integer(Int64(after))), ("time", .integer(time))]
        case .actionInFlight(let after, let time, let action):
            members += [("after", .integer(Int64(after))), ("time", .integer(time)), ("action", action.jsonValue)]
        case .crashed(let after, let time, let signal, let signalNumber):
            members += [("after", .integer(Int64(after))), ("time", .integer(time)), ("signal", .string(signal)),
                        ("signalNumber", .integer(Int64(signalNumber)))]
        }
        return .object(JSONObject(members))
    }

    /// Appends the event's journal line, with `event` first and the final line feed, to `bytes`.
    package func write(to bytes: inout [UInt8]) {
        JournalLineWriter.writeEventLine(jsonValue, into: &bytes)
    }

    /// Appends the event's line as ``write(to:)`` does when every reader would read it (``JournalLimits``).
    ///
    /// - Throws: ``JournalError/UnreadableLine`` when the line would be too long or a rejected action
    ///   nests too deep; nothing is appended then.
    package func writeReadable(to bytes: inout [UInt8]) throws(JournalError.UnreadableLine) {
        let lineStart = bytes.count
        write(to: &bytes)
        // Safe because the pointer is used only inside the closure, within the array's count.
        let problem = bytes.withUnsafeBytes { raw in
            JournalLimits.problem(inLine: UnsafeRawBufferPointer(rebasing: raw[lineStart..<(raw.count - 1)]))
        }
        guard let problem else { return }
        bytes.removeSubrange(lineStart...)
        throw JournalError.UnreadableLine(step: nil, problem: problem)
    }

    /// An event's action, whose site is written whole whatever the version: the forms a version 6 step
    /// line has for the site in force (a string action, `"site":null`) say nothing on an event line,
    /// which takes no part in carrying sites.
    private static func action(in fields: LineFields) throws(JournalLineError) -> JournalAction {
        let action = try JournalAction(jsonValue: try fields.required("action"))
        switch action.siteNote {
        case .bareCall?: throw .wrongType(field: "action", expected: "an object (an event's action writes its call site whole)", found: .string)
        case JournalAction.SiteNote.null?: throw .invalidValue(field: "action.site", reason: "is null, but an event's action writes its call site whole or leaves it out")
        case .number?, nil: return action
        }
    }

    /// Reads an event from a parsed journal line.
    public init(jsonValue: JSONValue) throws(JournalLineError) {
        let fields = try LineFields(jsonValue)
        let name = try fields.string("event")
        let after = try fields.int("after")
        guard after >= 0 else { throw .invalidValue(field: "after", reason: "is \(after), but it must be a step number (0 or more)") }
        let time = Int64(try fields.optionalInt("time") ?? 0)
        switch name {
        case "rejected":
            self = .rejected(after: after, time: time, action: try Self.action(in: fields),
                             validator: try fields.string("validator"), reason: try fields.string("reason"))
        case "commandError":
            self = .commandError(after: after, time: time, command: try fields.string("command"), error: try fields.string("error"))
        case "travel":
            let kindText = try fields.string("travel")
            guard let kind = TravelKind(rawValue: kindText) else {
                throw .invalidValue(field: "travel", reason: "is \"\(kindText)\"; expected undo, redo or jump")
            }
            let to = try fields.int("to")
            guard to >= 0, to <= after else {
                throw .invalidValue(field: "to", reason: "is \(to), but a travel goes back to a recorded step (0 to \(after))")
            }
            self = .travel(after: after, time: time, kind: kind, to: to, hash: try fields.hash("hash"))
        case "marker":
            self = .marker(after: after, time: time, name: try fields.string("name"))
        case "closed":
            self = .closed(after: after, time: time)
        case "actionInFlight":
            self = .actionInFlight(after: after, time: time, action: try Self.action(in: fields))
        case "crashed":
            let number = try fields.int("signalNumber")
            guard number > 0, number < 128 else {
                throw .invalidValue(field: "signalNumber", reason: "is \(number), but a signal's number is 1 to 127")
            }
            self = .crashed(after: after, time: time, signal: try fields.string("signal"), signalNumber: Int32(number))
        default:
            throw .unknownLineKind(name)
        }
    }

    /// Appends the `actionInFlight` line of an action already serialized (``JournalAction/jsonValue``
    /// in the canonical style): the same line as ``write(to:)`` writes, made without building the
    /// event, since a flight recorder makes one before every dispatch.
    package static func writeActionInFlight(after: Int, time: Int64, actionBytes: [UInt8], into bytes: inout [UInt8]) {
        let lineStart = bytes.count
        JournalLineWriter.appendLiteral(#"{"event":"actionInFlight","action":"#, to: &bytes)
        bytes.append(contentsOf: actionBytes)
        JournalLineWriter.appendLiteral(#","after":"#, to: &bytes)
        appendDecimal(Int64(after), to: &bytes)
        JournalLineWriter.appendLiteral(#","time":"#, to: &bytes)
        appendDecimal(time, to: &bytes)
        JournalLineWriter.appendLiteral("}\n", to: &bytes)
        LineChecksum.seal(&bytes, lineStart: lineStart)
    }

    /// Appends `value` in decimal: writing it as a `JSONValue` sets up a text writer, which cost the
    /// action in flight more than the rest of its line.
    private static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        let count = JSONTextWriter.decimalLength(magnitude)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        // Safe because the digits are written within the `count` bytes just appended, during the call.
        bytes.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { _ = JSONTextWriter.writeDecimal(magnitude, endingAt: base + start + count) }
        }
    }

    /// The pieces a signal handler puts a `crashed` line together from, with the numbers it learns only
    /// then: `head` + the step + `tail` + the time in milliseconds + `}`, then the checksum as
    /// ``LineChecksum`` says. The line is the one ``write(to:)`` writes.
    package static func crashedLinePieces(signal: String, signalNumber: Int32) -> (head: String, tail: String) {
        var tail: [UInt8] = []
        JSONValue.string(signal).write(to: &tail, style: .canonical)
        return (#"{"event":"crashed","after":"#,
                #","signal":"# + String(decoding: tail, as: UTF8.self) + #","signalNumber":\#(signalNumber),"time":"#)
    }

    /// The pieces of a `marker` line named `name`, put together as ``crashedLinePieces(signal:signalNumber:)``'s
    /// are: the line ``write(to:)`` writes.
    package static func markerLinePieces(name: String) -> (head: String, tail: String) {
        var tail: [UInt8] = []
        JSONValue.string(name).write(to: &tail, style: .canonical)
        return (#"{"event":"marker","after":"#, #","name":"# + String(decoding: tail, as: UTF8.self) + #","time":"#)
    }
}
