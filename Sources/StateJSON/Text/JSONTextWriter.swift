#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes JSON text into a buffer it owns; see ``JSONValue/serialized(_:)`` for the format.
///
/// The buffer is raw memory that grows geometrically; it comes from, and goes back to, a
/// ``JSONTextBufferCache``, so consecutive serializations on a thread reuse one buffer. Capacity is checked once
/// per token (a whole string, number or literal) rather than once per byte, so the common case of a
/// token that fits is a straight copy. Containers are written by recursion down to
/// ``maxRecursionDepth`` and with an explicit stack below that, so a value built in code a hundred
/// thousand levels deep still cannot exhaust the thread stack.
package struct JSONTextWriter: ~Copyable {
    /// Nesting handled by recursion; deeper containers go to ``writeIteratively(_:depth:)``. Small
    /// enough for a 512 KiB thread stack in a debug build, deep enough for any real state.
    static let maxRecursionDepth = 64

    // Safe because base points headerSize bytes into a block of capacity + headerSize bytes that this ~Copyable writer
    // alone owns, and count <= capacity.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private let pretty: Bool
    /// When set, receives the text written so far whenever it passes ``JSONValue/hashChunkSize``,
    /// after which the writer starts again from an empty buffer; canonical hashing uses this to avoid
    /// holding the whole text.
    var flush: ((UnsafeBufferPointer<UInt8>) -> Void)?
    /// Key text captured per depth, for ``writeMembers(keys:values:depth:)``.
    private var keySlots = JSONKeyTextSlots()
    /// Where the buffer comes from and goes back to.
    private let cache: JSONTextBufferCache

    // Safe because a spare block taken from the cache is this writer's alone, and its text starts headerSize bytes in.
    init(pretty: Bool, capacity: Int = 512, cache: JSONTextBufferCache = .perThread) {
        self.pretty = pretty
        self.cache = cache
        if let spare = cache.take() {
            base = (spare.block + JSONTextBufferCache.headerSize).assumingMemoryBound(to: UInt8.self)
            self.capacity = spare.capacity
            if spare.capacity < capacity { grow(capacity) }
        } else {
            self.capacity = max(capacity, 64)
            base = JSONTextWriter.reallocate(nil, capacity: self.capacity)
        }
    }

    // Safe because the writer ends here, so the block goes back unused.
    deinit { cache.give(UnsafeMutableRawPointer(base) - JSONTextBufferCache.headerSize, capacity: capacity) }

    // Safe because callers read the view before the writer changes or ends (it is ~Copyable and borrowed).
    /// The text written since the start or the last flush.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    // Safe because the pointer to value is used only during the call, which holds value alive.
    /// Appends the text of `value`, starting at indentation level zero.
    mutating func write(_ value: JSONValue) {
        withUnsafePointer(to: value) { writeValue($0, depth: 0) }
    }

    // MARK: - Structure

    // Safe because of what the paragraph above says: write(_:) holds the root, so every container below it is alive and
    // unchanged.
    /// Writes the value at `value`, which sits inside `depth` containers (its indentation level when
    /// pretty).
    ///
    /// Values are reached through pointers into their containers' storage rather than copied out of
    /// it: ``write(_:)`` holds the root value for the whole write, so every array below it stays
    /// alive and unchanged, and a container's buffers can be read without retaining its arrays (a copy
    /// of each object would retain and release its keys and its values, atomically).
    private mutating func writeValue(_ value: UnsafePointer<JSONValue>, depth: Int) {
        #if _runtime(_ObjC)
        // Where arrays can be bridged from Objective-C, an object's keys may be a lazily bridged
        // `NSArray`, whose buffer is a temporary valid only inside `withUnsafeBufferPointer`.
        if case .object(let object) = value.pointee, !object.isEmpty, depth < JSONTextWriter.maxRecursionDepth {
            append(UInt8(ascii: "{"))
            object.keys.withUnsafeBufferPointer { keys in
                object.values.withUnsafeBufferPointer { values in
                    writeMembers(keys: keys, values: values, depth: depth)
                }
            }
            if pretty { newline(depth) }
            append(UInt8(ascii: "}"))
            return
        }
        #endif
        guard let members = JSONTextWriter.members(of: value), !members.values.isEmpty else {
            return writeScalar(value.pointee)
        }
        if depth >= JSONTextWriter.maxRecursionDepth { return writeIteratively(value.pointee, depth: depth) }
        let elements = members.values
        guard let keys = members.keys else {
            append(UInt8(ascii: "["))
            for position in elements.indices {
                if position > 0 { appendComma() }
                if pretty { newline(depth + 1) }
                writeMember(elements.baseAddress.unsafelyUnwrapped + position, depth: depth + 1)
            }
            if pretty { newline(depth) }
            append(UInt8(ascii: "]"))
            return
        }
        append(UInt8(ascii: "{"))
        writeMembers(keys: keys, values: elements, depth: depth)
        if pretty { newline(depth) }
        append(UInt8(ascii: "}"))
    }

    // Safe because the views point into containers kept alive by the root value write(_:) holds.
    /// An array's elements (and no keys) or an object's keys and values.
    private struct Members {
        var keys: UnsafeBufferPointer<String>?
        var values: UnsafeBufferPointer<JSONValue>
    }

    // Safe because of what the paragraph above says: the buffers are the containers' own, alive for the write.
    /// The storage of the array or object at `value`, `nil` for a scalar. The buffers outlive the
    /// call only because the storage they point into is held by the value being written (see
    /// ``writeValue(_:depth:)``) and is the container's own: an object's values always are, and so
    /// are native Swift arrays (`[JSONValue]` always is; `[String]` is wherever there is no
    /// Objective-C bridging, and ``writeValue(_:depth:)`` handles objects another way where there is). The copy of the
    /// container made here ends before anything else runs, so the optimizer removes its retains.
    @inline(__always)
    private static func members(of value: UnsafePointer<JSONValue>) -> Members? {
        switch value.pointee {
        case .array(let elements):
            return Members(keys: nil, values: elements.withUnsafeBufferPointer { $0 })
        case .object(let object):
            return Members(keys: object.keys.withUnsafeBufferPointer { $0 },
                           values: object.values.withUnsafeBufferPointer { $0 })
        default:
            return nil
        }
    }

    /// Writes an object's members. Sibling objects (rows of a table) usually share one keys array,
    /// so when an array is seen again at the same depth its keys are copied as text captured the
    /// time before, instead of being quoted and scanned again.
    private mutating func writeMembers(
        // Safe because keys and values have the same count and stay alive for the write; the keys' address is only
        // compared.
        keys: UnsafeBufferPointer<String>, values: UnsafeBufferPointer<JSONValue>, depth: Int
    ) {
        let identity = UInt(bitPattern: keys.baseAddress)
        let slot = depth
        var mode = KeyTextMode.write
        if slot < JSONKeyTextSlots.count {
            if keySlots.identity(slot) != identity {
                keySlots.setIdentity(identity, slot)
            } else if keySlots.isCaptured(slot) {
                mode = .copy
            } else if keys.count <= JSONKeyTextSlots.keysPerSlot {
                mode = .capture
                keySlots.prepareCapture(slot)
            }
        }
        if mode == .copy {
            return writeMembers(capturedIn: slot, members: keys.count, values: values, depth: depth)
        }
        for position in keys.indices {
            if position > 0 { appendComma() }
            if pretty { newline(depth + 1) }
            switch mode {
            case .capture:
                let start = count
                appendKey(keys[position])
                if !keySlots.capture(UnsafeBufferPointer(start: base + start, count: count &- start), slot, position) {
                    mode = .write
                }
            case .write, .copy:
                appendKey(keys[position])
            }
            writeMember(values.baseAddress.unsafelyUnwrapped + position, depth: depth + 1)
        }
        if mode == .capture { keySlots.finishCapture(slot) }
    }

    /// Writes the first `members` values of an object whose keys' text a slot captured: per key,
    /// one run of whole words (some bytes past the key included: both buffers have the room).
    private mutating func writeMembers(
        // Safe because the slot was captured for these keys, and its text and this buffer both have a word of room past
        // each key.
        capturedIn slot: Int, members: Int, values: UnsafeBufferPointer<JSONValue>, depth: Int
    ) {
        let (text, ends) = keySlots.captured(slot)
        var start = 0
        for position in 0..<members {
            if position > 0 { appendComma() }
            if pretty { newline(depth + 1) }
            let end = Int(ends[position &+ 1])
            let length = end &- start
            reserve(length &+ 8)
            var offset = 0
            repeat {
                let word = UnsafeRawPointer(text + (start &+ offset)).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(base + (count &+ offset)).storeBytes(of: word, as: UInt64.self)
                offset &+= 8
            } while offset < length
            count &+= length
            start = end
            writeMember(values.baseAddress.unsafelyUnwrapped + position, depth: depth + 1)
        }
    }

    private enum KeyTextMode {
        case write, capture, copy
    }

    // Safe because value points into a container alive for the write.
    @inline(__always)
    private mutating func writeMember(_ value: UnsafePointer<JSONValue>, depth: Int) {
        switch value.pointee {
        case .string(let string): appendString(string)
        case .integer(let integer): appendInteger(integer)
        case .array, .object: writeValue(value, depth: depth)
        default: writeScalar(value.pointee)
        }
    }

    /// An array or object being written by ``writeIteratively(_:depth:)``: its members and how many
    /// have been written.
    private struct OpenContainer {
        let isObject: Bool
        let keys: [String]
        let values: [JSONValue]
        var next = 0
    }

    /// Writes `value` with an explicit stack instead of recursion; the same text as ``writeValue(_:depth:)``.
    private mutating func writeIteratively(_ value: JSONValue, depth baseDepth: Int) {
        var open: [OpenContainer] = []
        var pending: JSONValue? = value
        while true {
            if let current = pending {
                pending = nil
                switch current {
                case .array(let elements) where !elements.isEmpty:
                    append(UInt8(ascii: "["))
                    open.append(OpenContainer(isObject: false, keys: [], values: elements))
                case .object(let object) where !object.isEmpty:
                    append(UInt8(ascii: "{"))
                    open.append(OpenContainer(isObject: true, keys: object.keys, values: Array(object.values)))
                default:
                    writeScalar(current)
                }
            }
            guard let top = open.indices.last else { return }
            let depth = baseDepth + open.count
            let position = open[top].next
            if position < open[top].values.count {
                if position > 0 { appendComma() }
                if pretty { newline(depth) }
                if open[top].isObject { appendKey(open[top].keys[position]) }
                pending = open[top].values[position]
                open[top].next = position + 1
            } else {
                if pretty { newline(depth - 1) }
                append(open[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                open.removeLast()
            }
        }
    }

    /// Writes anything but a non-empty container.
    @inline(__always)
    private mutating func writeScalar(_ value: borrowing JSONValue) {
        switch value {
        case .null: appendLiteral("null")
        case .bool(let bool): bool ? appendLiteral("true") : appendLiteral("false")
        case .integer(let integer): appendInteger(integer)
        case .unsigned(let unsigned): appendDecimal(unsigned)
        case .double(let double): appendDouble(double)
        case .bigNumber(let text): appendText(text)
        case .string(let string): appendString(string)
        case .array: appendLiteral("[]")
        case .object: appendLiteral("{}")
        }
    }

    private mutating func appendComma() {
        append(UInt8(ascii: ","))
        if count >= JSONValue.hashChunkSize, let flush {
            flush(bytes)
            count = 0
        }
    }

    /// A member's key with its `:` (and the space after it when pretty).
    private mutating func appendKey(_ key: borrowing String) {
        appendString(key)
        append(UInt8(ascii: ":"))
        if pretty { append(UInt8(ascii: " ")) }
    }

    private mutating func newline(_ indent: Int) {
        let spaces = indent * 2
        reserve(1 + spaces)
        base[count] = UInt8(ascii: "\n")
        (base + count + 1).initialize(repeating: UInt8(ascii: " "), count: spaces)
        count += 1 + spaces
    }

    // MARK: - Buffer

    /// Makes room for `needed` more bytes.
    @inline(__always)
    private mutating func reserve(_ needed: Int) {
        if capacity &- count < needed { grow(needed) }
    }

    /// Grows the buffer with `realloc`, which extends it where it lies when it can (a large buffer
    /// is remapped, not copied), where allocating anew would copy everything written so far.
    @inline(never)
    private mutating func grow(_ needed: Int) {
        let newCapacity = max(capacity * 2, count + needed)
        base = JSONTextWriter.reallocate(base, capacity: newCapacity)
        capacity = newCapacity
    }

    // Safe because the block always starts headerSize bytes before the text, and realloc keeps the written bytes.
    /// Grows (or, for `nil`, allocates) a text buffer with `realloc`. The block starts
    /// ``JSONTextBufferCache/headerSize`` bytes before the text, where the cache keeps the capacity.
    /// Running out of memory stops the process, as Swift's own allocations do.
    private static func reallocate(_ pointer: UnsafeMutablePointer<UInt8>?, capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let block = pointer.map { UnsafeMutableRawPointer($0) - JSONTextBufferCache.headerSize }
        guard let raw = realloc(block, capacity + JSONTextBufferCache.headerSize) else {
            fatalError("JSONTextWriter: out of memory growing the text buffer to \(capacity) bytes.")
        }
        return (raw + JSONTextBufferCache.headerSize).assumingMemoryBound(to: UInt8.self)
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    mutating func appendLiteral(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        (base + count).initialize(from: text.utf8Start, count: length)
        count &+= length
    }

    /// Text that needs no escaping, such as the digits of a `.bigNumber`.
    mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            reserve(utf8.count)
            if let source = utf8.baseAddress { (base + count).initialize(from: source, count: utf8.count) }
            count &+= utf8.count
        }
    }

    // MARK: - Numbers

    private mutating func appendInteger(_ integer: Int64) {
        if integer < 0 { append(UInt8(ascii: "-")) }
        appendDecimal(integer.magnitude)
    }

    /// Writes the digits in place, after counting them.
    private mutating func appendDecimal(_ value: UInt64) {
        let length = JSONTextWriter.decimalLength(value)
        reserve(length)
        JSONTextWriter.writeDecimal(value, endingAt: base + count + length)
        count &+= length
    }

    // Safe because callers give at least 20 writable bytes before end, the most a UInt64 needs.
    /// Writes the decimal digits of `value` so that the last one is just before `end`, two at a time
    /// from the end; returns where the first one is.
    @discardableResult
    package static func writeDecimal(_ value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let pairs = JSONTextWriter.digitPairs.utf8Start
        var end = end
        var remaining = value
        while remaining >= 100 {
            let pair = Int(remaining % 100) &* 2
            remaining /= 100
            end -= 2
            end[0] = pairs[pair]
            end[1] = pairs[pair &+ 1]
        }
        if remaining >= 10 {
            let pair = Int(remaining) &* 2
            end[-2] = pairs[pair]
            end[-1] = pairs[pair &+ 1]
            return end - 2
        }
        end[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
        return end - 1
    }

    // Safe because 24 stack bytes hold the 20 digits at most, and the view is used only in the closure.
    /// Appends the decimal digits of `value` to `bytes`, for writers of other formats in this package
    /// (the journal's line framing).
    package static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        // Twenty digits at most, written backwards into a stack buffer, then appended in one copy.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            let base = buffer.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
            let start = writeDecimal(value, endingAt: base + 24)
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: base + 24 - start))
        }
    }

    /// "00" through "99", so a division by 100 yields two digits at once.
    private static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
    }

    /// How many decimal digits `value` has.
    package static func decimalLength(_ value: UInt64) -> Int {
        var length = 1
        var bound: UInt64 = 10
        while value >= bound {
            length += 1
            // 10^19 is the largest power of ten in a UInt64, and every value below it has <= 19 digits.
            if length == 20 { break }
            bound &*= 10
        }
        return length
    }

    private mutating func appendDouble(_ double: Double) {
        // Swift's description is the shortest text that round-trips, keeps `.0` on integral values
        // and writes exponents as `1e-05`/`1e+16`, all of which are valid JSON numbers.
        guard double.isFinite else { return appendLiteral("null") }
        appendText(double.description)
    }

    // MARK: - Strings

    /// Writes `string` quoted, escaping `"`, `\` and control characters.
    mutating func appendString(_ string: borrowing String) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendQuoted($0) }
        if done == nil {
            var string = copy string
            string.withUTF8 { appendQuoted($0) }
        }
    }

    // Safe because room for the source, the quotes and a word of slack is reserved before any copy, as the paragraph
    // above says.
    /// Copies eight bytes at a time while none of them needs escaping, and the last few bytes as
    /// one word too. The room reserved up front always covers the rest of the source, the closing
    /// quote and one word of slack, so plain copies need no check and each escape reserves only
    /// for its own growth.
    private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        let length = utf8.count
        reserve(length + 10)
        base[count] = UInt8(ascii: "\"")
        count &+= 1
        if let source = utf8.baseAddress {
            var position = 0
            while true {
                var special: UInt64 = 0
                while position &+ 8 <= length {
                    let word = UnsafeRawPointer(source + position).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(base + count).storeBytes(of: word, as: UInt64.self)
                    special = JSONTextWriter.escapeMask(UInt64(littleEndian: word))
                    if special != 0 { break }
                    position &+= 8
                    count &+= 8
                }
                if special == 0 {
                    let rest = length &- position
                    if rest == 0 { break }
                    let word = JSONTextWriter.loadTail(source + position, count: rest)
                    UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt64.self)
                    special = JSONTextWriter.escapeMask(word)
                    if special == 0 {
                        count &+= rest
                        break
                    }
                }
                let cleanBytes = special.trailingZeroBitCount >> 3
                position &+= cleanBytes
                count &+= cleanBytes
                reserve(length &- position &+ 14)
                appendEscape(source[position])
                position &+= 1
            }
        }
        base[count] = UInt8(ascii: "\"")
        count &+= 1
    }

    // Safe because only count (1 to 7) bytes are read from source.
    /// The `count` (1 to 7) bytes at `source` as the low end of a little-endian word whose other
    /// bytes are filled with `A`, which needs no escape.
    @inline(__always)
    static func loadTail(_ source: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(source)
        var word: UInt64 = 0
        var shift: UInt64 = 0
        if count & 4 != 0 {
            word = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            shift = 32
        }
        if count & 2 != 0 {
            let pair = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: Int(shift >> 3), as: UInt16.self))
            word |= UInt64(pair) << shift
            shift &+= 16
        }
        if count & 1 != 0 {
            word |= UInt64(raw.load(fromByteOffset: Int(shift >> 3), as: UInt8.self)) << shift
            shift &+= 8
        }
        return word | 0x4141_4141_4141_4141 << shift
    }

    /// The high bit of each byte of `word` (bytes in memory order from the low end) that is a
    /// control character, `"` or `\`. Bits above the lowest set one may be spurious, because a
    /// match borrows from the byte above it, but the lowest set bit is always a real match.
    @inline(__always)
    static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (control | quote | backslash) & highBits
    }

    /// Writes the escape for a control character, `"` or `\`; the room is already reserved.
    private mutating func appendEscape(_ byte: UInt8) {
        let short: UInt8
        switch byte {
        case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        default:
            let hexDigits = JSONTextWriter.hexDigits.utf8Start
            base[count] = UInt8(ascii: "\\")
            base[count &+ 1] = UInt8(ascii: "u")
            base[count &+ 2] = UInt8(ascii: "0")
            base[count &+ 3] = UInt8(ascii: "0")
            base[count &+ 4] = hexDigits[Int(byte >> 4)]
            base[count &+ 5] = hexDigits[Int(byte & 0xF)]
            count &+= 6
            return
        }
        base[count] = UInt8(ascii: "\\")
        base[count &+ 1] = short
        count &+= 2
    }

    private static var hexDigits: StaticString { "0123456789abcdef" }
}
