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

/// Finds the lines in the `count` bytes at `bytes` that end with a line feed (at most `capacity` of
/// them) and checksums them: for line `i`, `ends[i]` is the offset of its line feed, and
/// `checksums[i]` the final CRC-32C of the bytes a version 2 or later journal line's checksum covers, the line
/// without its line feed and its last `suffix` bytes, followed by `}` (a line of `suffix` bytes or
/// fewer counts as none, plus the `}`). Returns how many lines it found; the bytes after the last
/// line feed found are not read. The lines are checksummed three at a time, side by side.
/// Call only when `ccrc32c_hardware_available()` returned non-zero.
size_t ccrc32c_split_lines_hardware(const void *bytes, size_t count, size_t suffix, size_t capacity,
                                    size_t *ends, uint32_t *checksums);

#endif
