// Safe because only the thread draining the store's queue touches it (see Subscriber), one action at a time; the
// pointer is allocated once and freed in deinit.
/// The last value a subscription delivered, kept behind a pointer.
///
/// A pointer rather than a class `var` because class properties pay for dynamic exclusivity checks
/// on every access, which showed up as a tenth of the dispatch time. Only the draining thread
/// touches it (see ``_Subscriber``).
@usableFromInline
final class _SliceMemory<Value>: @unchecked Sendable {
    @usableFromInline let _pointer: UnsafeMutablePointer<Value?>

    @inlinable
    init() {
        _pointer = .allocate(capacity: 1)
        _pointer.initialize(to: nil)
    }

    deinit {
        _pointer.deinitialize(count: 1)
        _pointer.deallocate()
    }

    @inlinable
    var last: Value? {
        get { _pointer.pointee }
        set { _pointer.pointee = newValue }
    }
}
