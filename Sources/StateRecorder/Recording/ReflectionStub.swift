import StateJSON

// TEMPORARY until the StateJSON reflection encoder lands.
struct JSONReflectingEncoder {
    func encode(_ value: Any) -> JSONValue {
        let mirror = Mirror(reflecting: value)
        switch value {
        case let v as Int: return .integer(Int64(v))
        case let v as String: return .string(v)
        case let v as Bool: return .bool(v)
        case let v as Double: return .double(v)
        default: break
        }
        if mirror.children.isEmpty { return .string(String(describing: value)) }
        return .object(JSONObject(mirror.children.enumerated().map { ($0.element.label ?? "_\($0.offset)", encode($0.element.value)) }))
    }
}
