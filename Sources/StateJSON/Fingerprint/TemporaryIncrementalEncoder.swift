// TEMPORARY until the json-text branch lands IncrementalJSONEncoder: encodes from scratch every time.
public final class IncrementalJSONEncoder<T: Encodable> {
    public init() {}
    public func encode(_ value: T) throws -> JSONValue {
        try JSONValueEncoder().encode(value)
    }
}
