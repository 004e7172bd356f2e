import StateJSON

/// Renders coding paths the way a person reads them: `users[3].address.city`.
enum JSONCodingPath {
    static func render(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top-level value" }
        var text = ""
        for key in path {
            if let index = key as? JSONIndexKey {
                text += "[\(index.index)]"
            } else if isPlainIdentifier(key.stringValue) {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            } else {
                text += "[" + JSONValue.string(key.stringValue).canonicalText + "]"
            }
        }
        return text
    }

    private static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return !name.isEmpty && name.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// A short rendering of a value for "found …" in messages.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .array(let elements): return "an array of \(elements.count) element\(elements.count == 1 ? "" : "s")"
        case .object(let object): return "an object with \(object.count) member\(object.count == 1 ? "" : "s")"
        default:
            let text = value.canonicalText
            guard text.count > 40 else { return text }
            return String(text.prefix(37)) + "…"
        }
    }
}
