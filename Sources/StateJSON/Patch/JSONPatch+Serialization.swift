extension JSONPatch {
    /// Appends the patch's canonical text (the bytes of `jsonValue.serialized(.canonical)`) to `bytes`,
    /// without building the intermediate value: a recorder writes one small patch per step.
    ///
    /// ```swift
    /// var bytes: [UInt8] = []
    /// JSONPatch([.replace(path: JSONPointer(tokens: ["count"]), value: 5)]).write(to: &bytes)
    /// String(decoding: bytes, as: UTF8.self)
    /// ```
    /// ```text
    /// [{"op":"replace","path":"/count","value":5}]
    /// ```
    public func write(to bytes: inout [UInt8]) {
        var writer = JSONTextWriter(pretty: false, capacity: 128)
        writer.appendLiteral("[")
        for (index, operation) in operations.enumerated() {
            // Members in canonical (sorted) order: from, op, path, value.
            writer.appendLiteral(index == 0 ? "{" : ",{")
            if let from = operation.from {
                writer.appendLiteral(#""from":"#)
                writer.appendString(from.description)
                writer.appendLiteral(",")
            }
            writer.appendLiteral(#""op":""#)
            writer.appendText(operation.name)
            writer.appendLiteral(#"","path":"#)
            writer.appendString(operation.path.description)
            if let value = operation.value {
                writer.appendLiteral(#","value":"#)
                writer.write(value)
            }
            writer.appendLiteral("}")
        }
        writer.appendLiteral("]")
        bytes.append(contentsOf: writer.bytes)
    }
}
