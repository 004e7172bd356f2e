#ifndef STATEDBG_CATOMICS_H
#define STATEDBG_CATOMICS_H

// Lock-free operations on a 64-bit cell, for StateSync's AtomicCell: Swift's own `Atomic` needs iOS 18
// and macOS 15, and statedbg runs in apps that support iOS 16 and macOS 13. The compiler's __atomic
// built-ins have no such limit; they are the same instructions `Atomic` uses.
//
// The functions are `static inline`, so that Swift inlines each into its caller as one instruction:
// an atomic operation that is a function call costs as much again as the dispatch of a small store.
// `order` is one of the __ATOMIC_* constants; callers pass a constant, which the inlining folds.

#include <stdbool.h>
#include <stdint.h>

#define CATOMICS_INLINE static inline __attribute__((always_inline))

CATOMICS_INLINE uint64_t catomics_load(const uint64_t *cell, int order) {
    switch (order) {
    case __ATOMIC_RELAXED: return __atomic_load_n(cell, __ATOMIC_RELAXED);
    case __ATOMIC_ACQUIRE: return __atomic_load_n(cell, __ATOMIC_ACQUIRE);
    default: return __atomic_load_n(cell, __ATOMIC_SEQ_CST);
    }
}

CATOMICS_INLINE void catomics_store(uint64_t *cell, uint64_t value, int order) {
    switch (order) {
    case __ATOMIC_RELAXED: __atomic_store_n(cell, value, __ATOMIC_RELAXED); break;
    case __ATOMIC_RELEASE: __atomic_store_n(cell, value, __ATOMIC_RELEASE); break;
    default: __atomic_store_n(cell, value, __ATOMIC_SEQ_CST); break;
    }
}

CATOMICS_INLINE uint64_t catomics_exchange(uint64_t *cell, uint64_t value, int order) {
    switch (order) {
    case __ATOMIC_RELAXED: return __atomic_exchange_n(cell, value, __ATOMIC_RELAXED);
    case __ATOMIC_ACQUIRE: return __atomic_exchange_n(cell, value, __ATOMIC_ACQUIRE);
    case __ATOMIC_RELEASE: return __atomic_exchange_n(cell, value, __ATOMIC_RELEASE);
    case __ATOMIC_ACQ_REL: return __atomic_exchange_n(cell, value, __ATOMIC_ACQ_REL);
    default: return __atomic_exchange_n(cell, value, __ATOMIC_SEQ_CST);
    }
}

/// Replaces the cell's value with `desired` if it is `*expected`; otherwise writes the value found to
/// `*expected`. Returns whether it replaced it.
CATOMICS_INLINE bool catomics_compare_exchange(uint64_t *cell, uint64_t *expected, uint64_t desired, int order) {
    switch (order) {
    case __ATOMIC_RELAXED:
        return __atomic_compare_exchange_n(cell, expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    case __ATOMIC_ACQUIRE:
        return __atomic_compare_exchange_n(cell, expected, desired, false, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE);
    case __ATOMIC_RELEASE:
        return __atomic_compare_exchange_n(cell, expected, desired, false, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
    case __ATOMIC_ACQ_REL:
        return __atomic_compare_exchange_n(cell, expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    default:
        return __atomic_compare_exchange_n(cell, expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    }
}

/// Adds `delta` (wrapping) and returns the value before.
CATOMICS_INLINE uint64_t catomics_fetch_add(uint64_t *cell, uint64_t delta, int order) {
    switch (order) {
    case __ATOMIC_RELAXED: return __atomic_fetch_add(cell, delta, __ATOMIC_RELAXED);
    case __ATOMIC_ACQUIRE: return __atomic_fetch_add(cell, delta, __ATOMIC_ACQUIRE);
    case __ATOMIC_RELEASE: return __atomic_fetch_add(cell, delta, __ATOMIC_RELEASE);
    case __ATOMIC_ACQ_REL: return __atomic_fetch_add(cell, delta, __ATOMIC_ACQ_REL);
    default: return __atomic_fetch_add(cell, delta, __ATOMIC_SEQ_CST);
    }
}

/// The orderings, as Swift passes them.
enum {
    catomics_relaxed = __ATOMIC_RELAXED,
    catomics_acquire = __ATOMIC_ACQUIRE,
    catomics_release = __ATOMIC_RELEASE,
    catomics_acquire_release = __ATOMIC_ACQ_REL,
    catomics_sequentially_consistent = __ATOMIC_SEQ_CST,
};

#endif
