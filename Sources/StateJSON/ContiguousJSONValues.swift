/// The containers whose values lie side by side in memory, an array's elements and an object's
/// values, so the code that compares them in place (diff, fingerprints) serves both.
protocol ContiguousJSONValues: RandomAccessCollection where Element == JSONValue, Index == Int {
    /// Calls `body` with the values in place; the pointer is valid only during the call.
    func withContiguousValues<Result>(_ body: (UnsafeBufferPointer<JSONValue>) throws -> Result) rethrows -> Result
}

extension Array: ContiguousJSONValues where Element == JSONValue {
    func withContiguousValues<Result>(_ body: (UnsafeBufferPointer<JSONValue>) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer(body)
    }
}

extension JSONObject.Values: ContiguousJSONValues {
    func withContiguousValues<Result>(_ body: (UnsafeBufferPointer<JSONValue>) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer(body)
    }
}
