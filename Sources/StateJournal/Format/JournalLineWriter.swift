import StateJSON

/// Writes the fixed parts of journal lines straight into a byte buffer.
///
/// Steps are the bulk of every journal, so their framing is written without building a `JSONValue`.
/// Lines keep a fixed member order: a step line starts `{"step":N,"kind":"keyframe"` (a whole state) or
/// `{"step":N,"time":` (a patch), an event line starts `{"event":`, and the header starts `{"format":`,
/// which lets ``JournalIndex`` classify a line from its first bytes without parsing it.
enum JournalLineWriter {
    static func writeStepPrefix(step: Int, keyframe: Bool, time: Int64, parent: Int?, into bytes: inout [UInt8]) {
        appendLiteral(#"{"step":"#, to: &bytes)
        appendDecimal(Int64(step), to: &bytes)
        // Patch lines leave out `"kind":"patch"`: it is implied, and 15 bytes on every step add up.
        if keyframe {
            appendLiteral(#","kind":"keyframe","time":"#, to: &bytes)
        } else {
            appendLiteral(#","time":"#, to: &bytes)
        }
        appendDecimal(time, to: &bytes)
        if let parent {
            appendLiteral(#","parent":"#, to: &bytes)
            appendDecimal(Int64(parent), to: &bytes)
        }
    }

    static func writeHashSuffix(_ hash: UInt64, into bytes: inout [UInt8]) {
        appendLiteral(#","hash":""#, to: &bytes)
        appendHex(hash, to: &bytes)
        appendLiteral("\"}\n", to: &bytes)
    }

    /// Writes an object with `leading` first, then the other members in canonical order.
    /// The line ends with its checksum (``LineChecksum``); a `crc` member in `value` is left out.
    static func writeLine(_ value: JSONValue, leading: String, into bytes: inout [UInt8]) {
        let lineStart = bytes.count
        defer { LineChecksum.seal(&bytes, lineStart: lineStart) }
        guard case .object(var object) = value else {
            value.write(to: &bytes, style: .canonical)
            bytes.append(0x0A)
            return
        }
        _ = object.removeValue(forKey: "crc")
        guard let first = object.index(forKey: leading) else {
            JSONValue.object(object).write(to: &bytes, style: .canonical)
            bytes.append(0x0A)
            return
        }
        bytes.append(UInt8(ascii: "{"))
        JSONValue.string(leading).write(to: &bytes, style: .canonical)
        bytes.append(UInt8(ascii: ":"))
        object.values[first].write(to: &bytes, style: .canonical)
        for index in 0..<object.count where index != first {
            bytes.append(UInt8(ascii: ","))
            JSONValue.string(object.keys[index]).write(to: &bytes, style: .canonical)
            bytes.append(UInt8(ascii: ":"))
            object.values[index].write(to: &bytes, style: .canonical)
        }
        appendLiteral("}\n", to: &bytes)
    }

    static func writeEventLine(_ value: JSONValue, into bytes: inout [UInt8]) {
        writeLine(value, leading: "event", into: &bytes)
    }

    static func writeHeaderLine(_ value: JSONValue, into bytes: inout [UInt8]) {
        writeLine(value, leading: "format", into: &bytes)
    }

    /// Appends the bytes of `text` with one copy (appending a `String`'s UTF-8 view goes element by element).
    @inline(__always)
    static func appendLiteral(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        JSONTextWriter.appendDecimal(value.magnitude, to: &bytes)
    }

    static func appendHex(_ value: UInt64, to bytes: inout [UInt8]) {
        var digits: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            for index in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0xF
                buffer[index] = nibble < 10 ? nibble &+ 0x30 : nibble &+ 0x57
            }
            guard let base = buffer.baseAddress else { return }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: 16))
        }
    }
}
