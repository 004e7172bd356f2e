import StateJSON

/// Writes the fixed parts of journal lines straight into a byte buffer.
///
/// Steps are the bulk of every journal, so their framing is written without building a `JSONValue`.
/// Lines keep a fixed member order: a step line starts `{"step":N,"kind":"keyframe"` (a whole state) or
/// `{"step":N,"time":` (a patch), an event line starts `{"event":`, and the header starts `{"format":`,
/// which lets ``JournalIndex`` classify a line from its first bytes without parsing it.
enum JournalLineWriter {
    /// Writes the start of a step line, up to its action: `{"step":N,"kind":"keyframe","time":T,"parent":P,"action":`
    /// (`kind` on keyframes only, `parent` only when given), or with `"ms":M` in place of `"time":T` when
    /// the header gives an `origin` (version 6): M = T − origin, a few digits where T takes 13.
    ///
    /// The framing goes into the line with one append: appending to an array costs tens of
    /// nanoseconds a call whatever its length, and a recorder writes a line per step.
    static func writeStepStart(step: Int, keyframe: Bool, time: Int64, origin: Int64?, parent: Int?, into bytes: inout [UInt8]) {
        // A time too far from the origin for the difference to fit is written absolute: readers take both.
        let sinceOrigin = origin.flatMap { origin -> Int64? in
            let (ms, overflow) = time.subtractingReportingOverflow(origin)
            return overflow ? nil : ms
        }
        // Safe because the framing is at most 26 + 16 + 3 * 20 + 10 + 10 bytes, fewer than the 160
        // allocated, and the buffer is read only inside the closure, up to where it was written.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 160) { scratch in
            guard let base = scratch.baseAddress else { return }
            var cursor = base
            cursor = put(#"{"step":"#, at: cursor)
            cursor = putDecimal(Int64(step), at: cursor)
            // Patch lines leave out `"kind":"patch"`: it is implied, and 15 bytes on every step add up.
            if let sinceOrigin {
                cursor = put(keyframe ? #","kind":"keyframe","ms":"# : #","ms":"#, at: cursor)
                cursor = putDecimal(sinceOrigin, at: cursor)
            } else {
                cursor = put(keyframe ? #","kind":"keyframe","time":"# : #","time":"#, at: cursor)
                cursor = putDecimal(time, at: cursor)
            }
            if let parent {
                cursor = put(#","parent":"#, at: cursor)
                cursor = putDecimal(Int64(parent), at: cursor)
            }
            cursor = put(#","action":"#, at: cursor)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: cursor - base))
        }
    }

    /// Writes the end of the step line that starts at `lineStart`: its state hash and its checksum,
    /// `,"hash":"hhhhhhhhhhhhhhhh","crc":"cccccccc"}` and a line feed.
    ///
    /// The line comes out as ``LineChecksum/seal(_:lineStart:)`` makes it (a test holds the two
    /// together), with two appends instead of a dozen.
    static func writeStepEnd(hash: UInt64, lineStart: Int, into bytes: inout [UInt8]) {
        // Safe because each part is at most 27 bytes, written into the 32 allocated and read only inside
        // the closure; the line's bytes are read inside their own closure, from lineStart, which callers
        // take from bytes.count.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { scratch in
            guard let base = scratch.baseAddress else { return }
            var cursor = put(#","hash":""#, at: base)
            cursor = putHex(hash, digits: 16, at: cursor)
            cursor = put("\"}", at: cursor)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: cursor - base))
            // The checksum covers the line as it would end without its `crc` member: up to this `}`,
            // which the member then goes before.
            var crc = CRC32C()
            bytes.withUnsafeBytes { line in crc.update(UnsafeRawBufferPointer(rebasing: line[lineStart...])) }
            bytes.removeLast()
            cursor = put(#","crc":""#, at: base)
            cursor = putHex(UInt64(crc.value), digits: 8, at: cursor)
            cursor = put("\"}\n", at: cursor)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: cursor - base))
        }
    }

    // Safe because callers pass a cursor into a scratch buffer with room for the digits.
    /// Writes the low `digits` hexadecimal digits of `value`, lowercase, at `cursor`; returns the position after them.
    @inline(__always)
    private static func putHex(_ value: UInt64, digits: Int, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var rest = value
        var position = cursor + digits
        while position > cursor {
            position -= 1
            let nibble = UInt8(truncatingIfNeeded: rest) & 0xF
            // Branch-free: 0–9 to "0"–"9", 10–15 to "a"–"f" (39 = "a" - "0" - 10).
            position.pointee = nibble &+ 0x30 &+ (nibble > 9 ? 39 : 0)
            rest >>= 4
        }
        return cursor + digits
    }

    // Safe because callers pass a cursor into a scratch buffer with room for the text.
    /// Copies `text` to `cursor` and returns the position after it.
    @inline(__always)
    private static func put(_ text: StaticString, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let count = text.utf8CodeUnitCount
        cursor.update(from: text.utf8Start, count: count)
        return cursor + count
    }

    // Safe because callers pass a cursor into a scratch buffer with room for 20 digits and a sign.
    /// Writes `value` in decimal at `cursor` and returns the position after it.
    private static func putDecimal(_ value: Int64, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var start = cursor
        if value < 0 {
            start.pointee = UInt8(ascii: "-")
            start += 1
        }
        let end = start + JSONTextWriter.decimalLength(value.magnitude)
        JSONTextWriter.writeDecimal(value.magnitude, endingAt: end)
        return end
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

    /// Appends `value` in decimal.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        // Safe because 21 bytes hold any Int64 in decimal with its sign, and the buffer is read only inside
        // the closure, up to where it was written.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { scratch in
            guard let base = scratch.baseAddress else { return }
            let end = putDecimal(Int64(value), at: base)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: end - base))
        }
    }

    /// Appends the bytes of `text` with one copy (appending a `String`'s UTF-8 view goes element by element).
    @inline(__always)
    static func appendLiteral(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}
