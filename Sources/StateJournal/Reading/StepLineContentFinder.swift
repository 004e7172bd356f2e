#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the whole state or the patch in a step line's raw bytes, for a prefilter that looks at it
/// without parsing the line: the line must be in the writer's layout,
/// `{"step":N,"kind":…,"time":T[,"parent":P],"action":{…}|"…","state"|"patch":V,"hash":"16 hex"}` (in version
/// 2 with `,"crc":"8 hex"` before the final `}`), and anything else gets `nil`.
///
/// The action is passed over by comparing it with the previous line's: a JSON object ends where its
/// text says, so a line whose bytes from the action's start begin with the same complete object has
/// the same action, ending at the same place. Only a new action is skimmed.
package struct StepLineContentFinder {
    /// The content of a line: where its value is in the line, and which member holds it.
    package struct Content {
        /// Whether the value is a whole state (`"state"`) rather than a patch (`"patch"`).
        package var isState: Bool
        /// From the first byte of the value to the byte before `,"hash":`. For a well-formed line that
        /// is exactly the value; a line with more members after it has them inside this range too.
        package var range: Range<Int>
    }

    private var lastAction: [UInt8] = []
    /// Actions longer than this are skimmed every time rather than kept.
    private static let actionCacheLimit = 4096

    /// A finder that has seen no line yet.
    package init() {}

    // Safe because every read is inside `line.bytes`, at offsets checked against its count, during the call.
    /// The content of `line`, or `nil` when the line is damaged or not in the writer's layout, or its
    /// kind names the other content.
    package mutating func content(of line: JournalStream.StepLine) -> Content? {
        guard !line.isDamaged, let actionStart = line.actionStart, let base = line.bytes.baseAddress else { return nil }
        let bytes = line.bytes
        // An intact line that ends like `,"crc":"…"}` has had its checksum checked against its digits.
        let sealed = bytes.count > LineChecksum.suffixLength + 27
            && UInt64(littleEndian: base.loadUnaligned(fromByteOffset: bytes.count - LineChecksum.suffixLength, as: UInt64.self)) == LineChecksum.suffixStartWord
            && base.load(fromByteOffset: bytes.count - 1, as: UInt8.self) == UInt8(ascii: "}")
            && base.load(fromByteOffset: bytes.count - 2, as: UInt8.self) == UInt8(ascii: "\"")
        let contentCount = sealed ? bytes.count - LineChecksum.suffixLength : bytes.count
        // `,"hash":"` 16 hex digits `"`, and the final `}` of a line without a checksum.
        let tailLength = sealed ? 26 : 27
        let tail = contentCount - tailLength
        guard tail > actionStart,
              UInt64(littleEndian: base.loadUnaligned(fromByteOffset: tail, as: UInt64.self)) == Self.hashStartWord,
              base.load(fromByteOffset: tail + 8, as: UInt8.self) == UInt8(ascii: "\""),
              LineChecksum.hexValue(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: tail + 9, as: UInt64.self))) != nil,
              LineChecksum.hexValue(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: tail + 17, as: UInt64.self))) != nil,
              base.load(fromByteOffset: tail + 25, as: UInt8.self) == UInt8(ascii: "\""),
              sealed || base.load(fromByteOffset: tail + 26, as: UInt8.self) == UInt8(ascii: "}") else { return nil }
        guard let actionEnd = endOfAction(in: bytes, from: actionStart, before: tail) else { return nil }
        // `,"state":` and `,"patch":` are both 9 bytes.
        let valueStart = actionEnd + 9
        guard valueStart < tail else { return nil }
        let member = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: actionEnd, as: UInt64.self))
        guard base.load(fromByteOffset: actionEnd + 8, as: UInt8.self) == UInt8(ascii: ":") else { return nil }
        switch member {
        case Self.stateMemberWord where line.isKeyframe:
            return Content(isState: true, range: valueStart..<tail)
        case Self.patchMemberWord where !line.isKeyframe:
            return Content(isState: false, range: valueStart..<tail)
        default:
            return nil
        }
    }

    // Safe because every read is inside `line.bytes`, at offsets checked against its count, during the call.
    /// The bytes of a sealed line in the writer's layout from its action's start to its `,"hash":`
    /// member, after checking the members from there to the end as ``content(of:)`` does; `nil` for any
    /// other line. Two lines whose such bytes differ only where both have a digit have the same
    /// framing (a digit is no quote, bracket, colon, comma or space), so their actions end at the same
    /// place and their contents are at the same place: what lets a prefilter take over what it found
    /// in one line for the other.
    package static func shape(of line: JournalStream.StepLine) -> UnsafeRawBufferPointer? {
        guard !line.isDamaged, let actionStart = line.actionStart, let base = line.bytes.baseAddress else { return nil }
        let count = line.bytes.count
        let tail = count - LineChecksum.suffixLength - 26
        guard tail > actionStart,
              UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count - LineChecksum.suffixLength, as: UInt64.self)) == LineChecksum.suffixStartWord,
              base.load(fromByteOffset: count - 1, as: UInt8.self) == UInt8(ascii: "}"),
              base.load(fromByteOffset: count - 2, as: UInt8.self) == UInt8(ascii: "\""),
              UInt64(littleEndian: base.loadUnaligned(fromByteOffset: tail, as: UInt64.self)) == Self.hashStartWord,
              base.load(fromByteOffset: tail + 8, as: UInt8.self) == UInt8(ascii: "\""),
              LineChecksum.hexValue(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: tail + 9, as: UInt64.self))) != nil,
              LineChecksum.hexValue(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: tail + 17, as: UInt64.self))) != nil,
              base.load(fromByteOffset: tail + 25, as: UInt8.self) == UInt8(ascii: "\"") else { return nil }
        return UnsafeRawBufferPointer(rebasing: line.bytes[actionStart..<tail])
    }

    // Safe because the comparison and the skim stay inside `bytes`, before `limit`.
    /// Where the action starting at `start` ends: an object, or a string (a call alone).
    private mutating func endOfAction(in bytes: UnsafeRawBufferPointer, from start: Int, before limit: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let known = lastAction.count
        if known > 0, limit - start >= known,
           lastAction.withUnsafeBytes({ RawJSONSkimmer.same(base + start, $0.baseAddress!, count: known) }) {
            return start + known
        }
        let within = UnsafeRawBufferPointer(rebasing: bytes[..<limit])
        let end: Int?
        switch bytes[start] {
        case UInt8(ascii: "{"): end = RawJSONSkimmer.end(ofContainerAt: start, in: within)
        // A call alone (version 6): a string.
        case UInt8(ascii: "\""): end = RawJSONSkimmer.end(ofStringAfter: start + 1, in: within)
        default: end = nil
        }
        guard let end else { return nil }
        if end - start <= Self.actionCacheLimit {
            lastAction.removeAll(keepingCapacity: true)
            lastAction.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        }
        return end
    }

    /// `,"hash":`, `,"state"` and `,"patch"` read as little-endian words (see `StepLineContentFinderTests`).
    static let hashStartWord: UInt64 = 0x3A22_6873_6168_222C
    static let stateMemberWord: UInt64 = 0x2265_7461_7473_222C
    static let patchMemberWord: UInt64 = 0x2268_6374_6170_222C
}
