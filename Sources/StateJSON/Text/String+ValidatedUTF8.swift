#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    // Safe because the bytes are only read, within their count, during the call.
    /// The string `bytes` spell, or `nil` when they are not valid UTF-8.
    ///
    /// The standard library's `String(validating:as:)` does this, from iOS 18 and macOS 15 only. Decoding
    /// repairs an invalid sequence with U+FFFD, which changes the bytes; valid UTF-8 comes back byte for
    /// byte, so comparing the two tells them apart.
    init?(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        var decoded = String(decoding: bytes, as: UTF8.self)
        let same = decoded.withUTF8 { utf8 in
            guard utf8.count == bytes.count else { return false }
            guard let decodedBytes = utf8.baseAddress, let givenBytes = bytes.baseAddress else { return true }
            return memcmp(decodedBytes, givenBytes, utf8.count) == 0
        }
        guard same else { return nil }
        self = decoded
    }

    /// The string `bytes` spell, or `nil` when they are not valid UTF-8.
    init?(validUTF8 bytes: [UInt8]) {
        // Safe because the pointer is used only inside the closure, within the array's count.
        guard let string = bytes.withUnsafeBufferPointer({ String(validUTF8: $0) }) else { return nil }
        self = string
    }
}
