/// A strict RFC 8259 parser that turns UTF-8 bytes into a ``JSONValue``.
///
/// The parser accepts exactly the JSON grammar: no comments, trailing commas, leading zeros,
/// `NaN`/`Infinity`, single quotes, unescaped control characters, ill-formed UTF-8 or unpaired
/// surrogate escapes. Nesting is tracked on an explicit stack, so hostile input deeper than
/// ``Limits/maxDepth`` fails with ``JSONParseError/Code/tooDeep`` instead of exhausting the thread
/// stack. When an object repeats a key, the last member wins.
///
/// Integers keep their exact value (`.integer`, `.unsigned`, or `.bigNumber` with the original text);
/// numbers with a fraction or exponent become `.double`, correctly rounded, unless they overflow or
/// underflow a `Double`, in which case they keep their text in `.bigNumber`.
///
/// ```swift
/// let parser = JSONParser(limits: .init(maxDepth: 64))
/// let value = try parser.parse(Array("[1, 2.5, 18446744073709551616]".utf8))
/// print(value.canonicalText)
/// ```
/// ```text
/// [1,2.5,18446744073709551616]
/// ```
public struct JSONParser: Sendable {
    /// Bounds that keep hostile input from using unbounded resources.
    public struct Limits: Sendable, Hashable {
        /// The deepest nesting of arrays and objects accepted; `[[1]]` has depth 2.
        public var maxDepth: Int

        /// Limits with the given maximum depth (512 unless stated).
        public init(maxDepth: Int = 512) {
            self.maxDepth = maxDepth
        }

        /// A maximum depth of 512.
        public static let `default` = Limits()
    }

    /// The limits this parser enforces.
    public var limits: Limits

    /// A parser enforcing `limits`.
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Parses one JSON value, surrounded by optional whitespace, from UTF-8 bytes.
    ///
    /// Contiguous collections (`[UInt8]`, `ArraySlice<UInt8>`, buffers) are read in place; other
    /// collections are copied into an array first.
    ///
    /// - Throws: ``JSONParseError`` with the line, column and byte offset of the first problem.
    public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let maxDepth = limits.maxDepth
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                var core = JSONParserCore(bytes: buffer, maxDepth: maxDepth)
                return try core.parseDocument()
            }
        }
        if let result { return try result.get() }
        return try parse(Array(bytes))
    }

    /// Parses one JSON value from a string's UTF-8 form.
    ///
    /// - Throws: ``JSONParseError`` with the line, column and byte offset of the first problem.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let maxDepth = limits.maxDepth
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                var core = JSONParserCore(bytes: buffer, maxDepth: maxDepth)
                return try core.parseDocument()
            }
        }
        return try result.get()
    }
}

/// The parsing state over one contiguous buffer.
struct JSONParserCore {
    /// An open array or object. Elements are appended in place and the arrays are moved into the
    /// finished value, so no element is copied or retained twice.
    private struct Frame {
        var isObject: Bool
        var keys: [String] = []
        var values: [JSONValue] = []

        init(isObject: Bool, capacity: Int) {
            self.isObject = isObject
            if isObject { keys.reserveCapacity(capacity) }
            values.reserveCapacity(capacity)
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var index = 0
    /// Reused for strings with escapes so each one does not allocate its own buffer.
    private var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        if index == bytes.count {
            throw failure(.emptyInput, "the input is empty; expected a JSON value.", at: index)
        }
        var frames: [Frame] = []
        // The size of the container last closed at each depth: siblings tend to have equal sizes
        // (rows of a table), so reserving that much usually makes building a container one allocation.
        var sizeHints: [Int] = []
        var value: JSONValue
        parsing: while true {
            guard index < bytes.count else {
                throw failure(.unexpectedEndOfInput, "unexpected end of input; expected a value.", at: index)
            }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try checkDepth(frames.count)
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    value = .object(JSONObject())
                } else {
                    let depth = frames.count
                    frames.append(Frame(isObject: true, capacity: depth < sizeHints.count ? sizeHints[depth] : 4))
                    let key = try parseKey(afterComma: false)
                    frames[depth].keys.append(key)
                    continue parsing
                }
            case UInt8(ascii: "["):
                try checkDepth(frames.count)
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    let depth = frames.count
                    frames.append(Frame(isObject: false, capacity: depth < sizeHints.count ? sizeHints[depth] : 4))
                    continue parsing
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try parseLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try parseLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try parseLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try parseNumber()
            default:
                throw unexpectedValueStart()
            }

