import StateJSON

/// Parses the input as JSON; a document that parses must survive a canonical and a pretty
/// serialisation round trip unchanged, and its canonical form must be a fixed point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let parser = JSONParser()
    guard let value = try? parser.parse(bytes) else { return 0 }

    let canonical = value.serialized(.canonical)
    let reparsed: JSONValue
    do {
        reparsed = try parser.parse(canonical)
    } catch {
        fuzzCheck(false, "the canonical form does not parse: \(error); text: \(String(decoding: canonical, as: UTF8.self))")
        return 0
    }
    fuzzCheck(reparsed == value, "canonical round trip changed the value: \(String(decoding: canonical, as: UTF8.self))")
    let again = reparsed.serialized(.canonical)
    fuzzCheck(again == canonical, "canonical form is not a fixed point: \(String(decoding: canonical, as: UTF8.self)) became \(String(decoding: again, as: UTF8.self))")
    fuzzCheck(value.canonicalHash == reparsed.canonicalHash, "equal values hash differently: \(String(decoding: canonical, as: UTF8.self))")

    let pretty = value.serialized(.pretty)
    let fromPretty = try? parser.parse(pretty)
    fuzzCheck(fromPretty == value, "pretty round trip changed the value: \(String(decoding: pretty, as: UTF8.self))")

    // The String entry point must agree with the byte entry point on valid UTF-8.
    let fromText = try? parser.parse(fuzzText(bytes))
    fuzzCheck(fromText == value, "parse(String) disagrees with parse(bytes)")
    return 0
}
