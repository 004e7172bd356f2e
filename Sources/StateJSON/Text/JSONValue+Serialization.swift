extension JSONValue {
    /// The value as UTF-8 JSON text.
    ///
    /// Strings escape only `"`, `\`, and control characters (`\b \f \n \r \t`, the rest as
    /// `\u00xx`); everything else, `/` included, is written as raw UTF-8. Doubles use the shortest
    /// text that reads back as the same `Double`, and integral doubles keep a `.0` so they read back
    /// as `.double`. A non-finite double cannot come from ``JSONParser`` or ``JSONValueEncoder``; if
    /// one was put into a value by hand it is written as `null`. `.bigNumber` text is written as is.
    ///
    /// ```swift
    /// let value: JSONValue = ["path": "a/b", "ratio": 2.0, "note": "tab\there"]
    /// print(String(decoding: value.serialized(), as: UTF8.self))
    /// ```
    /// ```text
    /// {"note":"tab\there","path":"a/b","ratio":2.0}
    /// ```
    public func serialized(_ style: JSONStyle = .canonical) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(to: &bytes, style: style)
        return bytes
    }

    /// Appends the value's JSON text to `bytes`; see ``serialized(_:)`` for the format.
    public func write(to bytes: inout [UInt8], style: JSONStyle = .canonical) {
        var writer = JSONTextWriter(bytes: bytes, pretty: style == .pretty)
        bytes = []
        writer.write(self, indent: 0)
        bytes = writer.bytes
    }

    /// The value as JSON text in the given style.
    public func serializedText(_ style: JSONStyle = .canonical) -> String {
        String(decoding: serialized(style), as: UTF8.self)
    }

    /// The canonical text: no whitespace, members sorted by key.
    ///
    /// ```swift
    /// let value: JSONValue = ["b": 1, "a": [true, nil]]
    /// print(value.canonicalText)
    /// ```
    /// ```text
    /// {"a":[true,null],"b":1}
    /// ```
    public var canonicalText: String { serializedText(.canonical) }

    /// The text indented by two spaces per level, without a trailing newline.
    ///
    /// ```swift
    /// let value: JSONValue = ["b": 1, "a": [true, nil]]
    /// print(value.prettyText)
    /// ```
    /// ```text
    /// {
    ///   "a": [
    ///     true,
    ///     null
    ///   ],
    ///   "b": 1
    /// }
    /// ```
    public var prettyText: String { serializedText(.pretty) }
}

/// Appends JSON text to a byte array.
struct JSONTextWriter {
    var bytes: [UInt8]
    let pretty: Bool
    /// When set, receives the text written so far whenever it passes a few kilobytes, and may
    /// empty it; canonical hashing uses this to avoid holding the whole text.
    var flush: ((inout [UInt8]) -> Void)?

    init(bytes: [UInt8], pretty: Bool) {
        self.bytes = bytes
        self.pretty = pretty
    }

    mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: appendASCII("null")
        case .bool(let bool): appendASCII(bool ? "true" : "false")
        case .integer(let integer):
            if integer < 0 {
                bytes.append(UInt8(ascii: "-"))
                appendDecimal(integer.magnitude)
            } else {
                appendDecimal(UInt64(integer))
            }
        case .unsigned(let unsigned): appendDecimal(unsigned)
        case .double(let double): appendDouble(double)
        case .bigNumber(let text): bytes.append(contentsOf: text.utf8)
        case .string(let string): appendString(string)
        case .array(let elements):
            guard !elements.isEmpty else {
                appendASCII("[]")
                return
            }
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                if pretty { newline(indent + 1) }
                write(element, indent: indent + 1)
                if let flush, bytes.count >= JSONValue.hashChunkSize { flush(&bytes) }
            }
            if pretty { newline(indent) }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                appendASCII("{}")
                return
            }
            bytes.append(UInt8(ascii: "{"))
            let keys = object.keys
            let values = object.values
            for position in keys.indices {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                if pretty { newline(indent + 1) }
                appendString(keys[position])
                bytes.append(UInt8(ascii: ":"))
                if pretty { bytes.append(UInt8(ascii: " ")) }
                write(values[position], indent: indent + 1)
                if let flush, bytes.count >= JSONValue.hashChunkSize { flush(&bytes) }
            }
            if pretty { newline(indent) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(_ indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<(indent * 2) { bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func appendDecimal(_ value: UInt64) {
        JSONTextWriter.withDecimalDigits(of: value) { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with the ASCII digits of `value`, built on the stack.
    static func withDecimalDigits<R>(of value: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var remaining = value
            var start = 20
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining != 0
            return body(UnsafeBufferPointer(rebasing: buffer[start..<20]))
        }
    }

    private mutating func appendDouble(_ double: Double) {
        JSONTextWriter.withDoubleText(double) { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with the shortest round-trip JSON text of `double` (`null` when not finite).
    static func withDoubleText<R>(_ double: Double, _ body: (String.UTF8View) -> R) -> R {
        guard double.isFinite else { return body("null".utf8) }
        // Swift's description is the shortest text that round-trips, keeps `.0` on integral values
        // and writes exponents as `1e-05`/`1e+16`, all of which are valid JSON numbers.
        return body(double.description.utf8)
    }

    mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var clean = 0
            for (position, byte) in utf8.enumerated() where JSONTextWriter.needsEscape(byte) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<position]))
                appendEscape(byte)
                clean = position + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func appendEscape(_ byte: UInt8) {
        JSONTextWriter.withEscape(byte) { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with the escape sequence for a byte that ``needsEscape(_:)``.
    static func withEscape<R>(_ byte: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let hexDigits: StaticString = "0123456789abcdef"
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6) { buffer in
            buffer[0] = UInt8(ascii: "\\")
            let short: UInt8? = switch byte {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            default: nil
            }
            if let short {
                buffer[1] = short
                return body(UnsafeBufferPointer(rebasing: buffer[0..<2]))
            }
            buffer[1] = UInt8(ascii: "u")
            buffer[2] = UInt8(ascii: "0")
            buffer[3] = UInt8(ascii: "0")
            buffer[4] = hexDigits.utf8Start[Int(byte >> 4)]
            buffer[5] = hexDigits.utf8Start[Int(byte & 0xF)]
            return body(UnsafeBufferPointer(buffer))
        }
    }
}
