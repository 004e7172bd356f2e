import StateJSON

extension JSONPath {
    /// The ways `partial` can continue in `document`, for tab completion in a REPL.
    ///
    /// The text after the last `.` or `[` is taken as the segment being typed; the path before it
    /// is evaluated, and every member name (and, for arrays, index and `[*]`) that extends the
    /// typed segment is offered as a whole path text. Indices are offered up to `maxIndices`; after
    /// an array, `.count` is offered too (see ``JSONPath`` for what it selects).
    ///
    /// ```swift
    /// let state: JSONValue = ["users": [["age": 30, "name": "Blob"]], "userCount": 1]
    /// JSONPath.completions(for: ".us", in: state)          // [".userCount", ".users"]
    /// JSONPath.completions(for: ".users[0].", in: state)   // [".users[0].age", ".users[0].name"]
    /// JSONPath.completions(for: ".users[", in: state)      // [".users[0]", ".users[*]"]
/// JSONPath.completions(for: ".users.", in: state)      // [".users.count", ".users[0]", ".users[*]"]
    /// JSONPath.completions(for: "..na", in: state)         // ["..name"]
    /// ```
    public static func completions(for partial: String, in document: JSONValue, maxIndices: Int = 10) -> [String] {
        let bytes = Array(partial.utf8)
        let cut = lastSegmentStart(bytes)
        let prefixText = String(decoding: bytes[..<cut], as: UTF8.self)
        let typed = String(decoding: bytes[cut...], as: UTF8.self)
        let descendant = typed.hasPrefix("..")
        let base: JSONPath
        if prefixText.isEmpty {
            base = .root
        } else if let parsed = try? JSONPath(parsing: prefixText) {
            base = parsed
        } else {
            return []
        }

        var candidates = Set<String>()
        let atRoot = prefixText.isEmpty
        var keys = Set<String>()
        var longestArray = -1
        for value in base.values(in: document).prefix(1000) {
            if descendant {
                collectKeys(value, into: &keys, limit: 1000)
                continue
            }
            switch value {
            case .object(let object): keys.formUnion(object.keys)
            case .array(let array): longestArray = max(longestArray, array.count)
            default: break
            }
        }
        for key in keys {
            let segment = JSONPath(segments: [descendant ? .descendant(key) : .member(key)]).description
            candidates.insert(!atRoot && segment.hasPrefix(".[") ? String(segment.dropFirst()) : segment)
        }
        if longestArray >= 0 {
            if !descendant, !keys.contains(countName) {
                candidates.insert(JSONPath(segments: [.member(countName)]).description)
            }
            let opener = atRoot ? ".[" : "["
            candidates.insert(opener + "*]")
            for index in 0..<min(longestArray, maxIndices) { candidates.insert(opener + String(index) + "]") }
        }
        let matching = candidates.filter { segment in
            typed.isEmpty || segment.hasPrefix(typed) || (typed == "." && segment.hasPrefix("["))
        }
        return matching.map { prefixText + $0 }.sorted(by: completionOrder)
    }

    /// Where the segment being typed starts: the last `.` or `[` outside a string literal.
    private static func lastSegmentStart(_ bytes: [UInt8]) -> Int {
        var start = 0
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: ".") {
                // `..` and `.[` belong to the segment that follows.
                let continues = index > 0 && bytes[index - 1] == UInt8(ascii: ".") && index - 1 == start
                if !continues { start = index }
            }
            index += 1
        }
        return start
    }

    private static func collectKeys(_ value: JSONValue, into keys: inout Set<String>, limit: Int) {
        guard keys.count < limit else { return }
        switch value {
        case .object(let object):
            keys.formUnion(object.keys)
            for child in object.values { collectKeys(child, into: &keys, limit: limit) }
        case .array(let array):
            for child in array { collectKeys(child, into: &keys, limit: limit) }
        default:
            break
        }
    }

    /// Names before brackets, indices in numeric order, `[*]` after the indices.
    private static func completionOrder(_ lhs: String, _ rhs: String) -> Bool {
        func key(_ text: String) -> (Int, Int, String) {
            guard text.hasSuffix("]"), let open = text.lastIndex(of: "[") else { return (0, 0, text) }
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
            if let number = Int(inside) { return (1, number, text) }
            return inside == "*" ? (2, 0, text) : (0, 0, text)
        }
        let left = key(lhs)
        let right = key(rhs)
        if left.0 != right.0 { return left.0 < right.0 }
        if left.1 != right.1 { return left.1 < right.1 }
        return left.2 < right.2
    }
}
