import StateJSON

/// Typed access to the members of one journal line, throwing ``JournalLineError`` with the member's name.
struct LineFields {
    let object: JSONObject

    init(_ value: JSONValue) throws(JournalLineError) {
        guard case .object(let object) = value else { throw .notAnObject(found: value.kind) }
        self.object = object
    }

    func optional(_ field: String) -> JSONValue? {
        object[field]
    }

    func required(_ field: String) throws(JournalLineError) -> JSONValue {
        guard let value = object[field] else { throw .missingField(field) }
        return value
    }

    func string(_ field: String) throws(JournalLineError) -> String {
        let value = try required(field)
        guard case .string(let text) = value else { throw .wrongType(field: field, expected: "a string", found: value.kind) }
        return text
    }

    func optionalString(_ field: String) throws(JournalLineError) -> String? {
        guard let value = object[field], !value.isNull else { return nil }
        guard case .string(let text) = value else { throw .wrongType(field: field, expected: "a string", found: value.kind) }
        return text
    }

    func int(_ field: String) throws(JournalLineError) -> Int {
        let value = try required(field)
        return try Self.integer(value, field: field)
    }

    func optionalInt(_ field: String) throws(JournalLineError) -> Int? {
        guard let value = object[field], !value.isNull else { return nil }
        return try Self.integer(value, field: field)
    }

    func hash(_ field: String) throws(JournalLineError) -> UInt64 {
        let text = try string(field)
        guard let hash = StateFingerprint.parseHex(text) else {
            throw .invalidValue(field: field, reason: "is \"\(text)\", not 16 hexadecimal digits")
        }
        return hash
    }

    private static func integer(_ value: JSONValue, field: String) throws(JournalLineError) -> Int {
        switch value {
        case .integer(let number):
            guard let result = Int(exactly: number) else {
                throw .invalidValue(field: field, reason: "is \(number), out of range on this platform")
            }
            return result
        case .unsigned(let number):
            throw .invalidValue(field: field, reason: "is \(number), too large for a step or count")
        case .bigNumber(let text):
            throw .invalidValue(field: field, reason: "is \(text), too large for a step or count")
        case .double(let number):
            throw .invalidValue(field: field, reason: "is \(number), but it must be a whole number")
        default:
            throw .wrongType(field: field, expected: "a whole number", found: value.kind)
        }
    }
}
