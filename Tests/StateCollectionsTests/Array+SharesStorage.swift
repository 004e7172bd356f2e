extension Array {
    /// Whether both arrays use the same storage: how the tests see that a run kept its storage.
    func sharesStorage(with other: [Element]) -> Bool {
        // Safe because only the addresses are compared, never dereferenced, and both buffers stay
        // alive while they are compared.
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress && mine.count == theirs.count }
        }
    }
}
