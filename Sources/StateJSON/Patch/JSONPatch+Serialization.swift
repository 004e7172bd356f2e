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
        bytes.append(UInt8(ascii: "["))
        for (index, operation) in operations.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            // Members in canonical (sorted) order: from, op, path, value.
            bytes.append(UInt8(ascii: "{"))
            if let from = operation.from {
                bytes.append(contentsOf: #""from":"#.utf8)
                JSONValue.string(from.description).write(to: &bytes)
                bytes.append(UInt8(ascii: ","))
            }
            bytes.append(contentsOf: #""op":""#.utf8)
            bytes.append(contentsOf: operation.name.utf8)
            bytes.append(contentsOf: #"","path":"#.utf8)
            JSONValue.string(operation.path.description).write(to: &bytes)
            if let value = operation.value {
                bytes.append(contentsOf: #","value":"#.utf8)
                value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
