import StateJSON

/// The writer's side of ``JournalLimits``: what a line is checked for before it is written, at the
/// cost of what is written (a keyframe's state, a patch's values, an action's text), never the whole
/// state on a step that stores a patch.
extension JournalLimits {
    /// How deep a value nests, or the first problem a walk that stops at it found.
    struct ValueReport {
        /// How deep the value nests (a scalar is 0, `[[1]]` is 2), when the walk found no problem.
        var depth = 0
        /// Whether the value nests deeper than the limit the walk was given.
        var tooDeep = false
        /// The first number whose JSON text would read back as another value, and the tokens of the
        /// path to it from the value, innermost first.
        var number: (text: String, tokens: [String])?
    }

    /// Walks `value`, measuring its depth up to `limit` levels and looking for a number that would not
    /// read back; stops at the first problem.
    static func report(on value: JSONValue, limit: Int) -> ValueReport {
        var report = ValueReport()
        if let depth = depth(of: value, depthLeft: limit, report: &report) { report.depth = depth }
        return report
    }

    /// The problem with `value` as the `field` member of a line, where it may nest `limit` levels deep;
    /// `nil` when there is none. `prefix` is where the value sits in the state, for the message.
    static func problem(in value: JSONValue, field: String, limit: Int, at prefix: JSONPointer = JSONPointer(tokens: [])) -> JournalLineError? {
        problem(in: report(on: value, limit: limit), field: field, limit: limit, at: prefix)
    }

    /// The problem a report names, if any.
    static func problem(in report: ValueReport, field: String, limit: Int, at prefix: JSONPointer = JSONPointer(tokens: [])) -> JournalLineError? {
        if report.tooDeep { return .tooDeep(field: field, limit: limit) }
        if let number = report.number {
            var pointer = prefix
            for token in number.tokens.reversed() { pointer = pointer.appending(key: token) }
            return .unreadableNumber(field: field, at: pointer, number: number.text)
        }
        return nil
    }

    /// How deep `value` nests, or `nil` when it nests deeper than `depthLeft` or holds a number that
    /// would not read back (which `report` then says).
    private static func depth(of value: JSONValue, depthLeft: Int, report: inout ValueReport) -> Int? {
        switch value {
        case .null, .bool, .integer, .unsigned, .string:
            return 0
        case .double(let number):
            if number.isFinite { return 0 }
            report.number = (number.isNaN ? "nan" : number < 0 ? "-inf" : "inf", [])
            return nil
        case .bigNumber(let text):
            if readsBack(text) { return 0 }
            report.number = (text, [])
            return nil
        case .array(let elements):
            guard depthLeft > 0 else {
                report.tooDeep = true
                return nil
            }
            var deepest = 0
            for index in elements.indices {
                guard let depth = childDepth(elements[index], depthLeft: depthLeft - 1, report: &report) else {
                    report.number?.tokens.append(String(index))
                    return nil
                }
                deepest = max(deepest, depth)
            }
            return deepest + 1
        case .object(let object):
            guard depthLeft > 0 else {
                report.tooDeep = true
                return nil
            }
            var deepest = 0
            var index = 0
            for value in object.values {
                guard let depth = childDepth(value, depthLeft: depthLeft - 1, report: &report) else {
                    report.number?.tokens.append(object.keys[index])
                    return nil
                }
                deepest = max(deepest, depth)
                index += 1
            }
            return deepest + 1
        }
    }

    /// ``depth(of:depthLeft:report:)`` of a child, without a call for the scalars most children are.
    @inline(__always)
    private static func childDepth(_ value: JSONValue, depthLeft: Int, report: inout ValueReport) -> Int? {
        switch value {
        case .null, .bool, .integer, .unsigned, .string: 0
        default: depth(of: value, depthLeft: depthLeft, report: &report)
        }
    }

    /// Whether a number kept as text is written as JSON text that the parser reads back as the same
    /// text: not some other number case, and valid JSON at all.
    private static func readsBack(_ text: String) -> Bool {
        guard case .bigNumber(let parsed) = try? JSONParser().parse(text) else { return false }
        return parsed == text
    }

    // Safe because the bytes are only read, within their count, during the call.
    /// Whether JSON text nests arrays and objects deeper than `limit` (brackets inside strings do not
    /// count). Text of `limit` bytes or fewer cannot, and is not scanned.
    static func nestsDeeper(_ bytes: UnsafeRawBufferPointer, than limit: Int) -> Bool {
        guard bytes.count > limit else { return false }
        var depth = 0
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > limit { return true }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                default:
                    break
                }
            }
            index += 1
        }
        return false
    }

    // Safe because the bytes are only read, within their count, during the call.
    /// The problem with a whole line about to be written (without its line feed): too long, or nested
    /// too deep; `nil` when it keeps the limits.
    static func problem(inLine bytes: UnsafeRawBufferPointer) -> JournalLineError? {
        if bytes.count > maxLineBytes { return .tooLong(limit: maxLineBytes) }
        if nestsDeeper(bytes, than: maxDepth) { return .tooDeep(field: nil, limit: maxDepth) }
        return nil
    }
}