            // Attach the finished value to its container, closing every container that ends here.
            while !frames.isEmpty {
                let top = frames.count - 1
                let isObject = frames[top].isObject
                skipWhitespace()
                frames[top].values.append(value)
                guard index < bytes.count else {
                    let expected = isObject
                        ? "',' or '}' after an object member" : "',' or ']' after an array element"
                    throw failure(
                        .unexpectedEndOfInput, "unexpected end of input; expected \(expected).", at: index)
                }
                let byte = bytes[index]
                if isObject {
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        let key = try parseKey(afterComma: true)
                        frames[top].keys.append(key)
                        continue parsing
                    }
                    guard byte == UInt8(ascii: "}") else {
                        throw failure(
                            .unexpectedCharacter, "expected ',' or '}' after an object member.", at: index)
                    }
                    index += 1
                } else {
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                            throw failure(
                                .unexpectedCharacter, "a trailing comma before ']' is not allowed.", at: index)
                        }
                        continue parsing
                    }
                    guard byte == UInt8(ascii: "]") else {
                        throw failure(
                            .unexpectedCharacter, "expected ',' or ']' after an array element.", at: index)
                    }
                    index += 1
                }
                let frame = frames.removeLast()
                if top < sizeHints.count {
                    sizeHints[top] = frame.values.count
                } else {
                    sizeHints.append(frame.values.count)
                }
                value = isObject ? .object(makeObject(keys: frame.keys, values: frame.values)) : .array(frame.values)
            }
            break parsing
        }
        skipWhitespace()
        if index < bytes.count {
            throw failure(
                .trailingCharacters, "unexpected \(describeByte(at: index)) after the end of the JSON value.",
                at: index)
        }
        return value
    }

    // MARK: - Structure

    private func checkDepth(_ depth: Int) throws(JSONParseError) {
        if depth >= maxDepth {
            throw failure(
                .tooDeep, "arrays and objects are nested deeper than the limit of \(maxDepth).", at: index)
        }
    }

    private mutating func parseKey(afterComma: Bool) throws(JSONParseError) -> String {
        guard index < bytes.count else {
            throw failure(.unexpectedEndOfInput, "unexpected end of input; expected a string key.", at: index)
        }
        guard bytes[index] == UInt8(ascii: "\"") else {
            if afterComma, bytes[index] == UInt8(ascii: "}") {
                throw failure(.unexpectedCharacter, "a trailing comma before '}' is not allowed.", at: index)
            }
            let expected = afterComma ? "a string key after ','" : "a string key or '}'"
            throw failure(.unexpectedCharacter, "expected \(expected).", at: index)
        }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            if index == bytes.count {
                throw failure(
                    .unexpectedEndOfInput, "unexpected end of input; expected ':' after an object key.", at: index)
            }
            throw failure(.unexpectedCharacter, "expected ':' after an object key.", at: index)
        }
        index += 1
        skipWhitespace()
        return key
    }

    /// Builds an object in O(n log n) at worst; members that arrive sorted (as canonical text does)
    /// skip the sort entirely.
    private func makeObject(keys: [String], values: [JSONValue]) -> JSONObject {
        JSONEncodingStorage.makeObject(keys: keys, values: values)
    }

    private func unexpectedValueStart() -> JSONParseError {
        let byte = bytes[index]
        let message: String
        switch byte {
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            message = "expected a value; NaN and Infinity are not valid JSON numbers."
        case UInt8(ascii: "+"):
            message = "expected a value; JSON numbers cannot start with '+'."
        case UInt8(ascii: "."):
            message = "expected a value; JSON numbers need a digit before the decimal point."
        case UInt8(ascii: "/"):
            message = "expected a value; comments are not allowed in JSON."
        case UInt8(ascii: "'"):
            message = "expected a value; JSON strings use double quotes."
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
            message = "expected a value before \(describeByte(at: index))."
        default:
            message = "expected a value, found \(describeByte(at: index))."
        }
        let code: JSONParseError.Code = byte == UInt8(ascii: "N") || byte == UInt8(ascii: "I")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") ? .invalidNumber : .unexpectedCharacter
        return failure(code, message, at: index)
    }

    private mutating func parseLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let text = literal.utf8Start
        for offset in 0..<count {
            guard index < bytes.count, bytes[index] == text[offset] else {
                throw failure(.invalidLiteral, "invalid literal; expected '\(literal)'.", at: start)
            }
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                index += 1
            default:
                return
            }
        }
    }

    // MARK: - Numbers

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw failure(.invalidNumber, "expected a digit after '-'.", at: index)
        }
        // Up to 19 significant digits always fit in a UInt64; beyond that the slow path reparses the text.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var exact = true
        var nonzero = false

        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw failure(.invalidNumber, "numbers cannot have leading zeros.", at: index - 1)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                let digit = UInt64(bytes[index] &- UInt8(ascii: "0"))
                nonzero = true
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ digit
                    significantDigits += 1
                } else {
                    exact = false
                }
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw failure(.invalidNumber, "expected a digit after the decimal point.", at: index)
            }
            while index < bytes.count, isDigit(bytes[index]) {
                let digit = UInt64(bytes[index] &- UInt8(ascii: "0"))
                if digit != 0 { nonzero = true }
                if mantissa == 0 && digit == 0 {
                    exponent -= 1
                } else if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ digit
                    significantDigits += 1
                    exponent -= 1
                } else {
                    exact = false
                }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw failure(.invalidNumber, "expected a digit in the exponent.", at: index)
            }
            var written = 0
            while index < bytes.count, isDigit(bytes[index]) {
                // Clamped: any exponent this large already means overflow or underflow.
                if written < 100_000_000 {
                    written = written * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
                }
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        if index < bytes.count, isNumberContinuation(bytes[index]) {
            throw failure(.invalidNumber, "unexpected \(describeByte(at: index)) in a number.", at: index)
        }

        if isInteger {
            if exact {
                if negative {
                    if mantissa <= UInt64(Int64.max) { return .integer(-Int64(mantissa)) }
                    if mantissa == UInt64(Int64.max) + 1 { return .integer(Int64.min) }
                } else if mantissa <= UInt64(Int64.max) {
                    return .integer(Int64(mantissa))
                } else {
                    return .unsigned(mantissa)
                }
            }
            let text = numberText(from: start)
            if let value = Int64(text) { return .integer(value) }
            if let value = UInt64(text) { return value > UInt64(Int64.max) ? .unsigned(value) : .integer(Int64(value)) }
            return .bigNumber(text)
        }
        // Clinger's fast path: both operands are exact doubles, so one IEEE operation rounds correctly.
        if exact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            var double = Double(mantissa)
            double = exponent < 0
                ? double / JSONParserCore.powersOfTen[-exponent] : double * JSONParserCore.powersOfTen[exponent]
            return .double(negative ? -double : double)
        }
        let text = numberText(from: start)
        guard let double = Double(text), double.isFinite, double != 0 || !nonzero else {
            return .bigNumber(text)
        }
        return .double(double)
    }

    private func numberText(from start: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private func isNumberContinuation(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    // MARK: - Strings

    private mutating func parseString() throws(JSONParseError) -> String {
        let quote = index
        let start = index + 1
        var cursor = start
        var ascii = true
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                let content = UnsafeBufferPointer(rebasing: bytes[start..<cursor])
                if ascii { return String(decoding: content, as: UTF8.self) }
                if let string = String(validating: content, as: UTF8.self) { return string }
                throw invalidUTF8(in: start..<cursor)
            }
            if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(quote: quote, start: start, firstEscape: cursor)
            }
            if byte < 0x20 { throw controlCharacter(at: cursor) }
            if byte >= 0x80 { ascii = false }
            cursor += 1
        }
        throw failure(.unexpectedEndOfInput, "the string that starts here has no closing quote.", at: quote)
    }

    private mutating func parseEscapedString(quote: Int, start: Int, firstEscape: Int) throws(JSONParseError)
        -> String
    {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<firstEscape]))
        var cursor = firstEscape
        while cursor < bytes.count {
            let byte = bytes[cursor]
            switch byte {
            case UInt8(ascii: "\""):
                index = cursor + 1
                if let string = String(validating: scratch, as: UTF8.self) { return string }
                throw invalidUTF8(in: start..<cursor)
            case UInt8(ascii: "\\"):
                cursor += 1
                guard cursor < bytes.count else { break }
                switch bytes[cursor] {
                case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    let escape = cursor - 1
                    var scalar = try hexEscape(at: escape)
                    cursor += 4
                    if scalar >= 0xD800, scalar <= 0xDBFF {
                        guard cursor + 2 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "\\"),
                            bytes[cursor + 2] == UInt8(ascii: "u")
                        else {
                            throw failure(
                                .invalidSurrogate,
                                "the high surrogate escape \(escapeText(scalar)) is not followed by a low surrogate escape.",
                                at: escape)
                        }
                        let low = try hexEscape(at: cursor + 1)
                        guard low >= 0xDC00, low <= 0xDFFF else {
                            throw failure(
                                .invalidSurrogate,
                                "the high surrogate escape \(escapeText(scalar)) is followed by \(escapeText(low)), which is not a low surrogate.",
                                at: escape)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        cursor += 6
                    } else if scalar >= 0xDC00, scalar <= 0xDFFF {
                        throw failure(
                            .invalidSurrogate,
                            "the low surrogate escape \(escapeText(scalar)) has no high surrogate before it.",
                            at: escape)
                    }
                    appendUTF8(scalar)
                default:
                    throw failure(
                        .invalidEscape, "invalid escape '\\\(describeRaw(bytes[cursor]))' in a string.",
                        at: cursor - 1)
                }
                cursor += 1
                continue
            default:
                if byte < 0x20 { throw controlCharacter(at: cursor) }
                scratch.append(byte)
                cursor += 1
                continue
            }
            break
        }
        throw failure(.unexpectedEndOfInput, "the string that starts here has no closing quote.", at: quote)
    }

    /// Reads the four hex digits of the `\u` escape whose backslash is at `escape`.
    private func hexEscape(at escape: Int) throws(JSONParseError) -> UInt32 {
        var scalar: UInt32 = 0
        for position in (escape + 2)..<(escape + 6) {
            guard position < bytes.count else {
                throw failure(.invalidEscape, "a '\\u' escape needs four hexadecimal digits.", at: escape)
            }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw failure(.invalidEscape, "a '\\u' escape needs four hexadecimal digits.", at: escape)
            }
            scalar = scalar << 4 | UInt32(digit)
        }
        return scalar
    }

    private func escapeText(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    private func controlCharacter(at position: Int) -> JSONParseError {
        let hex = String(bytes[position], radix: 16, uppercase: true)
        let padded = (hex.count < 2 ? "0" : "") + hex
        return failure(
            .unescapedControlCharacter,
            "the control character U+00\(padded) must be escaped inside a string.", at: position)
    }

    /// Finds the first ill-formed UTF-8 sequence in `range` (Unicode 15, table 3-7).
    private func invalidUTF8(in range: Range<Int>) -> JSONParseError {
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            let lead = bytes[cursor]
            let length: Int
            var secondLow: UInt8 = 0x80
            var secondHigh: UInt8 = 0xBF
            switch lead {
            case 0x00..<0x80: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondLow = 0xA0
            case 0xED: length = 3; secondHigh = 0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0: length = 4; secondLow = 0x90
            case 0xF4: length = 4; secondHigh = 0x8F
            case 0xF1...0xF3: length = 4
            default:
                return failure(
                    .invalidUTF8, "invalid UTF-8: byte \(hexByte(lead)) cannot start a character.", at: cursor)
            }
            for offset in 1..<length {
                let position = cursor + offset
                let low = offset == 1 ? secondLow : 0x80
                let high = offset == 1 ? secondHigh : 0xBF
                guard position < range.upperBound, bytes[position] >= low, bytes[position] <= high else {
                    let reason = lead == 0xED && offset == 1 && position < range.upperBound
                        && bytes[position] >= 0xA0
                        ? "encodes a surrogate" : "is ill-formed"
                    return failure(
                        .invalidUTF8,
                        "invalid UTF-8: the sequence starting with byte \(hexByte(lead)) \(reason).", at: cursor)
                }
            }
            cursor += length
        }
        return failure(.invalidUTF8, "invalid UTF-8 in a string.", at: range.lowerBound)
    }

    // MARK: - Errors

    private func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count < 2 ? "0" : "") + hex
    }

    private func describeRaw(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : hexByte(byte)
    }

    private func describeByte(at position: Int) -> String {
        let byte = bytes[position]
        if byte >= 0x20 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
        return "byte \(hexByte(byte))"
    }

    private func failure(_ code: JSONParseError.Code, _ message: String, at offset: Int) -> JSONParseError {
        var line = 1
        var column = 1
        for position in 0..<min(offset, bytes.count) {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(code: code, message: message, line: line, column: column, offset: offset)
    }
}
