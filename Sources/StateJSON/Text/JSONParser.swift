/// A strict RFC 8259 parser that turns UTF-8 bytes into a ``JSONValue``.
///
/// The parser accepts exactly the JSON grammar: no comments, trailing commas, leading zeros,
/// `NaN`/`Infinity`, single quotes, unescaped control characters, ill-formed UTF-8 or unpaired
/// surrogate escapes. Nesting deeper than ``Limits/maxDepth`` fails with
/// ``JSONParseError/Code/tooDeep``, and past a few dozen levels the parser keeps its open containers
/// on an explicit stack rather than recursing, so even the deepest accepted input cannot exhaust a
/// small thread stack. When an object repeats a key, the last member wins, unless the parser is made
/// with ``RepeatedKeys/rejected``, which fails with ``JSONParseError/Code/repeatedKey``.
///
/// Numbers keep their exact value. Integers become `.integer`, `.unsigned`, or `.bigNumber` with the
/// original text; numbers with a fraction or exponent become `.double` when the nearest `Double` is
/// that number written shortest (as the serializer writes every `.double`, and as any number of up
/// to 15 significant digits is), and otherwise keep their text in `.bigNumber`: a high-precision
/// `Decimal`, a number a `Double` cannot hold, or one beyond a `Double`'s range.
/// ``JSONValue/doubleValue`` reads any of them as the nearest `Double`.
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

    /// What an object that names a key twice parses as.
    public enum RepeatedKeys: Sendable, Hashable {
        /// The last member with the key wins, as most JSON readers do.
        case lastWins
        /// The object is an error: what a reader whose input has one meaning only needs (RFC 8259
        /// leaves repeated names to each reader, so two readers could see two values).
        case rejected
    }

    /// The limits this parser enforces.
    public var limits: Limits
    /// What an object that names a key twice parses as.
    public var repeatedKeys: RepeatedKeys

    /// A parser enforcing `limits`, reading an object that repeats a key as `repeatedKeys` says.
    public init(limits: Limits = .default, repeatedKeys: RepeatedKeys = .lastWins) {
        self.limits = limits
        self.repeatedKeys = repeatedKeys
    }

    /// Parses one JSON value, surrounded by optional whitespace, from UTF-8 bytes.
    ///
    /// Contiguous collections (`[UInt8]`, `ArraySlice<UInt8>`, buffers) are read in place; other
    /// collections are copied into an array first.
    ///
    /// - Throws: ``JSONParseError`` with the line, column and byte offset of the first problem.
    public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let maxDepth = limits.maxDepth
        let rejects = repeatedKeys == .rejected
        let result = bytes.withContiguousStorageIfAvailable {
            JSONParserCore.parse($0, maxDepth: maxDepth, rejectsRepeatedKeys: rejects)
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
        let rejects = repeatedKeys == .rejected
        let result = text.withUTF8 { JSONParserCore.parse($0, maxDepth: maxDepth, rejectsRepeatedKeys: rejects) }
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

    /// Nesting handled by recursion; deeper containers go to ``parseIteratively(depth:)``.
    static let maxRecursionDepth = 64

    // Safe because the parser lives inside the parse(_:maxDepth:rejectsRepeatedKeys:) call that holds the input and the scratch buffers
    // alive, and every read is checked against their counts.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    /// Whether an object that names a key twice is an error (``JSONParser/RepeatedKeys/rejected``).
    private let rejectsRepeatedKeys: Bool
    private var index = 0
    /// Recent keys by a hash of their bytes; one entry per slot, the last key seen wins. Only the
    /// slots in ``cachedSlots`` are initialized, so a small document does not pay for the rest.
    private let keyCache: UnsafeMutableBufferPointer<KeyCacheEntry>
    private var cachedSlots: UInt64 = 0
    /// Per depth, the keys of the last object closed there (see ``keyTemplate(_:)``); only the
    /// depths in ``templateDepths`` are initialized.
    private let keyTemplates: UnsafeMutableBufferPointer<[String]>
    private var templateDepths: UInt64 = 0
    /// Per depth below ``rangeDepths``, the start and length in the input of each key of the
    /// template (see ``matchesTemplateKey(_:_:)``); valid for the depths in ``templateRangeDepths``.
    private let templateKeyRanges: UnsafeMutableBufferPointer<Int32>
    /// Per template key recorded in ``templateKeyRanges``, for a key of at most 7 bytes: its bytes
    /// and closing quote as one little-endian word, so a sibling's key is matched with one load and
    /// one comparison; 0 for a longer key (no real word is 0: it holds a quote).
    private let templateKeyWords: UnsafeMutableBufferPointer<UInt64>
    private var templateRangeDepths: UInt64 = 0
    static let rangeDepths = 8
    static let rangesPerDepth = 16
    /// Per depth, the size of the container last closed there (see ``sizeHint(_:)``).
    private let sizeHints: UnsafeMutableBufferPointer<Int>
    /// The raw content of the string ``parseString(interning:)`` or ``matchesTemplateKey(_:_:)`` read
    /// last, or -1..<-1 when it had escapes.
    private var lastKeyRange = 0..<0
    /// Reused for strings with escapes so each one does not allocate its own buffer.
    private var scratch: [UInt8] = []

    /// A key and where its raw bytes are in the input.
    struct KeyCacheEntry {
        var start: Int32
        var count: Int32
        var key: String
    }

    /// A power of two, at most 64 (the bits of ``cachedSlots``), and small enough that the cache
    /// fits the stack allocation of `withUnsafeTemporaryAllocation`.
    static let keyCacheSize = 32
    static let longestCachedKey = 32

    // Safe because the buffers come from parse(_:maxDepth:rejectsRepeatedKeys:), which keeps them alive for the
    // parser's whole life.
    init(
        bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, rejectsRepeatedKeys: Bool, sizeHints: UnsafeMutableBufferPointer<Int>,
        keyCache: UnsafeMutableBufferPointer<KeyCacheEntry>, keyTemplates: UnsafeMutableBufferPointer<[String]>,
        templateKeyRanges: UnsafeMutableBufferPointer<Int32>, templateKeyWords: UnsafeMutableBufferPointer<UInt64>
    ) {
        self.keyTemplates = keyTemplates
        self.templateKeyRanges = templateKeyRanges
        self.templateKeyWords = templateKeyWords
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.rejectsRepeatedKeys = rejectsRepeatedKeys
        self.sizeHints = sizeHints
        self.keyCache = keyCache
    }

    // Safe because the temporary buffers live for the call and the parser does not outlive it.
    /// Parses one document from `bytes`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, rejectsRepeatedKeys: Bool = false) -> Result<JSONValue, JSONParseError> {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: maxRecursionDepth) { sizeHints in
            sizeHints.initialize(repeating: 0)
            return withUnsafeTemporaryAllocation(of: KeyCacheEntry.self, capacity: keyCacheSize) { keyCache in
                withUnsafeTemporaryAllocation(of: [String].self, capacity: maxRecursionDepth) { keyTemplates in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: rangeDepths * rangesPerDepth * 2) { ranges in
                        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: rangeDepths * rangesPerDepth) { words in
                            var core = JSONParserCore(
                                bytes: bytes, maxDepth: maxDepth, rejectsRepeatedKeys: rejectsRepeatedKeys,
                                sizeHints: sizeHints, keyCache: keyCache,
                                keyTemplates: keyTemplates, templateKeyRanges: ranges, templateKeyWords: words)
                            defer { core.releaseCaches() }
                            return Result { () throws(JSONParseError) -> JSONValue in try core.parseDocument() }
                        }
                    }
                }
            }
        }
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        if index == bytes.count {
            throw failure(.emptyInput, "the input is empty; expected a JSON value.", at: index)
        }
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw failure(
                .trailingCharacters, "unexpected \(describeByte(at: index)) after the end of the JSON value.",
                at: index)
        }
        return value
    }

    /// Parses the value at `index`, which sits inside `depth` containers. Recursion is faster than
    /// the explicit stack of ``parseIteratively(depth:)`` because each container's members stay in
    /// local arrays; it hands over to that stack before the thread stack could be at risk.
    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else {
            throw failure(.unexpectedEndOfInput, "unexpected end of input; expected a value.", at: index)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            if depth >= JSONParserCore.maxRecursionDepth { return try parseIteratively(depth: depth) }
            return try parseObject(depth: depth)
        case UInt8(ascii: "["):
            if depth >= JSONParserCore.maxRecursionDepth { return try parseIteratively(depth: depth) }
            return try parseArray(depth: depth)
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return .null
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            if let integer = parseShortInteger() { return integer }
            return try parseNumber()
        case UInt8(ascii: "-"), UInt8(ascii: "0"):
            return try parseNumber()
        default:
            throw unexpectedValueStart()
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        var elements: [JSONValue] = []
        elements.reserveCapacity(sizeHint(depth))
        let start = index
        while true {
            if elements.count == elements.capacity, elements.count >= 16 {
                elements.reserveCapacity(grownCapacity(elements.count, bytesSoFar: index - start))
            }
            elements.append(try parseValue(depth: depth + 1))
            if try continuesAfterMember(inObject: false) { continue }
            setSizeHint(depth, elements.count)
            return .array(elements)
        }
    }

    /// The capacity for an array that has filled `count` slots from `bytesSoFar` bytes of input: room
    /// for as many more elements of that average size as the rest of the input could hold, at most
    /// four times as many as now, and at least twice. A long array (the rows of a table) then grows
    /// in one or two steps instead of doubling ten times, each time copying everything and asking
    /// the allocator for a larger block.
    private func grownCapacity(_ count: Int, bytesSoFar: Int) -> Int {
        let perElement = max(1, bytesSoFar / count)
        let fits = count + (bytes.count - index) / perElement + 1
        return min(max(fits, count * 2), count * 4)
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject())
        }
        let capacity = sizeHint(depth)
        var values = JSONValueStorageBuilder(capacity: capacity)
        // Sibling objects (rows of a table) usually have the same keys: while this object's keys
        // match those of the last one closed at this depth, that array is shared instead of built.
        let template = keyTemplate(depth)
        var matchesTemplate = template != nil
        var keys: [String] = []
        // Canonical text has its keys sorted, so that is checked on the raw bytes as they arrive and
        // the object is built without a sort.
        var sorted = true
        var previousKey = 0..<0
        // Whether every key so far is recorded in ``templateKeyRanges`` for the next sibling.
        var rangesRecorded = depth < JSONParserCore.rangeDepths
        var afterComma = false
        let templateSlots = templateKeySlots(depth)
        while true {
            let position = values.count
            if matchesTemplate, let template, position < template.count, matchesTemplateKey(templateSlots, position) {
                // The same bytes as the template's key here, so the same key: no string is made. The
                // template's keys are sorted and its recorded range already has these bytes, so
                // neither the order check nor the range record is needed.
                try parseColon()
                previousKey = lastKeyRange
                values.append(try parseValue(depth: depth + 1))
            } else {
                let key = try parseKey(afterComma: afterComma)
                if matchesTemplate, let template, position < template.count, JSONObject.sameKey(template[position], key) {
                    // Still the template's keys so far.
                } else {
                    if matchesTemplate, let template {
                        keys = Array(template[0..<position])
                        keys.reserveCapacity(capacity)
                    } else if keys.isEmpty {
                        keys.reserveCapacity(capacity)
                    }
                    matchesTemplate = false
                    keys.append(key)
                }
                if sorted, position > 0 {
                    sorted = lastKeyRange.lowerBound >= 0 && previousKey.lowerBound >= 0
                        && rawBytesPrecede(previousKey, lastKeyRange)
                }
                previousKey = lastKeyRange
                if rangesRecorded { rangesRecorded = recordTemplateKey(depth, position) }
                values.append(try parseValue(depth: depth + 1))
            }
            if try continuesAfterMember(inObject: true) {
                afterComma = true
                continue
            }
            setSizeHint(depth, values.count)
            if matchesTemplate, let template, template.count == values.count {
                setTemplateRangesValid(depth, rangesRecorded)
                return .object(JSONObject(uncheckedSortedKeys: template, storage: values.storage))
            }
            if matchesTemplate, let template { keys = Array(template[0..<values.count]) }
            guard sorted else {
                setTemplateRangesValid(depth, false)
                // Keys in order are unique, so only an object whose keys are out of order can repeat one.
                if rejectsRepeatedKeys { try refuseRepeatedKey(in: keys) }
                return .object(JSONKeyOrder.makeObject(keys: keys, storage: values.storage))
            }
            setKeyTemplate(depth, keys)
            setTemplateRangesValid(depth, rangesRecorded)
            return .object(JSONObject(uncheckedSortedKeys: keys, storage: values.storage))
        }
    }

    /// The keys of the last object with sorted, unique keys closed at `depth`.
    @inline(__always)
    private func keyTemplate(_ depth: Int) -> [String]? {
        guard depth < keyTemplates.count, templateDepths & (1 << UInt64(depth)) != 0 else { return nil }
        return keyTemplates[depth]
    }

    private mutating func setKeyTemplate(_ depth: Int, _ keys: [String]) {
        guard depth < keyTemplates.count else { return }
        if templateDepths & (1 << UInt64(depth)) != 0 {
            keyTemplates[depth] = keys
        } else {
            (keyTemplates.baseAddress.unsafelyUnwrapped + depth).initialize(to: keys)
            templateDepths |= 1 << UInt64(depth)
        }
    }

    /// Whether the raw bytes in `lhs` sort strictly before those in `rhs`; for keys without
    /// escapes that is the canonical key order.
    private func rawBytesPrecede(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Bool {
        let common = min(lhs.count, rhs.count)
        var offset = 0
        while offset < common {
            let left = bytes[lhs.lowerBound + offset]
            let right = bytes[rhs.lowerBound + offset]
            if left != right { return left < right }
            offset += 1
        }
        return lhs.count < rhs.count
    }

    /// The size of the container last closed at `depth`: siblings tend to have equal sizes (rows of
    /// a table), so reserving that much usually makes building a container one allocation.
    @inline(__always)
    private func sizeHint(_ depth: Int) -> Int {
        depth < sizeHints.count ? max(sizeHints[depth], 4) : 4
    }

    @inline(__always)
    private func setSizeHint(_ depth: Int, _ size: Int) {
        if depth < sizeHints.count { sizeHints[depth] = size }
    }

    /// Parses the container at `index`, which sits inside `baseDepth` containers, keeping open
    /// containers on an explicit stack instead of recursing.
    private mutating func parseIteratively(depth baseDepth: Int) throws(JSONParseError) -> JSONValue {
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
                try checkDepth(baseDepth + frames.count)
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
                try checkDepth(baseDepth + frames.count)
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
                frames[top].values.append(value)
                if try continuesAfterMember(inObject: isObject) {
                    if isObject { frames[top].keys.append(try parseKey(afterComma: true)) }
                    continue parsing
                }
                let frame = frames.removeLast()
                if isObject, rejectsRepeatedKeys { try refuseRepeatedKey(in: frame.keys) }
                if top < sizeHints.count {
                    sizeHints[top] = frame.values.count
                } else {
                    sizeHints.append(frame.values.count)
                }
                value = isObject ? .object(JSONKeyOrder.makeObject(keys: frame.keys, values: frame.values)) : .array(frame.values)
            }
            break parsing
        }
        return value
    }

    // MARK: - Structure

    /// Reads what follows a member of an array or an object: `true` past a ',' and the whitespace
    /// after it, `false` past the closing bracket. A ',' just before an array's ']' is refused here;
    /// an object's is refused by ``parseKey(afterComma:)``.
    @inline(__always)
    private mutating func continuesAfterMember(inObject: Bool) throws(JSONParseError) -> Bool {
        // Canonical text: a comma right after the member and the next member right after the comma
        // (a closing bracket there is the trailing comma the slow path below reports).
        if index &+ 1 < bytes.count, bytes[index] == UInt8(ascii: ","), bytes[index &+ 1] > UInt8(ascii: " "),
            bytes[index &+ 1] != UInt8(ascii: "]")
        {
            index &+= 1
            return true
        }
        skipWhitespace()
        let expected = inObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
        guard index < bytes.count else {
            throw failure(.unexpectedEndOfInput, "unexpected end of input; expected \(expected).", at: index)
        }
        let byte = bytes[index]
        if byte == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            if !inObject, index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                throw failure(.unexpectedCharacter, "a trailing comma before ']' is not allowed.", at: index)
            }
            return true
        }
        guard byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
            throw failure(.unexpectedCharacter, "expected \(expected).", at: index)
        }
        index += 1
        return false
    }

    @inline(__always)
    private func checkDepth(_ depth: Int) throws(JSONParseError) {
        if depth >= maxDepth { throw tooDeep() }
    }

    /// Fails, at the object's closing brace, when `keys` (an object's keys in input order) names one
    /// key twice.
    @inline(never)
    private func refuseRepeatedKey(in keys: [String]) throws(JSONParseError) {
        guard keys.count > 1 else { return }
        if !keys.indices.dropFirst().contains(where: { !JSONKeyOrder.precedes(keys[$0 - 1], keys[$0]) }) { return }
        let sorted = keys.sorted(by: JSONKeyOrder.precedes)
        for position in sorted.indices.dropFirst() where JSONObject.sameKey(sorted[position - 1], sorted[position]) {
            let key = JSONValue.string(sorted[position]).canonicalText
            throw failure(.repeatedKey, "the object names the key \(key) more than once.", at: max(0, index - 1))
        }
    }

    @inline(never)
    private func tooDeep() -> JSONParseError {
        failure(.tooDeep, "arrays and objects are nested deeper than the limit of \(maxDepth).", at: index)
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
        let key = try parseString(interning: true)
        try parseColon()
        return key
    }

    /// Reads the `:` after a key and the whitespace around it.
    @inline(__always)
    private mutating func parseColon() throws(JSONParseError) {
        // Canonical text: the colon right after the key and the value right after the colon.
        if index &+ 1 < bytes.count, bytes[index] == UInt8(ascii: ":"), bytes[index &+ 1] > UInt8(ascii: " ") {
            index &+= 1
            return
        }
        try parseSpacedColon()
    }

    @inline(never)
    private mutating func parseSpacedColon() throws(JSONParseError) {
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
    }

    /// Where the keys recorded for the template at `depth` start in ``templateKeyRanges`` (twice
    /// this) and ``templateKeyWords``, or -1 when none are recorded there. Nothing closes at `depth`
    /// while an object at `depth` is open, so this holds for all of that object's keys.
    @inline(__always)
    private func templateKeySlots(_ depth: Int) -> Int {
        guard depth < JSONParserCore.rangeDepths, templateRangeDepths & (1 << UInt64(depth)) != 0 else { return -1 }
        return depth &* JSONParserCore.rangesPerDepth
    }

    /// Whether the key at `index` has exactly the raw bytes of the template's key at `position`
    /// (which had no escapes), given the object's ``templateKeySlots(_:)``; if so, moves past it and
    /// records its range in ``lastKeyRange``.
    @inline(__always)
    private mutating func matchesTemplateKey(_ slots: Int, _ position: Int) -> Bool {
        guard slots >= 0, position < JSONParserCore.rangesPerDepth, let base = bytes.baseAddress else { return false }
        let key = slots &+ position
        let word = templateKeyWords[key]
        let content = index &+ 1
        // Safe because the guard above ensures eight bytes are readable at content.
        guard word != 0, content &+ 8 <= bytes.count else { return matchesLongTemplateKey(key) }
        // The key's bytes and its closing quote, compared as one word.
        let length = Int(truncatingIfNeeded: templateKeyRanges[key &* 2 &+ 1])
        let mask = UInt64.max &>> UInt64(truncatingIfNeeded: (7 &- length) &* 8)
        let candidate = UInt64(littleEndian: UnsafeRawPointer(base + content).loadUnaligned(as: UInt64.self))
        guard base[index] == UInt8(ascii: "\""), candidate & mask == word else { return false }
        lastKeyRange = content..<(content &+ length)
        index = content &+ length &+ 1
        return true
    }

    /// ``matchesTemplateKey(_:_:)`` for a key longer than 7 bytes, or near the end of the input.
    @inline(never)
    private mutating func matchesLongTemplateKey(_ key: Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let start = Int(templateKeyRanges[key * 2])
        let length = Int(templateKeyRanges[key * 2 + 1])
        let content = index + 1
        guard content + length < bytes.count, bytes[index] == UInt8(ascii: "\""),
            bytes[content + length] == UInt8(ascii: "\"")
        else { return false }
        // Safe because both ranges are inside the input: the template key was read from it, and the candidate is
        // checked against bytes.count above.
        let template = UnsafeRawPointer(base + start)
        let candidate = UnsafeRawPointer(base + content)
        var offset = 0
        while offset &+ 8 <= length {
            let left = template.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if left != candidate.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset &+= 8
        }
        if offset < length {
            let rest = length &- offset
            let left = JSONTextWriter.loadTail(base + start + offset, count: rest)
            if left != JSONTextWriter.loadTail(base + content + offset, count: rest) { return false }
        }
        lastKeyRange = content..<(content + length)
        index = content + length + 1
        return true
    }

    /// Records ``lastKeyRange`` as the raw key at `position` of the object at `depth`; `false`
    /// when it cannot be (it had escapes, or there is no room).
    @inline(__always)
    private func recordTemplateKey(_ depth: Int, _ position: Int) -> Bool {
        guard position < JSONParserCore.rangesPerDepth, lastKeyRange.lowerBound >= 0,
            let start = Int32(exactly: lastKeyRange.lowerBound), let length = Int32(exactly: lastKeyRange.count)
        else { return false }
        let key = depth * JSONParserCore.rangesPerDepth + position
        templateKeyRanges[key * 2] = start
        templateKeyRanges[key * 2 + 1] = length
        // Safe because the word is read only when eight bytes remain (checked on the same line).
        // The key's bytes and closing quote, when they fit in a word and a whole word can be read.
        var word: UInt64 = 0
        if length <= 7, lastKeyRange.lowerBound + 8 <= bytes.count, let base = bytes.baseAddress {
            let raw = UInt64(littleEndian: UnsafeRawPointer(base + lastKeyRange.lowerBound).loadUnaligned(as: UInt64.self))
            word = raw & (UInt64.max >> UInt64((7 - Int(length)) * 8))
        }
        templateKeyWords[key] = word
        return true
    }

    private mutating func setTemplateRangesValid(_ depth: Int, _ valid: Bool) {
        guard depth < JSONParserCore.rangeDepths else { return }
        if valid {
            templateRangeDepths |= 1 << UInt64(depth)
        } else {
            templateRangeDepths &= ~(1 << UInt64(depth))
        }
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

    /// The canonical form of most numbers in a state (ids, counts, ages) read in one short loop: up
    /// to 18 digits, the first not 0, ended by ',', '}' or ']'. Anything else (a sign, a fraction, an
    /// exponent, more digits, another byte after it, the end of the input) returns `nil` without
    /// moving, and ``parseNumber()`` reads it.
    @inline(__always)
    private mutating func parseShortInteger() -> JSONValue? {
        var cursor = index
        var value: Int64 = 0
        let end = min(bytes.count, index &+ 18)
        while cursor < end {
            let digit = bytes[cursor] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int64(digit)
            cursor &+= 1
        }
        guard cursor < bytes.count else { return nil }
        let next = bytes[cursor]
        guard next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == UInt8(ascii: "]") else { return nil }
        index = cursor
        return .integer(value)
    }

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
            if negative { double = -double }
            // Every decimal of up to 15 significant digits is the shortest text of its nearest normal
            // Double, so it reads back as written.
            if significantDigits <= 15 { return .double(double) }
            return keepingDigits(double, from: start)
        }
        guard let double = Double(numberText(from: start)), double.isFinite, double != 0 || !nonzero else {
            return .bigNumber(numberText(from: start))
        }
        return keepingDigits(double, from: start)
    }

    // Safe because start..<index lies inside the input, which is alive for the parse.
    /// `.double(double)` when `double`, the nearest Double to the number that starts at `start`,
    /// writes back as that same number; otherwise the number's text, so that parsing loses no digit
    /// (a `Decimal` of 30 digits, a 17-digit value that is not a Double's shortest text).
    private func keepingDigits(_ double: Double, from start: Int) -> JSONValue {
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if JSONParserCore.sameNumber(text, double.description.utf8) { return .double(double) }
        return .bigNumber(numberText(from: start))
    }

    /// Whether two JSON number texts have the same value and the same sign (`-0.0` is kept apart
    /// from `0.0`).
    static func sameNumber(_ left: some Collection<UInt8>, _ right: some Collection<UInt8>) -> Bool {
        guard let left = JSONDecimal(left), let right = JSONDecimal(right) else { return false }
        return left.hasMinusSign == right.hasMinusSign && JSONDecimal.compare(left, right) == 0
    }

    // Safe because start..<index lies inside the input, which is alive for the parse.
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

    /// Reads the string at `index`, checking eight bytes at a time for a quote, a backslash, a
    /// control character or a non-ASCII byte; only text with non-ASCII bytes needs the validating
    /// decoder that reports ill-formed UTF-8. Keys (`interning`) are looked up in ``keyCache``
    /// first, since a document usually repeats the same few keys many times.
    private mutating func parseString(interning: Bool = false) throws(JSONParseError) -> String {
        let quote = index
        let start = index + 1
        var cursor = start
        var ascii = true
        guard let base = bytes.baseAddress else {
            throw failure(.unexpectedEndOfInput, "the string that starts here has no closing quote.", at: quote)
        }
        while cursor < bytes.count {
            // Safe because words are read only while eight bytes remain.
            while cursor &+ 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
                if word & 0x8080_8080_8080_8080 != 0 { ascii = false }
                let special = JSONTextWriter.escapeMask(word)
                if special != 0 {
                    cursor &+= special.trailingZeroBitCount >> 3
                    break
                }
                cursor &+= 8
            }
            guard cursor < bytes.count else { break }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                lastKeyRange = start..<cursor
                if interning, let key = cachedKey(start..<cursor) { return key }
                let content = UnsafeBufferPointer(rebasing: bytes[start..<cursor])
                let string: String
                if ascii {
                    // Written straight into the string's own storage (or its inline small form), so
                    // the bytes are not first wrapped and re-dispatched as `String(decoding:as:)` does.
                    string = String(unsafeUninitializedCapacity: content.count) { storage in
                        guard let target = storage.baseAddress, let source = content.baseAddress else { return 0 }
                        target.initialize(from: source, count: content.count)
                        return content.count
                    }
                } else if let valid = String(validUTF8: content) {
                    string = valid
                } else {
                    throw invalidUTF8(in: start..<cursor)
                }
                if interning { cacheKey(string, start..<cursor) }
                return string
            }
            if byte == UInt8(ascii: "\\") {
                lastKeyRange = -1 ..< -1
                return try parseEscapedString(quote: quote, start: start, firstEscape: cursor)
            }
            if byte < 0x20 { throw controlCharacter(at: cursor) }
            if byte >= 0x80 { ascii = false }
            cursor += 1
        }
        throw failure(.unexpectedEndOfInput, "the string that starts here has no closing quote.", at: quote)
    }

    /// A key read before whose raw bytes equal those in `range`.
    @inline(__always)
    private func cachedKey(_ range: Range<Int>) -> String? {
        guard range.count <= JSONParserCore.longestCachedKey else { return nil }
        let slot = keySlot(range)
        guard cachedSlots & (1 << UInt64(slot)) != 0 else { return nil }
        let entry = keyCache[slot]
        guard entry.count == range.count else { return nil }
        guard let base = bytes.baseAddress else { return nil }
        // Safe because both keys lie inside the input and have the same length (checked above), and reads stop at that
        // length.
        let cached = UnsafeRawPointer(base + Int(entry.start))
        let candidate = UnsafeRawPointer(base + range.lowerBound)
        var offset = 0
        while offset &+ 8 <= range.count {
            let left = cached.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if left != candidate.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return nil }
            offset &+= 8
        }
        if offset < range.count {
            let rest = range.count &- offset
            let left = JSONTextWriter.loadTail(base + Int(entry.start) + offset, count: rest)
            if left != JSONTextWriter.loadTail(base + range.lowerBound + offset, count: rest) { return nil }
        }
        return entry.key
    }

    private mutating func cacheKey(_ key: String, _ range: Range<Int>) {
        guard range.count <= JSONParserCore.longestCachedKey, let start = Int32(exactly: range.lowerBound) else { return }
        let slot = keySlot(range)
        let entry = KeyCacheEntry(start: start, count: Int32(range.count), key: key)
        if cachedSlots & (1 << UInt64(slot)) != 0 {
            keyCache[slot] = entry
        } else {
            (keyCache.baseAddress.unsafelyUnwrapped + slot).initialize(to: entry)
            cachedSlots |= 1 << UInt64(slot)
        }
    }

    /// Deinitializes the entries of ``keyCache`` and ``keyTemplates`` in use.
    mutating func releaseCaches() {
        while templateDepths != 0 {
            let depth = templateDepths.trailingZeroBitCount
            (keyTemplates.baseAddress.unsafelyUnwrapped + depth).deinitialize(count: 1)
            templateDepths &= templateDepths &- 1
        }
        while cachedSlots != 0 {
            let slot = cachedSlots.trailingZeroBitCount
            (keyCache.baseAddress.unsafelyUnwrapped + slot).deinitialize(count: 1)
            cachedSlots &= cachedSlots &- 1
        }
    }

    @inline(__always)
    private func keySlot(_ range: Range<Int>) -> Int {
        var hash = range.count &* 31
        if !range.isEmpty {
            hash = hash &+ Int(bytes[range.lowerBound]) &* 7 &+ Int(bytes[range.upperBound &- 1])
            hash ^= Int(bytes[range.lowerBound &+ range.count >> 1]) &* 131
        }
        return hash & (JSONParserCore.keyCacheSize - 1)
    }

    private mutating func parseEscapedString(quote: Int, start: Int, firstEscape: Int) throws(JSONParseError)
        -> String
    {
        scratch.removeAll(keepingCapacity: true)
        // Safe because start..<firstEscape lies inside the input.
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<firstEscape]))
        var cursor = firstEscape
        while cursor < bytes.count {
            let byte = bytes[cursor]
            switch byte {
            case UInt8(ascii: "\""):
                index = cursor + 1
                if let string = String(validUTF8: scratch) { return string }
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
