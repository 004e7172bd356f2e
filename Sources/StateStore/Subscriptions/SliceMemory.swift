// Safe because only the thread draining the store's queue touches it (see Subscriber), one action at a time; the
// pointer is allocated once and freed in deinit.
/// The last value a subscription delivered, kept behind a pointer.
///
/// A pointer rather than a class `var` because class properties pay for dynamic exclusivity checks
/// on every access, which showed up as a tenth of the dispatch time. Only the draining thread
/// touches it (see ``Subscriber``).
@usableFromInline
final class SliceMemory<Value>: @unchecked Sendable {
    @usableFromInline let pointer: UnsafeMutablePointer<Value?>

    @inlinable
    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: nil)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    @inlinable
    var last: Value? {
        get { pointer.pointee }
        set { pointer.pointee = newValue }
    }
}
