#ifndef STATEDBG_CSTATESYNC_H
#define STATEDBG_CSTATESYNC_H

// What StateSync cannot write in Swift on every platform.
//
// Atomics: lock-free operations on a 64-bit cell, for StateSync's AtomicCell: Swift's own `Atomic` needs iOS 18
// and macOS 15, and statedbg runs in apps that support iOS 16 and macOS 13. The compiler's __atomic
// built-ins have no such limit; they are the same instructions `Atomic` uses.
//
// The functions are `static inline`, so that Swift inlines each into its caller as one instruction:
// an atomic operation that is a function call costs as much again as the dispatch of a small store.
// `order` is one of the __ATOMIC_* constants; callers pass a constant, which the inlining folds.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CSTATESYNC_INLINE static inline __attribute__((always_inline))

CSTATESYNC_INLINE uint64_t cstatesync_atomic_load(const uint64_t *cell, int order) {
    switch (order) {
    case __ATOMIC_RELAXED: return __atomic_load_n(cell, __ATOMIC_RELAXED);
    case __ATOMIC_ACQUIRE: return __atomic_load_n(cell, __ATOMIC_ACQUIRE);
    default: return __atomic_load_n(cell, __ATOMIC_SEQ_CST);
    }
}

CSTATESYNC_INLINE void cstatesync_atomic_store(uint64_t *cell, uint64_t value, int order) {
    switch (order) {
    case __ATOMIC_RELAXED: __atomic_store_n(cell, value, __ATOMIC_RELAXED); break;
    case __ATOMIC_RELEASE: __atomic_store_n(cell, value, __ATOMIC_RELEASE); break;
    default: __atomic_store_n(cell, value, __ATOMIC_SEQ_CST); break;
    }
}

CSTATESYNC_INLINE uint64_t cstatesync_atomic_exchange(uint64_t *cell, uint64_t value, int order) {
    switch (order) {
    case __ATOMIC_RELAXED: return __atomic_exchange_n(cell, value, __ATOMIC_RELAXED);
    case __ATOMIC_ACQUIRE: return __atomic_exchange_n(cell, value, __ATOMIC_ACQUIRE);
    case __ATOMIC_RELEASE: return __atomic_exchange_n(cell, value, __ATOMIC_RELEASE);
    case __ATOMIC_ACQ_REL: return __atomic_exchange_n(cell, value, __ATOMIC_ACQ_REL);
    default: return __atomic_exchange_n(cell, value, __ATOMIC_SEQ_CST);
    }
}

/// Replaces the cell's value with `desired` if it is `expected`, and returns the value it found: the
/// exchange happened when that is `expected`. (Taking `expected` by value keeps the caller's Swift code
/// free of a local whose address is taken, which would add a stack protector to every caller.)
CSTATESYNC_INLINE uint64_t cstatesync_atomic_compare_exchange(uint64_t *cell, uint64_t expected, uint64_t desired, int order) {
    uint64_t found = expected;
    switch (order) {
    case __ATOMIC_RELAXED:
        __atomic_compare_exchange_n(cell, &found, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        break;
    case __ATOMIC_ACQUIRE:
        __atomic_compare_exchange_n(cell, &found, desired, false, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE);
        break;
    case __ATOMIC_RELEASE:
        __atomic_compare_exchange_n(cell, &found, desired, false, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
        break;
    case __ATOMIC_ACQ_REL:
        __atomic_compare_exchange_n(cell, &found, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
        break;
    default:
        __atomic_compare_exchange_n(cell, &found, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        break;
    }
    return found;
}

/// Adds `delta` (wrapping) and returns the value before.
CSTATESYNC_INLINE uint64_t cstatesync_atomic_fetch_add(uint64_t *cell, uint64_t delta, int order) {
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
    cstatesync_atomic_relaxed = __ATOMIC_RELAXED,
    cstatesync_atomic_acquire = __ATOMIC_ACQUIRE,
    cstatesync_atomic_release = __ATOMIC_RELEASE,
    cstatesync_atomic_acquire_release = __ATOMIC_ACQ_REL,
    cstatesync_atomic_sequentially_consistent = __ATOMIC_SEQ_CST,
};

// Threads: calls Swift cannot reach through Glibc's module map, which declares them only under
// _GNU_SOURCE (pthread_setname_np, pthread_getattr_np); the .c file defines it. Apple platforms spell
// them differently, and the .c file hides that too.

/// Names the calling thread, as debuggers, crash reports and `top -H` show it. Linux keeps the first
/// 15 bytes. Returns 0, or the error number.
int cstatesync_name_this_thread(const char *name);

/// The size in bytes of the calling thread's stack, or 0 when the system does not say.
size_t cstatesync_this_thread_stack_bytes(void);

#endif
