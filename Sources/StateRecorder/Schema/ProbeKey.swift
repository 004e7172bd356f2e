/// The coding key of a value ``SchemaProbe`` reaches by position (an element), or by a name it made up.
struct ProbeKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        self.init(index: intValue)
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
}
