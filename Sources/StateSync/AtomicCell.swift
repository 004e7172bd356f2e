import CStateSync

/// A value that threads read and change without a lock: each operation is one atomic instruction.
///
/// ```swift
/// let hits = AtomicCell(0)
/// DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
///     hits.add(1, ordering: .relaxed)
/// }
/// print(hits.load(ordering: .relaxed))
/// ```
///
/// ```text
/// 1000
/// ```
///
/// Its operations and orderings are those of the standard library's `Synchronization.Atomic`, which
/// needs iOS 18, macOS 15, tvOS 18, watchOS 11 or visionOS 2; this one works wherever statedbg runs
/// (iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, Linux). It is the compiler's `__atomic` built-ins
/// on a 64-bit cell of its own, inlined into the caller; each operation is lock-free, so it may also be
/// used from a signal handler. `add` and `subtract` wrap around on overflow.
public struct AtomicCell<Value: AtomicCellValue>: ~Copyable {
    // Safe because the cell is allocated once in init and freed once in deinit, when no other owner can remain
    // (AtomicCell is ~Copyable), and it is only ever read and written through the __atomic built-ins.
    @usableFromInline let _cell: UnsafeMutablePointer<UInt64>

    /// Creates a cell holding `initialValue`.
    @inlinable
    public init(_ initialValue: Value) {
        // Safe because this is the one allocation, freed in deinit; the cell is initialized before any read.
        _cell = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        _cell.initialize(to: initialValue._atomicBits)
    }

    @inlinable
    deinit {
        _cell.deallocate()
    }

    /// The value.
    @inlinable
    public borrowing func load(ordering: AtomicLoadOrdering) -> Value {
        Value(_atomicBits: cstatesync_atomic_load(_cell, ordering._raw))
    }

    /// Replaces the value.
    @inlinable
    public borrowing func store(_ desired: Value, ordering: AtomicStoreOrdering) {
        cstatesync_atomic_store(_cell, desired._atomicBits, ordering._raw)
    }

    /// Replaces the value and returns the one it replaced.
    @inlinable
    @discardableResult
    public borrowing func exchange(_ desired: Value, ordering: AtomicUpdateOrdering) -> Value {
        Value(_atomicBits: cstatesync_atomic_exchange(_cell, desired._atomicBits, ordering._raw))
    }

    /// Replaces the value with `desired` if it is `expected`: whether it did, and the value found.
    ///
    /// A failed exchange reads with the ordering's acquiring part only (`relaxed` for `releasing`).
    @inlinable
    public borrowing func compareExchange(
        expected: Value, desired: Value, ordering: AtomicUpdateOrdering
    ) -> (exchanged: Bool, original: Value) {
        let found = cstatesync_atomic_compare_exchange(_cell, expected._atomicBits, desired._atomicBits, ordering._raw)
        return (found == expected._atomicBits, Value(_atomicBits: found))
    }
}

extension AtomicCell where Value: FixedWidthInteger {
    /// Adds `operand`, wrapping around on overflow: the value before and after.
    @inlinable
    @discardableResult
    public borrowing func add(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(_atomicBits: cstatesync_atomic_fetch_add(_cell, operand._atomicBits, ordering._raw))
        return (old, old &+ operand)
    }

    /// Subtracts `operand`, wrapping around on overflow: the value before and after.
    @inlinable
    @discardableResult
    public borrowing func subtract(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(_atomicBits: cstatesync_atomic_fetch_add(_cell, 0 &- operand._atomicBits, ordering._raw))
        return (old, old &- operand)
    }
}

// Safe because, as for `Synchronization.Atomic`, every access to the cell is an atomic operation.
extension AtomicCell: @unchecked Sendable {}

/// A type an ``AtomicCell`` holds: one that fits in 64 bits.
public protocol AtomicCellValue {
    /// The value as the cell's 64 bits.
    var _atomicBits: UInt64 { get }
    /// The value the cell's 64 bits hold.
    init(_atomicBits: UInt64)
}

