/// Consumes a value so that the optimizer cannot prove a benchmarked computation unused and delete it.
///
/// `@_optimize(none)` keeps the call (and so the argument's computation) even though the body is empty;
/// `@inline(never)` keeps callers from seeing that it is empty.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}
