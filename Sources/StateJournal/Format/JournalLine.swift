import StateJSON

/// Any line of a journal, parsed.
public enum JournalLine: Sendable, Equatable {
    /// The first line.
    case header(JournalHeader)
    /// A step.
    case step(JournalStep)
    /// An event between steps.
    case event(JournalEvent)

    // Safe because the bytes are read only during the call, within their count, and never kept.
    /// Parses one line (without its line feed).
    ///
    /// - Parameters:
    ///   - bytes: The line's UTF-8 bytes.
    ///   - parser: The JSON parser, carrying the limits that keep hostile input safe.
    ///   - timeBase: What a step line's `ms` counts from: the header's (``JournalHeader/stepTimeBase``).
    package static func parse(_ bytes: UnsafeRawBufferPointer, parser: JSONParser = JournalLimits.parser,
                              timeBase: StepTimeBase = .unknown) throws(JournalLineError) -> JournalLine {
        let value: JSONValue
        do {
            value = try parser.parse(bytes)
        } catch {
            throw .invalidJSON(error)
        }
        return try JournalLine(jsonValue: value, timeBase: timeBase)
    }

    /// Classifies and reads a parsed line, read without its header (see ``JournalStep/init(jsonValue:)``).
    public init(jsonValue value: JSONValue) throws(JournalLineError) {
        try self.init(jsonValue: value, timeBase: .unknown)
    }

    /// Classifies and reads a parsed line under a header whose time base is `timeBase`.
    package init(jsonValue value: JSONValue, timeBase: StepTimeBase) throws(JournalLineError) {
        guard case .object(let object) = value else { throw .notAnObject(found: value.kind) }
        if object["step"] != nil {
            self = .step(try JournalStep(jsonValue: value, timeBase: timeBase))
        } else if object["event"] != nil {
            self = .event(try JournalEvent(jsonValue: value))
        } else if object["format"] != nil {
            self = .header(try JournalHeader(jsonValue: value))
        } else {
            throw .unknownLineKind("(no \"step\", \"event\" or \"format\" member)")
        }
    }

    /// Appends the line, with its final line feed, to `bytes`.
    package func write(to bytes: inout [UInt8]) {
        switch self {
        case .header(let header):
            JournalLineWriter.writeHeaderLine(header.jsonValue, into: &bytes)
        case .step(let step):
            step.write(to: &bytes)
        case .event(let event):
            event.write(to: &bytes)
        }
    }
}