extension Int: AtomicCellValue {
    /// The value, sign-extended to 64 bits.
    @inlinable public var _atomicBits: UInt64 { UInt64(truncatingIfNeeded: self) }
    /// The low bits, as a signed value.
    @inlinable public init(_atomicBits bits: UInt64) { self.init(truncatingIfNeeded: bits) }
}

extension UInt: AtomicCellValue {
    /// The value, widened to 64 bits.
    @inlinable public var _atomicBits: UInt64 { UInt64(truncatingIfNeeded: self) }
    /// The low bits.
    @inlinable public init(_atomicBits bits: UInt64) { self.init(truncatingIfNeeded: bits) }
}

extension Int32: AtomicCellValue {
    /// The value, sign-extended to 64 bits.
    @inlinable public var _atomicBits: UInt64 { UInt64(truncatingIfNeeded: self) }
    /// The low 32 bits, as a signed value.
    @inlinable public init(_atomicBits bits: UInt64) { self.init(truncatingIfNeeded: bits) }
}

extension Int64: AtomicCellValue {
    /// The value's bits.
    @inlinable public var _atomicBits: UInt64 { UInt64(bitPattern: self) }
    /// The bits, as a signed value.
    @inlinable public init(_atomicBits bits: UInt64) { self.init(bitPattern: bits) }
}

extension UInt64: AtomicCellValue {
    /// The value.
    @inlinable public var _atomicBits: UInt64 { self }
    /// The bits.
    @inlinable public init(_atomicBits bits: UInt64) { self = bits }
}

extension Bool: AtomicCellValue {
    /// 1 for `true`, 0 for `false`.
    @inlinable public var _atomicBits: UInt64 { self ? 1 : 0 }
    /// Whether the bits are not zero.
    @inlinable public init(_atomicBits bits: UInt64) { self = bits != 0 }
}

/// How a load from an ``AtomicCell`` is ordered with the memory operations around it.
public enum AtomicLoadOrdering: Sendable {
    /// No ordering: the value alone is read atomically.
    case relaxed
    /// What the thread that stored the value (with `releasing` or stronger) wrote before is visible after.
    case acquiring
    /// Acquiring, and in one total order with every other sequentially consistent operation.
    case sequentiallyConsistent

    @inlinable var _raw: Int32 {
        switch self {
        case .relaxed: Int32(cstatesync_atomic_relaxed)
        case .acquiring: Int32(cstatesync_atomic_acquire)
        case .sequentiallyConsistent: Int32(cstatesync_atomic_sequentially_consistent)
        }
    }
}

/// How a store to an ``AtomicCell`` is ordered with the memory operations around it.
public enum AtomicStoreOrdering: Sendable {
    /// No ordering: the value alone is written atomically.
    case relaxed
    /// What this thread wrote before is visible to a thread that loads the value with `acquiring`.
    case releasing
    /// Releasing, and in one total order with every other sequentially consistent operation.
    case sequentiallyConsistent

    @inlinable var _raw: Int32 {
        switch self {
        case .relaxed: Int32(cstatesync_atomic_relaxed)
        case .releasing: Int32(cstatesync_atomic_release)
        case .sequentiallyConsistent: Int32(cstatesync_atomic_sequentially_consistent)
        }
    }
}

/// How a read-modify-write of an ``AtomicCell`` is ordered with the memory operations around it.
public enum AtomicUpdateOrdering: Sendable {
    /// No ordering.
    case relaxed
    /// As a load with ``AtomicLoadOrdering/acquiring``.
    case acquiring
    /// As a store with ``AtomicStoreOrdering/releasing``.
    case releasing
    /// Both.
    case acquiringAndReleasing
    /// Both, and in one total order with every other sequentially consistent operation.
    case sequentiallyConsistent

    @inlinable var _raw: Int32 {
        switch self {
        case .relaxed: Int32(cstatesync_atomic_relaxed)
        case .acquiring: Int32(cstatesync_atomic_acquire)
        case .releasing: Int32(cstatesync_atomic_release)
        case .acquiringAndReleasing: Int32(cstatesync_atomic_acquire_release)
        case .sequentiallyConsistent: Int32(cstatesync_atomic_sequentially_consistent)
        }
    }
}
