import StateJSON

/// A ``StateJSON/JSONValue`` builds itself: the encoders take it exactly as it is, with no call per member.
extension JSONValue: JSONValueEncodable {
    /// The value itself.
    public func jsonValue() -> JSONValue { self }
}
