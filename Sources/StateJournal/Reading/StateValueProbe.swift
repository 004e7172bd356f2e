#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the bytes of one member of a keyframe's state, `.a.b.c`, in the raw line, without parsing
/// the line: a search compares them with the bytes it saw at the previous keyframe, and a step whose
/// bytes are the same cannot have changed the value (the same bytes parse to the same value), so it
/// needs no parsing at all.
///
/// The probe answers only when the raw layout leaves no doubt about which bytes a parser would take;
/// otherwise it answers `nil` and the caller parses the line. It answers `nil` for a line that is not a
/// keyframe in the writer's layout (see ``StepLineContentFinder``), for a key on the path that appears
/// twice in its object, for any key of those objects with an escape or a byte outside ASCII (an escape
/// can spell the key, and a non-ASCII key can equal an ASCII one under Unicode equivalence), for a
/// path that crosses something other than an object, and for a last `count` that is no member (which
/// a path reads as the number of members).
///
/// ```swift
/// var probe = StateValueProbe(members: ["flag"])
/// probe?.find(in: line)    // .value(bytes of `0`) for …"state":{"count":7,"flag":0},"hash":…
/// ```
package struct StateValueProbe {
    /// What the probe found in a line.
    package enum Finding {
        // Safe because the caller compares or copies the bytes before the stream hands over the next line.
        /// The value's bytes, without the whitespace around it; valid only while the line is.
        case value(UnsafeRawBufferPointer)
        /// The path selects nothing: a member on it is missing.
        case absent
    }

    /// A finding kept beyond its line: what the next line's finding is compared with.
    package struct Kept: Equatable, Sendable {
        /// The value's bytes, or `nil` when the path selected nothing.
        private var bytes: [UInt8]?

        /// Keeps a copy of `finding`.
        package init(_ finding: Finding) {
            switch finding {
            case .value(let value): bytes = Array(value)
            case .absent: bytes = nil
            }
        }

        // Safe because the comparison reads the finding's bytes within their count, during the call.
        /// Whether `finding` has exactly the kept bytes (or is absent like it).
        package func isSame(as finding: Finding) -> Bool {
            switch finding {
            case .absent:
                return bytes == nil
            case .value(let value):
                guard let bytes, bytes.count == value.count else { return false }
                guard let right = value.baseAddress, !bytes.isEmpty else { return true }
                return bytes.withUnsafeBytes { RawJSONSkimmer.same($0.baseAddress!, right, count: value.count) }
            }
        }
    }

    private static let count = Array("count".utf8)
    private let keys: [[UInt8]]
    private var finder = StepLineContentFinder()
    /// The shape (see ``StepLineContentFinder/shape(of:)``) of the last keyframe read whose keys on
    /// the path held no digit, and where the value was in it (`nil`: absent). A keyframe whose shape
    /// differs from it only where both have a digit has the same framing and the same keys on the
    /// path, so its value is at the same place: no walk needed. A journal's keyframes mostly differ
    /// from the one before only in numbers.
    private var lastShape: [UInt8] = []
    private var lastValue: Range<Int>?
    /// Longer states are not kept.
    private static let stateLimit = 1 << 16

    /// A probe for the member path `members` (outermost first), or `nil` when it has no member or a
    /// key is not plain printable ASCII (such keys always go to the parser).
    package init?(members: [String]) {
        guard !members.isEmpty else { return nil }
        var keys: [[UInt8]] = []
        for member in members {
            let key = Array(member.utf8)
            guard key.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return nil }
            keys.append(key)
        }
        self.keys = keys
    }

    // Safe because the state is read only inside `line.bytes`, during the call.
    /// The value the path selects in the state of `line`, or `nil` when the raw bytes cannot say
    /// for certain (the caller parses the line).
    package mutating func find(in line: JournalStream.StepLine) -> Finding? {
        let shape = line.isKeyframe ? StepLineContentFinder.shape(of: line) : nil
        if let shape, !lastShape.isEmpty, lastShape.count == shape.count,
           lastShape.withUnsafeBytes({ RawJSONSkimmer.differOnlyInDigits(shape, $0) }) {
            guard let range = lastValue else { return .absent }
            return .value(UnsafeRawBufferPointer(rebasing: shape[range]))
        }
        guard let content = finder.content(of: line), content.isState, let base = line.bytes.baseAddress else { return nil }
        let bytes = UnsafeRawBufferPointer(rebasing: line.bytes[..<content.range.upperBound])
        var keyHasDigit = false
        guard let (finding, end) = find(level: 0, inObjectAt: content.range.lowerBound, in: bytes, keyHasDigit: &keyHasDigit),
              end == bytes.count else { return nil }
        if !keyHasDigit, let shape, let shapeStart = line.actionStart, shape.count <= Self.stateLimit {
            lastShape.removeAll(keepingCapacity: true)
            lastShape.append(contentsOf: shape)
            switch finding {
            case .value(let value):
                let start = base.distance(to: value.baseAddress ?? base + content.range.lowerBound) - shapeStart
                lastValue = start..<(start + value.count)
            case .absent:
                lastValue = nil
            }
        } else {
            lastShape.removeAll(keepingCapacity: true)
        }
        return finding
    }

    // Safe because every read is at a position checked against `bytes.count`, during the call.
    /// Looks up `keys[level]` in the object that opens at `position`, reading all its members (a key
    /// seen twice is a doubt), and returns what the rest of the path finds there and where the object ends;
    /// sets `keyHasDigit` when a key it read holds a digit.
    private func find(level: Int, inObjectAt position: Int, in bytes: UnsafeRawBufferPointer, keyHasDigit: inout Bool) -> (Finding, Int)? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{"), let base = bytes.baseAddress else { return nil }
        let wanted = keys[level]
        let last = level == keys.count - 1
        var finding: Finding = .absent
        var found = false
        var position = RawJSONSkimmer.skipWhitespace(bytes, from: position + 1)
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "}") { return last && wanted == Self.count ? nil : (.absent, position + 1) }
        while true {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            let keyStart = position + 1
            var keyEnd = keyStart
            while keyEnd < bytes.count {
                let byte = bytes[keyEnd]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") || byte >= 0x80 { return nil }
                if byte >= 0x30, byte <= 0x39 { keyHasDigit = true }
                keyEnd += 1
            }
            guard keyEnd < bytes.count else { return nil }
            position = RawJSONSkimmer.skipWhitespace(bytes, from: keyEnd + 1)
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
            let valueStart = RawJSONSkimmer.skipWhitespace(bytes, from: position + 1)
            let isWanted = keyEnd - keyStart == wanted.count
                && (wanted.isEmpty || wanted.withUnsafeBytes { RawJSONSkimmer.same(base + keyStart, $0.baseAddress!, count: wanted.count) })
            if isWanted {
                if found { return nil }
                found = true
                if last {
                    guard let end = RawJSONSkimmer.end(ofValueAt: valueStart, in: bytes) else { return nil }
                    finding = .value(UnsafeRawBufferPointer(rebasing: bytes[valueStart..<end]))
                    position = end
                } else {
                    guard valueStart < bytes.count, bytes[valueStart] == UInt8(ascii: "{"),
                          let (inner, end) = find(level: level + 1, inObjectAt: valueStart, in: bytes, keyHasDigit: &keyHasDigit) else { return nil }
                    finding = inner
                    position = end
                }
            } else {
                guard let end = RawJSONSkimmer.end(ofValueAt: valueStart, in: bytes) else { return nil }
                position = end
            }
            position = RawJSONSkimmer.skipWhitespace(bytes, from: position)
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position = RawJSONSkimmer.skipWhitespace(bytes, from: position + 1)
            case UInt8(ascii: "}"):
                // A last `count` that is no member counts the object's members (see JSONPath): not raw bytes.
                if last, !found, wanted == Self.count { return nil }
                return (finding, position + 1)
            default:
                return nil
            }
        }
    }
}
