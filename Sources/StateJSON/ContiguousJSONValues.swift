/// The containers whose values lie side by side in memory, an array's elements and an object's
/// values, so the code that compares them in place (diff, fingerprints) serves both.
package protocol ContiguousJSONValues: RandomAccessCollection where Element == JSONValue, Index == Int {
    // Safe because conformers pass a view of their own storage that is valid for the call, and callers only read it
    // during the call.
    /// Calls `body` with the values in place; the pointer is valid only during the call.
    func withContiguousValues<Result>(_ body: (UnsafeBufferPointer<JSONValue>) throws -> Result) rethrows -> Result
}

// Safe because the array's own view, valid for the call.
extension Array: ContiguousJSONValues where Element == JSONValue {
    @inlinable
    package func withContiguousValues<Result>(_ body: (UnsafeBufferPointer<JSONValue>) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer(body)
    }
}

// Safe because the storage's own view, valid for the call.
extension JSONObject.Values: ContiguousJSONValues {
    @inlinable
    package func withContiguousValues<Result>(_ body: (UnsafeBufferPointer<JSONValue>) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer(body)
    }
}
