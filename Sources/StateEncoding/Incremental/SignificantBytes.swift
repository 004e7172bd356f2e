@_spi(Reflection) import Swift
import Foundation
import StateJSON

/// The bytes of a type's in-memory form that belong to its stored properties, without the padding
/// between them, so that two values can be compared bit for bit.
///
/// A struct such as `{ id: Int, flag: Bool, date: Date }` has seven padding bytes after `flag`. Copying
/// the value copies its properties one by one and leaves those bytes as the destination memory had
/// them, so the copy of an element that copy-on-write makes for an array has other padding than the
/// original: comparing whole values would take every copied element for changed, and encode it again.
///
/// Structs are taken apart by the runtime's field metadata, down to leaves that are not structs
/// (enums, optionals, tuples, references, builtin numbers), whose whole size counts: a leaf's unused
/// bytes at worst make equal values differ, which costs a slower comparison and never a missed change.
struct SignificantBytes: Sendable {
    /// The significant ranges, ascending and merged.
    let ranges: [Range<Int>]
    /// Whether every byte of the value's size is significant, so that a plain `memcmp` will do.
    let coversWholeSize: Bool
    /// For each whole 8-byte word of the value's size, the bits of its significant bytes, so that
    /// ``equal(_:_:)`` compares a word at a time without calling `memcmp` once per range.
    private let wordMasks: [UInt64]
    /// The significant ranges past the last whole word.
    private let tail: [Range<Int>]

    init<Value>(of _: Value.Type) {
        let size = MemoryLayout<Value>.size
        var collected: [Range<Int>] = []
        // The value's own kind is learnt as the kind of the only field of a wrapper around it.
        let walked = _forEachField(of: Wrapper<Value>.self) { _, _, type, kind in
            Self.collect(type, kind: kind, at: 0, into: &collected)
            return true
        }
        if !walked || collected.isEmpty { collected = size > 0 ? [0..<size] : [] }
        ranges = Self.merged(collected)
        coversWholeSize = ranges == (size > 0 ? [0..<size] : [])
        let wordBytes = size / 8 * 8
        var maskBytes = [UInt8](repeating: 0, count: wordBytes)
        var tail: [Range<Int>] = []
        for range in ranges {
            for offset in range where offset < wordBytes { maskBytes[offset] = 0xFF }
            if range.upperBound > wordBytes { tail.append(max(range.lowerBound, wordBytes)..<range.upperBound) }
        }
        // Safe because every load reads 8 of the `wordBytes` bytes of `maskBytes`, inside the closure.
        wordMasks = maskBytes.withUnsafeBytes { bytes in
            stride(from: 0, to: wordBytes, by: 8).map { bytes.loadUnaligned(fromByteOffset: $0, as: UInt64.self) }
        }
        self.tail = tail
    }

    private struct Wrapper<Value> {
        var value: Value
    }

    private static func collect(_ type: Any.Type, kind: _MetadataKind, at offset: Int, into ranges: inout [Range<Int>]) {
        let size = sizeOf(type)
        guard size > 0 else { return }
        if kind == .struct {
            var fields: [Range<Int>] = []
            let walked = _forEachField(of: type) { _, fieldOffset, fieldType, fieldKind in
                collect(fieldType, kind: fieldKind, at: offset + fieldOffset, into: &fields)
                return true
            }
            // A struct whose fields the runtime cannot list (or lists none of, as for an imported C
            // struct) counts whole.
            if walked && !fields.isEmpty {
                ranges += fields
                return
            }
        }
        ranges.append(offset..<(offset + size))
    }

    private static func sizeOf<T>(_: T.Type) -> Int { MemoryLayout<T>.size }

    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// Whether the significant bytes at `lhs` and `rhs` are the same.
    ///
    /// Safe because both pointers address initialized values of the type this was made for, and every
    /// word and range read lies within its size.
    @inline(__always)
    func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        let difference = wordMasks.withUnsafeBufferPointer { masks -> UInt64 in
            var difference: UInt64 = 0
            for (word, mask) in masks.enumerated() {
                let offset = word &* 8
                difference |= (lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    ^ rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & mask
            }
            return difference
        }
        guard difference == 0 else { return false }
        for range in tail where memcmp(lhs + range.lowerBound, rhs + range.lowerBound, range.count) != 0 {
            return false
        }
        return true
    }
}
