#ifndef STATEDBG_CCRC32C_H
#define STATEDBG_CCRC32C_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor computes CRC-32C in hardware (SSE4.2 on x86-64, the CRC32 extension on
/// arm64), so that `ccrc32c_update_hardware` may be called. Decided once, by the first call from any
/// thread; the others wait for it.
int ccrc32c_hardware_available(void);

/// Feeds `count` bytes at `bytes` into the CRC-32C register `crc` (the running value before the
/// final XOR) using the processor's CRC-32C instructions, and returns the new register.
/// Call only when `ccrc32c_hardware_available()` returned non-zero.
uint32_t ccrc32c_update_hardware(uint32_t crc, const void *bytes, size_t count);

#endif
